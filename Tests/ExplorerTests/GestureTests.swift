import Explorer
import PanoCore
import Testing

@Suite("Gesture flags")
struct GestureTests {
    @Test(
        "a disabled gesture's keys change nothing but show a note; programmatic commands still work",
        arguments: [
            (GestureSettings(orientation: false), Key.right, "turning is switched off"),
            (GestureSettings(orientation: false), Key.character("n"), "turning is switched off"),
            (GestureSettings(zoom: false), Key.character("+"), "zooming is switched off"),
            (GestureSettings(navigation: false), Key.character("w"), "walking is switched off"),
            (GestureSettings.none, Key.up, "turning is switched off")
        ] as [(GestureSettings, Key, String)])
    func disabled(settings: GestureSettings, key: Key, note: String) {
        var state = NavigationTests.state(at: "centre", heading: 80)
        state.gestures = settings
        let before = (state.camera, state.panorama?.id)
        state.handle(key)
        #expect(state.camera == before.0 && state.panorama?.id == before.1)
        #expect(state.note == note)
        state.apply(.turn(degrees: 10))
        #expect(state.camera.heading == 90, "a programmatic turn still works")
        state.apply(.walkForward)
        #expect(state.panorama?.id == "east", "a programmatic walk still works")
    }

    @Test("with every gesture off, help and quit still work")
    func stillQuits() {
        var state = ExplorerState()
        state.gestures = .none
        state.handle(.character("?"))
        #expect(state.isShowingHelp)
        state.handle(.character("q"))
        #expect(state.isFinished)
    }
}
