import Explorer
import PanoCore
import Testing

@Suite("Keys move the camera")
struct KeyBindingTests {
    @Test(
        "arrows and vi keys turn and tilt by a sixth of the view",
        arguments: [
            (Key.right, 15.0, 0.0), (.left, 345, 0), (.up, 0, 15), (.down, 0, -15),
            (.character("l"), 15, 0), (.character("h"), 345, 0), (.character("k"), 0, 15), (.character("j"), 0, -15)
        ])
    func turnKeys(key: Key, heading: Double, pitch: Double) {
        var state = ExplorerState()
        let changed = state.handle(key)
        #expect(changed)
        #expect(abs(state.camera.heading - heading) < 1e-9)
        #expect(abs(state.camera.pitch - pitch) < 1e-9)
    }

    @Test("+ and - zoom in geometric steps, within [1, 5]")
    func zoomKeys() {
        var state = ExplorerState()
        let zoomedIn = state.handle(.character("+"))
        #expect(zoomedIn)
        #expect(abs(state.camera.zoom - 2.0.squareRoot()) < 1e-12)
        for _ in 0..<10 { state.handle(.character("+")) }
        #expect(state.camera.zoom == 5)
        let changedAtLimit = state.handle(.character("+"))
        #expect(!changedAtLimit, "already at the limit: nothing changes")
        for _ in 0..<10 { state.handle(.character("-")) }
        #expect(state.camera.zoom == 1)
    }

    @Test("turn steps shrink with zoom, so a step looks the same size")
    func stepScalesWithZoom() {
        var state = ExplorerState(camera: PanoramaCamera(zoom: 2))
        let expected = PanoramaCamera(zoom: 2).effectiveFOV / 6
        state.handle(.right)
        #expect(abs(state.camera.heading - expected) < 1e-9)
    }

    @Test("q and Ctrl-C finish; unbound keys change nothing")
    func quitAndUnbound() {
        var state = ExplorerState()
        let unboundChanged = state.handle(.character("x"))
        #expect(!unboundChanged)
        #expect(!state.isFinished)
        state.handle(.character("q"))
        #expect(state.isFinished)
        var other = ExplorerState()
        other.handle(.control("c"))
        #expect(other.isFinished)
    }

    @Test("? shows the keys a part at a time, closing after the last; Escape hides them; every key in the help is bound")
    func help() {
        var state = ExplorerState()
        state.handle(.character("?"))
        #expect(state.isShowingHelp)
        state.handle(.escape)
        #expect(!state.isShowingHelp)
        for part in 0..<KeyBindings.helpSections.count {
            #expect(state.helpSection == nil || state.helpSection == part - 1)
            state.handle(.character("?"))
            #expect(state.helpSection == part, "? steps through the help's parts")
        }
        state.handle(.character("?"))
        #expect(!state.isShowingHelp, "? after the last part closes it")
        let keys: [Key] = [
            .left, .right, .up, .down, .character("+"), .character("-"), .character("n"), .character("w"), .enter,
            .character("s"), .character("1"), .character("9"), .character("["), .character("]"), .character("t"),
            .character("?"), .character("q"), .control("c"), .character("h"), .character("l"), .character("k"), .character("j")
        ]
        for key in keys {
            #expect(KeyBindings.command(for: key, effectiveFOV: 90) != nil, "\(key) is listed in the help but unbound")
        }
    }

    @Test("the readout names heading, compass point, pitch and zoom")
    func readout() {
        let state = ExplorerState(camera: PanoramaCamera(heading: 91, pitch: -10.4, zoom: 2))
        #expect(state.cameraReadout == "Heading 91° E · Pitch -10° · Zoom 2.0× (fov 53°)")
    }
}

@Suite("Animated key moves")
struct AnimatedKeyTests {
    @Test(
        "a key turn animates over the move's duration, its first step taken at once, ending exactly at the target; events end with the final camera"
    )
    func keyTurnAnimates() {
        var state = ExplorerState()
        let started = state.handle(.right, at: 10)
        #expect(started)
        let firstStep = 15 * CameraAnimation.easeInOut(CameraMotion.firstStep / CameraMotion.keyMoveDuration)
        #expect(
            abs(state.camera.heading - firstStep) < 1e-9 && state.camera.heading > 0.5 && state.isAnimating,
            "the frame drawn at the key already shows the move: \(state.camera.heading)°")
        state.advance(to: 10 - CameraMotion.firstStep + CameraMotion.keyMoveDuration / 2)
        #expect(abs(state.camera.heading - 7.5) < 1e-9)
        state.advance(to: 10 - CameraMotion.firstStep + CameraMotion.keyMoveDuration)
        #expect(state.camera.heading == 15 && !state.isAnimating)
        #expect(state.takeEvents().last == .didMoveCamera(heading: 15, pitch: 0, zoom: 1))
    }

    @Test("a burst of turns keeps its direction: 47 rights turn right 705°, not left the short way")
    func burstKeepsDirection() {
        var state = ExplorerState()
        for _ in 0..<47 { state.handle(.right, at: 0) }
        state.advance(to: 0.05)
        #expect(state.camera.heading > 0 && state.camera.heading < 180, "turning right (clockwise), not left: \(state.camera.heading)")
        state.advance(to: 1)
        #expect(state.camera.heading == 345)
    }

    @Test("a photo's rolled first view levels on the first key move, rolling back over the move; and at once on a programmatic one")
    func firstMoveLevels() {
        var state = ExplorerState(camera: PanoramaCamera(roll: 8))
        state.handle(.right, at: 10)
        state.advance(to: 10 - CameraMotion.firstStep + CameraMotion.keyMoveDuration / 2)
        #expect(abs(state.camera.roll - 4) < 1e-9, "halfway through the turn, half the roll: \(state.camera.roll)°")
        state.advance(to: 11)
        #expect(state.camera.roll == 0 && state.camera.heading == 15)
        var other = ExplorerState(camera: PanoramaCamera(roll: -5))
        other.apply(.zoom(factor: 2))
        #expect(other.camera.roll == 0 && other.camera.zoom == 2)
    }

    @Test("with reduced motion, and for programmatic commands, moves are instant")
    func instant() {
        var state = ExplorerState()
        state.reduceMotion = true
        state.handle(.right, at: 3)
        #expect(state.camera.heading == 15 && !state.isAnimating)
        var other = ExplorerState()
        other.apply(.turn(degrees: 40))
        #expect(other.camera.heading == 40 && !other.isAnimating)
    }
}
