import Explorer
import PanoCore
import Testing

@Suite("Events")
struct EventTests {
    @Test("turning reports the camera; walking reports will-move, did-move and the new heading; refusals report nothing")
    func events() {
        var state = NavigationTests.state(at: "centre", heading: 80)
        state.handle(.right)
        #expect(state.takeEvents() == [.didMoveCamera(heading: 95, pitch: 0, zoom: 1)])
        state.handle(.character("w"))
        #expect(
            state.takeEvents() == [
                .willMoveToPanorama(id: "east"), .didMoveToPanorama(id: "east"),
                .didMoveCamera(heading: 90, pitch: 0, zoom: 1)
            ])
        state.gestures = GestureSettings(orientation: false)
        state.handle(.right)
        #expect(state.takeEvents().isEmpty, "a disabled gesture moves nothing and reports nothing")
        state.apply(.turn(degrees: 10))
        #expect(state.takeEvents() == [.didMoveCamera(heading: 100, pitch: 0, zoom: 1)], "programmatic moves report")
    }

    @Test("events are JSON lines with the delegate's names; untrusted text is escaped")
    func json() {
        #expect(
            ExplorerEvent.didMoveCamera(heading: 90, pitch: -10.5, zoom: 2).jsonLine(time: 1.25)
                == #"{"event":"didMoveCamera","time":1.25,"heading":90,"pitch":-10.5,"zoom":2}"#)
        #expect(
            ExplorerEvent.didMoveToPanorama(id: "a\"b\u{1B}]0;x\u{07}").jsonLine(time: 0)
                == #"{"event":"didMoveToPanorama","time":0,"panorama":"a\"b\u001b]0;x\u0007"}"#)
    }
}
