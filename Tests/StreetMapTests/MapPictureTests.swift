import PanoCore
import StreetMap
import StreetModel
import TermRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The map drawn into cells: where things land, the cone of the view, and the labels.
@Suite("Maps in braille")
struct MapPictureTests {
    private static let centre = Coordinate(latitude: 46.9412, longitude: 7.4453)!

    /// A crossroads: you in the middle, a way 20 m each way to the four compass points.
    private static func crossroads() -> [Panorama] {
        let ends = [0.0, 90, 180, 270].enumerated().map { index, bearing in
            Panorama(id: "p\(index)", imagePath: "", coordinate: centre.offset(by: 20, bearing: bearing), description: "Street \(index)")
        }
        var middle = Panorama(id: "here", imagePath: "", coordinate: centre, description: "Crossroads")
        middle.links = ends.enumerated().map { index, end in
            Link(target: end.id, heading: Double(index) * 90, description: "Street \(index)")
        }
        return [middle] + ends
    }

    @Test(
        "the cone points the way the camera faces, north up, at four headings (read from the drawn cells)", arguments: [0.0, 90, 180, 270])
    func cone(heading: Double) throws {
        let panoramas = Self.crossroads()
        var grid = CellGrid(columns: 30, rows: 15)
        let projection = MapProjection(center: Self.centre, metresPerDot: 1, width: 60, height: 60)
        let drawn = MapPicture.draw(
            MapContent(panoramas: panoramas, markers: [], here: panoramas[0], heading: heading, fieldOfView: 60),
            projection: projection, into: &grid, left: 0, top: 0, colors: .standard)
        let you = try #require(drawn.you)
        #expect(grid[you.column, you.row].glyph == MapPicture.youGlyph)
        #expect(!drawn.coneCells.isEmpty)
        // Cells are twice as tall as wide: a row is two columns' distance.
        let east = drawn.coneCells.map { Double($0.column - you.column) }.reduce(0, +) / Double(drawn.coneCells.count)
        let south = drawn.coneCells.map { Double($0.row - you.row) * 2 }.reduce(0, +) / Double(drawn.coneCells.count)
        let pointing = Degrees.wrap360(Degrees.degrees(fromRadians: atan2(east, -south)))
        #expect(abs(Degrees.wrap180(pointing - heading)) < 15, "the cone points \(pointing)°, the camera \(heading)°")
    }

    @Test("heading up: the cone points up whatever the heading, and the streets turn instead")
    func headingUp() throws {
        let panoramas = Self.crossroads()
        var grid = CellGrid(columns: 30, rows: 15)
        let projection = MapProjection(center: Self.centre, metresPerDot: 1, up: 90, width: 60, height: 60)
        let drawn = MapPicture.draw(
            MapContent(panoramas: panoramas, markers: [], here: panoramas[0], heading: 90, fieldOfView: 60),
            projection: projection, into: &grid, left: 0, top: 0, colors: .standard)
        let you = try #require(drawn.you)
        #expect(drawn.coneCells.allSatisfy { $0.row <= you.row })
        // The panorama to the east is now straight up.
        let east = try #require(drawn.panoramaCells.first { $0.id == "p1" })
        #expect(abs(east.column - you.column) <= 1 && east.row < you.row)
    }

    @Test("a street along a parallel is one straight row of dots, though its points differ from yours by a fraction of a millimetre")
    func straightStreet() throws {
        // The demo town's Main Street: you at 46.94119999728086, the rest at 46.9412 (0.3 mm north).
        let you = Coordinate(latitude: 46.94119999728086, longitude: 7.4453)!
        let street = (-4...4).map { step in
            Panorama(
                id: "s\(step)", imagePath: "",
                coordinate: step == 0 ? you : Coordinate(latitude: 46.9412, longitude: 7.4453 + Double(step) * 0.00016)!)
        }
        let linked = street.indices.map { index in
            var panorama = street[index]
            panorama.links = [index - 1, index + 1].filter(street.indices.contains).map { Link(target: street[$0].id, heading: 0) }
            return panorama
        }
        var grid = CellGrid(columns: 40, rows: 12)
        let projection = MapProjection(center: you, metresPerDot: 3, width: 80, height: 48)
        let drawn = MapPicture.draw(
            MapContent(panoramas: linked, markers: [], here: linked[4], heading: 0, fieldOfView: 60),
            projection: projection, into: &grid, left: 0, top: 0, colors: .standard)
        let cone = Set(drawn.coneCells.map { "\($0.column),\($0.row)" })
        var streetCells: [(column: Int, row: Int, glyph: Unicode.Scalar)] = []
        for row in 0..<12 {
            for column in 0..<40 where !cone.contains("\(column),\(row)") {
                let glyph = grid[column, row].glyph
                if (0x2801...0x28FF).contains(glyph.value) {
                    streetCells.append((column, row, glyph))
                }
            }
        }
        #expect(streetCells.count >= 15, "96 m at 3 m a dot is 32 dots, 16 cells")
        #expect(Set(streetCells.map(\.row)).count == 1, "rows \(Set(streetCells.map(\.row)))")
        // Which of a braille cell's four rows of dots each glyph uses (Unicode's dot numbering:
        // dots 1 and 4 on the top row, 2 and 5, 3 and 6, 7 and 8 on the bottom one).
        let dotRows = Set(
            streetCells.flatMap { cell in
                let bits = cell.glyph.value - 0x2800
                return [(0, 0x09), (1, 0x12), (2, 0x24), (3, 0xC0)].filter { bits & $0.1 != 0 }.map(\.0)
            })
        #expect(dotRows.count == 1, "the street's dots lie on rows \(dotRows) of their cells")
    }

