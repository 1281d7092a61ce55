import Datasets
import Explorer
import PanoCore
import StreetMap
import StreetModel
import TermRender
import TestSupport
import Testing

@testable import TUI

#if canImport(Glibc)
@testable import ExplorerView
import Glibc
#endif

/// The maps on the demo town, as the explorer's frame draws them.
@Suite("Maps in the explorer's frame")
struct MinimapTests {
    private static let demo: Result<Dataset, DatasetError> = Result {
        () throws(DatasetError) in try Dataset.open(BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path)
    }
    private static let picture = SyntheticPanorama.cardinal(width: 256)

    private static func state(heading: Double) throws -> ExplorerState {
        let dataset = try demo.get()
        var state = ExplorerState(
            camera: PanoramaCamera(heading: heading), panorama: dataset.service.panorama(id: dataset.startID)!,
            service: dataset.service)
        state.minimapShown = true
        return state
    }

    private static func frame(_ state: ExplorerState, columns: Int = 120, rows: Int = 40) -> (grid: CellGrid, map: MapPicture.Drawn?) {
        var composer = FrameComposer()
        let drawn = ExplorerFrame.draw(
            composer: &composer, panorama: picture, state: state, header: ExplorerFrame.header(of: state),
            display: DisplayOptions(), columns: columns, rows: rows)
        var grid = drawn.grid
        let map = MapLayer.draw(state, display: DisplayOptions(), into: &grid, top: 1)
        return (drawn.grid, map)
    }

    @Test(
        "the minimap's cone points the way the camera faces, at four headings (read from the drawn cells)", arguments: [0.0, 90, 180, 270])
    func cone(heading: Double) throws {
        let (grid, drawn) = Self.frame(try Self.state(heading: heading))
        let map = try #require(drawn)
        let you = try #require(map.you)
        #expect(grid[you.column, you.row].glyph == MapPicture.youGlyph)
        // The cells drawn in the cone's colour, away from you; a marker's pin may cover some, so the
        // cone's direction is the middle of the arc its cells span (cells are twice as tall as wide).
        // Cells next to you are too coarse to give a direction.
        let cone = map.coneCells.filter {
            grid[$0.column, $0.row].foreground == HUDColors.standard.focusBackground
                && max(abs($0.column - you.column), abs($0.row - you.row) * 2) > 2
        }
        #expect(cone.count > 4)
        let angles = cone.map {
            Degrees.wrap360(Degrees.degrees(fromRadians: atan2(Double($0.column - you.column), -Double($0.row - you.row) * 2)))
        }.sorted()
        let gaps = angles.indices.map { ($0, Degrees.wrap360(angles[($0 + 1) % angles.count] - angles[$0])) }
        let widest = try #require(gaps.max { $0.1 < $1.1 })
        let start = angles[(widest.0 + 1) % angles.count]
        let span = 360 - widest.1
        let pointing = Degrees.wrap360(start + span / 2)
        #expect(abs(Degrees.wrap180(pointing - heading)) < 15, "cone \(pointing)°, camera \(heading)°: \(angles.map { Int($0) })")
    }

    @Test("a turn changes no cell of the minimap but the cone's")
    func turnTouchesOnlyTheCone() throws {
        let (before, beforeMap) = Self.frame(try Self.state(heading: 90))
        let (after, afterMap) = Self.frame(try Self.state(heading: 105))
        let size = try #require(MapLayer.minimapSize(columns: 120, rows: 40))
        let cone = Set(((beforeMap?.coneCells ?? []) + (afterMap?.coneCells ?? [])).map { $0.row * 1000 + $0.column })
        var changed = 0
        for row in 1..<(1 + size.rows) {
            for column in 0..<size.columns where before[column, row] != after[column, row] {
                changed += 1
                #expect(cone.contains(row * 1000 + column), "cell \(column), \(row) changed outside the cone")
            }
        }
        #expect(changed > 0, "the cone turned")
    }

    @Test("the minimap stays off on a screen too small for it, and is not drawn when hidden")
    func fits() throws {
        #expect(MapLayer.minimapSize(columns: 30, rows: 10) == nil)
        var hidden = try Self.state(heading: 0)
        hidden.minimapShown = false
        #expect(Self.frame(hidden).map == nil)
        #expect(MinimapSettings().shownAtStart(columns: 99, rows: 40) == false && MinimapSettings().shownAtStart(columns: 100, rows: 30))
        #expect(MinimapSettings(shown: true).shownAtStart(columns: 80, rows: 24))
    }

