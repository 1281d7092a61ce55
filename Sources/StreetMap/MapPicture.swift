import PanoCore
import StreetModel
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// What a map shows: the panoramas (dots) and the ways between them (lines), where you stand and
/// the cone of your view, the markers (pins), and in the full map the cursor and the labels.
package struct MapContent: Sendable {
    package var panoramas: [Panorama]
    package var markers: [Marker]
    /// The panorama you stand in.
    package var here: Panorama?
    /// Your heading and the view's effective field of view, degrees: the cone.
    package var heading: Double
    package var fieldOfView: Double
    /// The full map's cursor; nil on the minimap.
    package var cursor: Coordinate?
    /// Street names (the ways' descriptions) and marker titles are written (the full map).
    package var labelled: Bool
    /// The street map under it all; empty without a basemap.
    package var basemap: [MapFeature] = []

    package init(
        panoramas: [Panorama], markers: [Marker], here: Panorama?, heading: Double, fieldOfView: Double,
        cursor: Coordinate? = nil, labelled: Bool = false
    ) {
        self.panoramas = panoramas
        self.markers = markers
        self.here = here
        self.heading = heading
        self.fieldOfView = fieldOfView
        self.cursor = cursor
        self.labelled = labelled
    }
}

/// Draws a map into a rectangle of a cell grid: a backing box in the HUD's panel colour, the
/// ways as braille lines, panoramas as dots, you as `●` with your view's cone, markers as `◆`,
/// the cursor as `╋`, and labels placed without overlap. Each kind differs in shape, not only
/// in colour.
package enum MapPicture {
    /// What was drawn where, in grid cells: for clicks, and for tests.
    package struct Drawn: Sendable {
        /// Cells showing a panorama's dot, with its id.
        package var panoramaCells: [(column: Int, row: Int, id: String)] = []
        /// The cell showing you.
        package var you: (column: Int, row: Int)?
        /// The cells the cone of your view was drawn in.
        package var coneCells: [(column: Int, row: Int)] = []
        /// The labels: row, first column, width, text.
        package var labels: [(row: Int, column: Int, width: Int, text: String)] = []
    }

    /// Glyphs of the things drawn whole in a cell.
    package static let youGlyph: Unicode.Scalar = "●"
    package static let markerGlyph: Unicode.Scalar = "◆"
    package static let cursorGlyph: Unicode.Scalar = "╋"

    /// Colours of the map's lines and dots, besides the HUD's.
    static let wayColor = RGB(120, 140, 185)

    /// How important each drawing is: a more important one gives its cell its colour.
    private enum Rank: Int { case basemap = 0, way, panorama, cone }

    /// Draws `content` seen through `projection` into `grid` at cells `left`, `top` (the
    /// projection's size is the area's: 2 dots a column, 4 a row).
    package static func draw(
        _ content: MapContent, projection: MapProjection, into grid: inout CellGrid, left: Int, top: Int,
        colors: HUDColors
    ) -> Drawn {
        let columns = projection.width / 2
        let rows = projection.height / 4
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        var drawn = Drawn()
        func dot(_ place: Coordinate) -> (x: Int, y: Int) {
            // Nearest, not floored: a place level with the centre must not fall a row for 0.3 mm.
            let (x, y) = projection.dot(for: place)
            return (Int(x.rounded()), Int(y.rounded()))
        }
        let byID = Dictionary(content.panoramas.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        drawBasemap(content.basemap, on: &canvas, dot: dot)
        for panorama in content.panoramas {
            for link in panorama.links {
                guard let there = byID[link.target]?.coordinate ?? link.targetCoordinate else { continue }
                canvas.line(from: dot(panorama.coordinate), to: dot(there), color: wayColor, rank: Rank.way.rawValue)
            }
        }
        for panorama in content.panoramas {
            let (x, y) = dot(panorama.coordinate)
            canvas.set(x, y, color: colors.labelForeground, rank: Rank.panorama.rawValue)
            if (0..<columns).contains(x / 2), (0..<rows).contains(y / 4), x >= 0, y >= 0 {
                drawn.panoramaCells.append((left + x / 2, top + y / 4, panorama.id))
            }
        }
        var you: (x: Int, y: Int)?
        if let here = content.here {
            let origin = dot(here.coordinate)
            you = origin
            // A third of the minimap; in the full map, 40 m (a street's length), at least 6 dots.
            let length = max(6, min(Double(min(projection.width, projection.height)) * 0.35, 40 / projection.metresPerDot))
            for edge in [-content.fieldOfView / 2, content.fieldOfView / 2] {
                let angle = Degrees.radians(content.heading + edge - projection.up)
                let end = (x: origin.x + Int((length * sin(angle)).rounded()), y: origin.y - Int((length * cos(angle)).rounded()))
                canvas.line(from: origin, to: end, color: colors.focusBackground, rank: Rank.cone.rawValue)
            }
        }
        // The backing box, then the dots and lines.
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = canvas.cell(column, row)
                grid[left + column, top + row] = Cell(
                    glyph: cell?.glyph ?? " ", foreground: cell?.color ?? colors.statusForeground,
                    background: colors.panelBackground)
                if cell?.rank == Rank.cone.rawValue { drawn.coneCells.append((left + column, top + row)) }
            }
        }
        var placer = LabelPlacer(columns: columns, rows: rows)
        // Labels never hide which way you face.
        for cell in drawn.coneCells { placer.reserve(column: cell.column - left, row: cell.row - top) }
        func glyph(_ scalar: Unicode.Scalar, at place: (x: Int, y: Int), color: RGB) -> (column: Int, row: Int)? {
            let (column, row) = (place.x / 2, place.y / 4)
            guard place.x >= 0, place.y >= 0, column < columns, row < rows else { return nil }
            grid[left + column, top + row] = Cell(glyph: scalar, foreground: color, background: colors.panelBackground)
            placer.reserve(column: column, row: row)
            return (column, row)
        }
        var markerLabels: [(String, (column: Int, row: Int))] = []
        for marker in content.markers {
            if let cell = glyph(markerGlyph, at: dot(marker.coordinate), color: colors.pin) { markerLabels.append((marker.title, cell)) }
        }
        if let you, let cell = glyph(youGlyph, at: you, color: colors.focusBackground) { drawn.you = (left + cell.column, top + cell.row) }
        if let cursor = content.cursor { _ = glyph(cursorGlyph, at: dot(cursor), color: colors.focusBackground) }
        guard content.labelled else { return drawn }
        // Marker titles first (to the pin's right), then each street's name once, nearest the centre first.
        var labels = markerLabels.map { (text: $0.0, column: $0.1.column + 2 + TextLayout.width(of: $0.0) / 2, row: $0.1.row) }
        labels += namedSegments(content, byID: byID, projection: projection).map { name, from, to in
            let (a, b) = (dot(from), dot(to))
            return (name, (a.x + b.x) / 4, (a.y + b.y) / 8)
        }
        for label in labels {
            let width = TextLayout.width(of: label.text)
            guard let box = placer.place(width: width, column: label.column, row: label.row) else { continue }
            TextLayout.draw(
                label.text, into: &grid, row: top + box.row, column: left + box.columns.lowerBound, width: width,
                foreground: colors.statusForeground, background: colors.panelBackground)
            drawn.labels.append((top + box.row, left + box.columns.lowerBound, width, label.text))
        }
        return drawn
    }

    /// The ways' street names, then the basemap's other names, each once, with where to write it.
    private static func namedSegments(
        _ content: MapContent, byID: [String: Panorama], projection: MapProjection
    ) -> [(String, Coordinate, Coordinate)] {
        let wayNames = streetNames(content, byID: byID, projection: projection)
        return wayNames + basemapNames(content.basemap, besides: Set(wayNames.map(\.0)), projection: projection)
    }

    /// Each street's name once, on the link nearest the projection's centre, nearest first: the
    /// name and the link's two ends.
    private static func streetNames(
        _ content: MapContent, byID: [String: Panorama],
        projection: MapProjection
    ) -> [(String, Coordinate, Coordinate)] {
        let segments = content.panoramas.flatMap { panorama in
            panorama.links.compactMap { link -> (String, Coordinate, Coordinate)? in
                guard let name = link.description, let there = byID[link.target]?.coordinate ?? link.targetCoordinate else { return nil }
                return (name, panorama.coordinate, there)
            }
        }.sorted { projection.center.distance(to: $0.1) < projection.center.distance(to: $1.1) }
        var named: Set<String> = []
        return segments.filter { named.insert($0.0).inserted }
    }
}
