import Explorer
import PanoCore
import StreetMap
import StreetModel
import TermRender

/// The maps over the explorer's frame: the minimap in the view's top-left corner, and the full
/// map in place of the view while it is open (`ExplorerState.map`).
package enum MapLayer {
    /// The minimap's size in cells for a `columns`×`rows` screen: a fifth of the width (16 to
    /// 36 columns), half as many rows, so it is square in dots; nil when it does not fit.
    static func minimapSize(columns: Int, rows: Int) -> (columns: Int, rows: Int)? {
        let width = min(36, max(16, columns / 5 / 2 * 2))
        let height = width / 2
        guard width <= columns - 20, height <= rows - 6 else { return nil }
        return (width, height)
    }

    /// Metres the minimap shows from its centre to an edge.
    static let minimapReach = 60.0

    /// Draws the minimap (when shown and it fits) or the full map (when open) into `grid`, whose
    /// header takes `top` rows and status line `bottom` rows; returns what was drawn, nil when
    /// neither was.
    @discardableResult
    package static func draw(
        _ state: ExplorerState, display: DisplayOptions, into grid: inout CellGrid, top: Int,
        bottom: Int = 1
    ) -> MapPicture.Drawn? {
        guard let here = state.panorama else { return nil }
        let colors = display.highContrast ? HUDColors.highContrast : .standard
        if let map = state.map {
            let rows = grid.rows - top - bottom
            guard rows > 0 else { return nil }
            let projection = MapProjection(center: map.cursor, metresPerDot: map.metresPerDot, width: grid.columns * 2, height: rows * 4)
            return MapPicture.draw(
                content(state, here: here, around: projection, cursor: map.cursor, basemap: display.basemap), projection: projection,
                into: &grid, left: 0, top: top, colors: colors)
        }
        guard state.minimapShown, let size = minimapSize(columns: grid.columns, rows: grid.rows) else { return nil }
        let projection = MapProjection(
            center: here.coordinate, metresPerDot: minimapReach / Double(size.columns),
            up: display.minimap.headingUp ? state.camera.heading : 0, width: size.columns * 2, height: size.rows * 4)
        return MapPicture.draw(
            content(state, here: here, around: projection, cursor: nil, basemap: display.basemap), projection: projection,
            into: &grid, left: 0, top: top, colors: colors)
    }

    /// What the map shows around `projection`'s centre, over `basemap`'s streets.
    static func content(
        _ state: ExplorerState, here: Panorama, around projection: MapProjection, cursor: Coordinate?, basemap: (any Basemap)?
    ) -> MapContent {
        let reach = projection.reach * 1.5
        let markers = state.markers.filter { projection.center.distance(to: $0.coordinate) <= reach }
        var content = MapContent(
            panoramas: state.panoramas(near: projection.center, radius: reach), markers: markers, here: here,
            heading: state.camera.heading, fieldOfView: state.camera.effectiveFOV, cursor: cursor, labelled: cursor != nil)
        content.basemap = basemap?.features(near: projection.center, within: projection.reach, metresPerDot: projection.metresPerDot) ?? []
        return content
    }

    /// The status line while the map is open, with the basemap's attribution when there is one.
    static func statusLeft(_ map: MapMode, basemap: (any Basemap)?) -> String {
        "Map · \(map.metresPerDot.plainText) m a dot" + (basemap.map(\.attribution).flatMap { $0.isEmpty ? nil : " · " + $0 } ?? "")
    }

    static let statusRight = "arrows move · + - zoom · Tab next place · Enter go · Esc back "
}
