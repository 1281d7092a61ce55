import Explorer
import PanoCore
import Testing

@Suite("Following a presenter")
struct FollowTests {
    private static func view(_ id: String?, heading: Double, pitch: Double = 0, zoom: Double = 1) -> SharedView {
        let panorama = id.map { #""panorama":"\#($0)","# } ?? ""
        return SharedView(line: Array("{\(panorama)\"heading\":\(heading),\"pitch\":\(pitch),\"zoom\":\(zoom)}".utf8)[...])!
    }

    @Test("the presenter's view: its panorama (arrived at, with its events) and its camera as it is; a place not held is said once")
    func follows() {
        var state = NavigationTests.state(at: "centre", heading: 0)
        let went = state.follow(Self.view("east", heading: 200, pitch: -10, zoom: 2), at: nil)
        #expect(went)
        #expect(state.panorama?.id == "east" && state.camera.heading == 200 && state.camera.pitch == -10 && state.camera.zoom == 2)
        #expect(
            state.takeEvents() == [
                .willMoveToPanorama(id: "east"), .didMoveToPanorama(id: "east"), .didMoveCamera(heading: 200, pitch: -10, zoom: 2)
            ])
        let again = state.follow(Self.view("east", heading: 200, pitch: -10, zoom: 2), at: nil)
        #expect(!again, "the same view changes nothing")
        let elsewhere = state.follow(Self.view("elsewhere", heading: 200, pitch: -10, zoom: 2), at: nil)
        #expect(elsewhere)
        #expect(state.note?.hasPrefix("The presenter is at 'elsewhere', which this dataset does not hold") == true)
        let twice = state.follow(Self.view("elsewhere", heading: 200, pitch: -10, zoom: 2), at: nil)
        #expect(!twice, "said once")
        #expect(state.panorama?.id == "east")
    }

    @Test("a follower may leave, read, ask for the keys and choose how its own terminal draws; nothing else")
    func keys() {
        for key in [Key.character("q"), .control("c"), .character("?"), .character("r"), .escape, .character("c"), .character("b")] {
            #expect(ExplorerState.followerMayPress(key))
        }
        for key in [Key.character("w"), .right, .character("+"), .character("1"), .character(":"), .character("/"), .tab, .enter] {
            #expect(!ExplorerState.followerMayPress(key))
        }
    }

    @Test("a presenter's rolled first view reaches the audience; a level one sends no roll")
    func roll() {
        var presenter = NavigationTests.state(at: "centre", heading: 0)
        presenter.camera.roll = 5
        let line = SharedView(presenter).line
        #expect(line.contains("\"roll\":5"))
        var follower = NavigationTests.state(at: "centre", heading: 90)
        _ = follower.follow(SharedView(line: Array(line.utf8)[...])!, at: nil)
        #expect(follower.camera.roll == 5 && follower.camera.heading == 0)
        presenter.camera.roll = 0
        #expect(!SharedView(presenter).line.contains("roll"))
        #expect(SharedView(line: Array(#"{"heading":0,"pitch":0,"zoom":1,"roll":200}"#.utf8)[...]) == nil, "out of range")
    }
}