    @Test(
        "the full map at 80×24 and 203×61: labels inside the screen, never overlapping; Enter lands on the panorama nearest the cursor",
        arguments: [(80, 24), (203, 61)])
    func fullMap(columns: Int, rows: Int) throws {
        var state = try Self.state(heading: 90)
        state.perform(.map)
        for key in [Key.right, .right, .up] { state.handle(key) }
        let (grid, drawn) = Self.frame(state, columns: columns, rows: rows)
        let map = try #require(drawn)
        #expect(!map.labels.isEmpty)
        for (index, label) in map.labels.enumerated() {
            #expect(label.column >= 0 && label.column + label.width <= columns && label.row >= 1 && label.row < rows - 1, "\(label)")
            for other in map.labels[(index + 1)...] where other.row == label.row {
                #expect(other.column >= label.column + label.width || label.column >= other.column + other.width, "\(label), \(other)")
            }
        }
        #expect(grid.cells.contains { $0.glyph == MapPicture.cursorGlyph })
        let cursor = try #require(state.map?.cursor)
        let expected = state.panoramas(near: cursor, radius: 15).first?.id
        state.handle(.enter)
        #expect(expected != nil && state.panorama?.id == expected && state.map == nil)
    }

    /// A basemap that credits `attribution` and draws nothing.
    private struct Credit: Basemap {
        let attribution: String
        func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] { [] }
    }

    @Test("the map's status line credits its basemap, with no separator when the layers credit no one (a sharded dataset's boxes)")
    func mapStatusCredit() throws {
        var state = try Self.state(heading: 0)
        state.handle(.character("M"))
        let map = try #require(state.map)
        #expect(
            MapLayer.statusLeft(map, basemap: Credit(attribution: "© OpenStreetMap contributors"))
                == "Map · 1 m a dot · © OpenStreetMap contributors")
        #expect(MapLayer.statusLeft(map, basemap: Credit(attribution: "")) == "Map · 1 m a dot")
        #expect(MapLayer.statusLeft(map, basemap: nil) == "Map · 1 m a dot")
    }
}

/// A busy street's places over the view: a handful drawn, those in view first, the focused always.
@Suite("Markers drawn on a busy street")
struct BusyStreetTests {
    static let here = Coordinate(latitude: 45.7597, longitude: 4.832)!

    static func state(places: Int) -> ExplorerState {
        let panorama = Panorama(id: "here", imagePath: "", coordinate: here)
        var state = ExplorerState(camera: PanoramaCamera(heading: 0), panorama: panorama, service: PanoramaService(panoramas: [panorama]))
        state.placesAround(
            (0..<places).map {
                Marker(
                    id: "p\($0)", coordinate: here.offset(by: 20 + Double($0 % 120), bearing: Double($0 * 37 % 360)), title: "Shop \($0)")
            })
        return state
    }

    @Test("of many places, at most eight drawn: those in view before those beside and behind; a focused one always")
    func fewDrawn() {
        var state = Self.state(places: 300)
        let drawn = ExplorerFrame.drawnMarkers(state, from: Self.here)
        #expect(drawn.count == PlacesAround.mostDrawn)
        #expect(drawn.allSatisfy { abs(Degrees.wrap180(Self.here.bearing(to: $0.coordinate))) <= 45 })
        state.handle(.backTab)
        guard case .marker(let focused) = state.focus else {
            Issue.record("nothing focused")
            return
        }
        #expect(ExplorerFrame.drawnMarkers(state, from: Self.here).contains { $0.id == focused })
        var composer = FrameComposer()
        let frame = ExplorerFrame.draw(
            composer: &composer, panorama: SyntheticPanorama.cardinal(width: 256), state: state, header: nil, display: DisplayOptions(),
            columns: 160, rows: 48)
        #expect(frame.clickTargets.filter { if case .marker = $0.item { true } else { false } }.count <= PlacesAround.mostDrawn)
    }

    @Test("indoors no marker is drawn on the walls, nor stepped to with Tab")
    func indoors() {
        let hall = Panorama(id: "hall", imagePath: "", coordinate: Self.here, source: .indoor, building: "museum", level: 0)
        var state = ExplorerState(camera: PanoramaCamera(heading: 0), panorama: hall, service: PanoramaService(panoramas: [hall]))
        state.placesAround([Marker(id: "shop", coordinate: Self.here.offset(by: 14, bearing: 0), title: "Shop")])
        #expect(ExplorerFrame.drawnMarkers(state, from: Self.here).isEmpty)
        #expect(state.focusables.isEmpty)
    }
}
