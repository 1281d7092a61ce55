import PanoCore

/// Something the explorer can be asked to do, whether by a key, a script or a program.
package enum ExplorerCommand: Equatable, Sendable {
    /// Turn the heading by this many degrees (positive is clockwise).
    case turn(degrees: Double)
    /// Change the pitch by this many degrees (positive is up).
    case tilt(degrees: Double)
    /// Turn and tilt at once, instantly: a mouse drag (degrees, positive clockwise and up).
    case look(turn: Double, tilt: Double)
    /// Multiply the zoom by this factor (> 1 zooms in).
    case zoom(factor: Double)
    /// Face north, level (the compass control).
    case faceNorth
    /// Follow link number `n` (1-based, as `Navigation.numberedLinks` numbers them).
    case followLink(Int)
    /// Walk along the link nearest the heading.
    case walkForward
    /// Space: play the way ahead, a step every few seconds, or stop playing (`togglePlay`).
    case togglePlay
    /// Walk along the link nearest the opposite of the heading.
    case walkBack
    /// Walk along the link nearest this heading, degrees, or to the nearest panorama that way (a
    /// double click on the ground there; `Navigation.approach`).
    case walkToward(heading: Double)
    /// Go to the nearest panorama on the floor `delta` floors up (negative: down).
    case changeLevel(delta: Int)
    /// Go to the next other capture date of this place.
    case switchDate
    /// Go to the panorama nearest home (the "my location" control).
    case goHome
    /// Move the focus to the next (or, with -1, the previous) way or marker.
    case moveFocus(Int)
    /// Activate the focused way or marker; with nothing focused, walk forward.
    case activate
    /// A click on the view where nothing is: reports the direction clicked (didTap).
    case tap(Orientation)
    /// A click on a marker: reads it (didTapMarker), as Enter on a focused marker does.
    case tapMarker(id: String)
    /// Say everything about the view and the place again (as a note; read out in describe mode).
    case describe
    /// Show the view's `sidewalk://` URL in the status line, to copy and share.
    case showURL
    /// Draw with the next colour mode (truecolor, 256, 16, none); the front keeps the modes, the
    /// state counts the requests (`DisplayRequests`).
    case nextColours
    /// Draw with the next block symbols (half, quadrant, sextant, octant); as `nextColours`.
    case nextSymbols
    /// Show or hide the minimap in the view's corner.
    case toggleMinimap
    /// Open the full-screen map at where you stand (`MapMode`).
    case openMap
    /// Move the full map as a drag does: by cells of the screen (the map follows the pointer).
    case panMap(columns: Int, rows: Int)
    /// Zoom the full map in (true) or out one step.
    case zoomMap(in: Bool)
    /// Go to this panorama (a click on its dot in a map), closing the full map.
    case goToPanorama(id: String)
    /// Go to the place at this index (from 0) of the web search's list (a click on its line).
    case chooseFoundPlace(Int)
    /// Show or hide the list of keys.
    case toggleHelp
    /// Close whatever is open over the view (the help).
    case dismiss
    /// Leave the explorer.
    case quit
}
