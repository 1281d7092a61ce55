import Explorer
import ExplorerView
import PanoCore
import StreetModel
import TermRender
import TestSupport
import Testing

/// The web search's list on screen: each line a place to click, and a click goes there.
@Suite("The found list, clicked")
struct FoundListClickTests {
    @Test("each line of the list is a click target on the row that shows it; a click there goes to that place")
    func clickALine() throws {
        let centre = Coordinate(latitude: 46.9412, longitude: 7.4453)!
        let panoramas = [
            Panorama(id: "here", imagePath: "", coordinate: centre),
            Panorama(id: "north", imagePath: "", coordinate: centre.offset(by: 40, bearing: 0))
        ]
        var state = ExplorerState(camera: PanoramaCamera(), panorama: panoramas[0], service: PanoramaService(panoramas: panoramas))
        state.showFound(
            .success([
                FoundPlace(name: "Mill", kind: "man_made/mill", address: "", coordinate: centre.offset(by: 300, bearing: 90)),
                FoundPlace(name: "North Gate", kind: "historic/gate", address: "", coordinate: centre.offset(by: 50, bearing: 0))
            ]), for: "gate", attribution: "© OpenStreetMap contributors")
        var composer = FrameComposer()
        let picture = SyntheticPanorama.cardinal(width: 64)
        let drawn = ExplorerFrame.draw(
            composer: &composer, panorama: picture, state: state, header: nil, display: DisplayOptions(), columns: 100, rows: 30)
        let target = try #require(drawn.clickTargets.first { $0.item == .foundPlace(1) })
        let row = String(String.UnicodeScalarView((0..<100).map { drawn.grid[$0, target.row].glyph }))
        #expect(row.contains("2  North Gate · historic/gate"), "\(row)")
        var pointer = PointerInput()
        let column = target.columns.lowerBound + 3
        _ = pointer.command(
            for: .press(column: column, row: target.row), camera: state.camera, area: drawn.viewArea, targets: drawn.clickTargets)
        let command = pointer.command(
            for: .release(column: column, row: target.row), camera: state.camera, area: drawn.viewArea, targets: drawn.clickTargets)
        #expect(command == .chooseFoundPlace(1))
        state.handle(gesture: try #require(command))
        // North Gate is 50 m north: "north" (40 m) is nearest it, facing north, 10 m short.
        #expect(state.found == nil && state.panorama?.id == "north" && state.note == "North Gate, 10 m ahead")
    }
}
