import Explorer
import PanoCore
import Testing

@Suite("Key names and scripts")
struct ScriptTests {
    @Test("every key round-trips through its tmux name; unknown names are refused")
    func keyNames() {
        let keys: [Key] = [.left, .right, .up, .down, .enter, .escape, .tab, .backTab, .backspace, .pageUp, .pageDown, .home, .end,
                           .character("q"), .character("+"), .character("["), .character("1"), .character(" "), .control("c")]
        for key in keys { #expect(Key(tmuxName: key.tmuxName) == key, "\(key)") }
        #expect(Key(tmuxName: "PPage") == .pageUp && Key(tmuxName: "NPage") == .pageDown)
        for name in ["", "Foo", "left", "C-1", "ab", "\u{1B}", "\u{7F}"] { #expect(Key(tmuxName: name) == nil, "\(name)") }
    }

    @Test("--keys: names separated by spaces; an unknown one is named by its position")
    func keysArgument() throws {
        #expect(try KeyScript.parse(keys: "Right Right + 1 Enter") == [.key(.right), .key(.right), .key(.character("+")), .key(.character("1")), .key(.enter)])
        #expect(throws: KeyScriptError("key 3: unknown key 'Rigth' (names as tmux's: Left, Enter, BTab, q, +, ...)")) {
            try KeyScript.parse(keys: "Left q Rigth")
        }
    }

    @Test("a script: keys, :commands and waits, one a line; comments and blank lines skipped; errors name the line")
    func scriptFile() throws {
        let steps = try KeyScript.parse(script: "# a walk\nRight\n\n:heading 90\nwait 0.5\nTab Enter\r\n")
        #expect(steps == [.key(.right), .command(.heading(90)), .wait(seconds: 0.5), .key(.tab), .key(.enter)])
        #expect(throws: KeyScriptError("line 2: unknown command ':fly'")) { try KeyScript.parse(script: "Right\n:fly 3\n") }
        #expect(throws: KeyScriptError("line 1: wait needs a number of seconds from 0 to 3600")) { try KeyScript.parse(script: "wait soon") }
        #expect(throws: KeyScriptError("line 3: unknown key or command 'Jump' (keys as tmux names them, commands after ':')")) {
            try KeyScript.parse(script: "Left\n# fine\nJump")
        }
    }

    @Test("the runner runs animations to their end on its own clock and reports the final camera exactly")
    func runnerAnimates() {
        var runner = ScriptRunner(state: NavigationTests.state(at: "centre", heading: 0))
        let outcome = runner.run(.key(.right))
        #expect(runner.state.camera.heading == 15)
        #expect(runner.clock >= CameraMotion.keyMoveDuration && runner.clock < CameraMotion.keyMoveDuration + 0.05)
        let moves = outcome.events.filter { if case .didMoveCamera = $0.event { true } else { false } }
        #expect(moves.count > 2, "intermediate moves while it eases")
        #expect(moves.last?.event == .didMoveCamera(heading: 15, pitch: 0, zoom: 1))
        #expect(outcome.lines == ["Facing north, 15°, level."])
        let walk = runner.run(.command(.goto(id: "east")))
        #expect(walk.lines.first?.hasPrefix("Facing north, 15°, level. At east.") == true, "\(walk.lines)")
    }

    @Test("wait lets time pass: a note goes after its lifetime; steps after a quit do nothing")
    func runnerWaits() {
        var runner = ScriptRunner(state: NavigationTests.state(at: "east", heading: 90))
        #expect(runner.run(.key(.character("w"))).lines == ["no way forward; ways go west"])
        _ = runner.run(.wait(seconds: StatusNote.lifetime + 0.1))
        #expect(runner.state.note == nil)
        _ = runner.run(.key(.character("q")))
        #expect(runner.state.isFinished)
        #expect(runner.run(.key(.left)).lines.isEmpty && runner.state.camera.heading == 90)
    }
}
