import Explorer
import StreetMap
import TermRender

/// How the interactive explorer draws.
package struct DisplayOptions: Sendable {
    /// The colour mode, or nil to detect it from the terminal.
    package var colorMode: ColorMode?
    /// Most frames per second, 1...240.
    package var framesPerSecond: Double
    /// Key moves are instant instead of animated.
    package var reduceMotion: Bool
    /// Hide the ways on (GMSPanoramaView's navigationLinksHidden); keys still walk them.
    package var linksHidden = false
    /// Hide the street names on the ways on (streetNamesHidden).
    package var streetNamesHidden = false
    /// Hide the compass control.
    package var compassHidden = false
    /// Hide the home control ("my location"); `g` still goes home.
    package var homeHidden = false
    /// Hide the floor picker; `[` and `]` still change floor.
    package var floorPickerHidden = false
    /// Read the mouse (drag, wheel, clicks); off leaves the mouse to the terminal, for selecting text.
    package var mouse = true
    /// How the picture reaches the terminal (`--format`); nil chooses from what it answered.
    package var format: PictureFormat?
    /// Sixel frames on stop are dithered (`--dither ordered`): smoother gradients, 1.5-5 times
    /// the bytes (`sidewalk bench pixels`).
    package var dither = false
    /// The picture's cells in 256 and 16 colours are dithered once the camera stops
    /// (`CellDither`; `--dither auto` or `ordered`, off with `none`): the colours the eye sees
    /// come close to the scene's (`sidewalk bench fidelity`'s blurred ΔE).
    package var ditherCells = true
    /// The symbols the view is drawn with (`--symbols`).
    package var symbols = SymbolSet.half
    /// Black and white labels and status lines with a yellow focus (`HUDColors.highContrast`).
    package var highContrast = false
    /// Whether the minimap starts shown, and whether it turns with you.
    package var minimap = MinimapSettings()
    /// The street map drawn under the map and the minimap (`--basemap`); nil draws them on black.
    package var basemap: (any Basemap)?

    package init(colorMode: ColorMode? = nil, framesPerSecond: Double = 30, reduceMotion: Bool = false) {
        self.colorMode = colorMode
        self.framesPerSecond = framesPerSecond
        self.reduceMotion = reduceMotion
    }
}