    @Test("a basemap is drawn under the ways: its water in its colour where nothing else is, a way over its road, names placed")
    func basemapUnderWays() throws {
        let panoramas = Self.crossroads()
        var grid = CellGrid(columns: 30, rows: 15)
        let projection = MapProjection(center: Self.centre, metresPerDot: 1, width: 60, height: 60)
        // A brook 19 m south, 46 m long, east to west; a road under the way east.
        let brook = MapFeature(
            kind: .water, name: "Linden Brook",
            lines: [[Self.centre.offset(by: 30, bearing: 230), Self.centre.offset(by: 30, bearing: 130)]])
        let road = MapFeature(kind: .road, name: "Street 1", lines: [[Self.centre, Self.centre.offset(by: 20, bearing: 90)]])
        var content = MapContent(panoramas: panoramas, markers: [], here: panoramas[0], heading: 0, fieldOfView: 60, labelled: true)
        content.basemap = [brook, road]
        let drawn = MapPicture.draw(content, projection: projection, into: &grid, left: 0, top: 0, colors: .standard)
        // 30 m at 50° either side of south: 19.3 m south of the middle dot (30), 4 dots a row.
        let brookRow = Int((30 + 30 * cos(50 * Double.pi / 180)).rounded()) / 4
        let waterCells = (0..<30).filter { grid[$0, brookRow].foreground == brook.color && grid[$0, brookRow].glyph != " " }
        #expect(waterCells.count >= 4, "row \(brookRow): \((0..<30).map { String(Character(grid[$0, brookRow].glyph)) }.joined())")
        let eastWay = (16..<24).map { grid[$0, 15 / 2] }
        #expect(eastWay.allSatisfy { $0.foreground != road.color }, "the panoramas' way is drawn over the basemap's road")
        #expect(drawn.labels.contains { $0.text == "Linden Brook" })
        #expect(drawn.labels.filter { $0.text == "Street 1" }.count <= 1, "a street the ways name is labelled once")
    }

    @Test("a basemap gives a map only what may lie in its square: a road across it even with both ends outside, not one a kilometre off")
    func featuresMeetTheSquare() {
        let across = MapFeature(
            kind: .road, lines: [[Self.centre.offset(by: 300, bearing: 270), Self.centre.offset(by: 300, bearing: 90)]])
        let far = MapFeature(kind: .road, lines: [[Self.centre.offset(by: 1000, bearing: 0), Self.centre.offset(by: 1100, bearing: 10)]])
        #expect(across.meets(Self.centre, within: 100) && !far.meets(Self.centre, within: 100))
        #expect(far.meets(Self.centre, within: 1200))
    }

    @Test("a dot is where the projection puts it, and back")
    func projection() {
        let projection = MapProjection(center: Self.centre, metresPerDot: 2, up: 30, width: 80, height: 40)
        for (distance, bearing) in [(10.0, 0.0), (30, 100), (55, 250)] {
            let place = Self.centre.offset(by: distance, bearing: bearing)
            let (x, y) = projection.dot(for: place)
            #expect(projection.coordinate(atDot: x, y).distance(to: place) < 0.01)
        }
        #expect(projection.dot(for: Self.centre) == (40, 20))
    }

    @Test("labels never overlap one another, the glyphs, or the edge, however crowded")
    func labelsApart() {
        // A grid of short streets, all named, with markers: far more labels than room.
        var panoramas: [Panorama] = []
        for row in 0..<8 {
            for column in 0..<8 {
                let here = Self.centre.offset(by: Double(row) * 15, bearing: 180).offset(by: Double(column) * 15, bearing: 90)
                var panorama = Panorama(id: "p\(row)-\(column)", imagePath: "", coordinate: here)
                if column < 7 {
                    panorama.links.append(
                        Link(
                            target: "p\(row)-\(column + 1)", heading: 90, description: "Long Street Name \(row)",
                            targetCoordinate: here.offset(by: 15, bearing: 90)))
                }
                panoramas.append(panorama)
            }
        }
        let markers = (0..<10).map {
            Marker(id: "m\($0)", coordinate: Self.centre.offset(by: Double($0) * 9, bearing: 135), title: "Marker number \($0)")
        }
        for (columns, rows) in [(80, 22), (203, 59), (30, 8)] {
            var grid = CellGrid(columns: columns, rows: rows)
            let projection = MapProjection(
                center: Self.centre.offset(by: 50, bearing: 135), metresPerDot: 1, width: columns * 2, height: rows * 4)
            let drawn = MapPicture.draw(
                MapContent(
                    panoramas: panoramas, markers: markers, here: panoramas[0], heading: 0, fieldOfView: 90,
                    cursor: projection.center, labelled: true),
                projection: projection, into: &grid, left: 0, top: 0, colors: .standard)
            #expect(!drawn.labels.isEmpty)
            for (index, label) in drawn.labels.enumerated() {
                #expect(
                    label.column >= 0 && label.column + label.width <= columns && (0..<rows).contains(label.row),
                    "\(label) at \(columns)×\(rows)")
                for other in drawn.labels[(index + 1)...] where other.row == label.row {
                    #expect(
                        other.column >= label.column + label.width || label.column >= other.column + other.width, "\(label) and \(other)")
                }
                let cells = (label.column..<(label.column + label.width)).map { grid[$0, label.row].glyph }
                #expect(!cells.contains(MapPicture.youGlyph) && !cells.contains(MapPicture.cursorGlyph), "\(label) covers a glyph")
            }
        }
    }
}
