import Explorer
import ExplorerScripts
import PanoCore
import Testing

@Suite("Key names and scripts")
struct ScriptTests {
    @Test("every key round-trips through its tmux name; unknown names are refused")
    func keyNames() {
        let keys: [Key] = [
            .left, .right, .up, .down, .enter, .escape, .tab, .backTab, .backspace, .pageUp, .pageDown, .home, .end,
            .character("q"), .character("+"), .character("["), .character("1"), .character(" "), .control("c")
        ]
        for key in keys { #expect(Key(tmuxName: key.tmuxName) == key, "\(key)") }
        #expect(Key(tmuxName: "PPage") == .pageUp && Key(tmuxName: "NPage") == .pageDown)
        for name in ["", "Foo", "left", "C-1", "ab", "\u{1B}", "\u{7F}"] { #expect(Key(tmuxName: name) == nil, "\(name)") }
    }

    @Test("--keys: names separated by spaces, steps by ; as in a file; an unknown one is named by its step")
    func keysArgument() throws {
        #expect(
            try KeyScript.parse("Right Right + 1 Enter", form: .keys).map(\.step)
                == [.key(.right), .key(.right), .key(.character("+")), .key(.character("1")), .key(.enter)])
        let steps = try KeyScript.parse(":goto main-4; expect panorama main-4;Right &; expect said \"a;b\"", form: .keys)
        #expect(
            steps.map(\.step) == [
                .command(.goto(id: "main-4")), .expect(Expectation(.panorama("main-4"))), .key(.right),
                .expect(Expectation(.said(.contains("a;b"))))
            ])
        #expect(steps.map(\.line) == [1, 2, 3, 4] && steps.map(\.waits) == [true, true, false, true])
        #expect(
            try KeyScript.parse("M-n S-Right C-PageUp S-M-C-Home", form: .keys).map(\.step)
                == [
                    .chord([.escape, .character("n")]), .modified(.right, modifier: 2), .modified(.pageUp, modifier: 5),
                    .modified(.home, modifier: 8)
                ])
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("S-q", form: .keys) }
        #expect(
            throws: KeyScriptError("step 2: unknown key or command 'Rigth' (keys as tmux names them, commands after ':', or wait, expect)")
        ) {
            try KeyScript.parse("Left q; Rigth", form: .keys)
        }
    }

    @Test(
        "a script: keys, :commands, waits and expects, one a line or separated by ;; comments and blank lines skipped; errors name the line"
    )
    func scriptFile() throws {
        let steps = try KeyScript.parse(
            "# a walk\nRight\n\n:heading 90\nwait 0.5\nTab Enter\r\nexpect heading 90 ±2 within 1; expect focus none\n", form: .file)
        #expect(
            steps.map(\.step) == [
                .key(.right), .command(.heading(90)), .wait(seconds: 0.5), .key(.tab), .key(.enter),
                .expect(Expectation(.heading(90, tolerance: 2), deadline: 1)), .expect(Expectation(.focus(nil)))
            ])
        #expect(steps.map(\.line) == [2, 4, 5, 6, 6, 7, 7])
        #expect(throws: KeyScriptError("line 2: unknown command ':fly'")) { try KeyScript.parse("Right\n:fly 3\n", form: .file) }
        #expect(throws: KeyScriptError("line 1: wait needs a number of seconds from 0 to 3600")) {
            try KeyScript.parse("wait soon", form: .file)
        }
        #expect(
            throws: KeyScriptError("line 3: unknown key or command 'Jump' (keys as tmux names them, commands after ':', or wait, expect)")
        ) {
            try KeyScript.parse("Left\n# fine\nJump", form: .file)
        }
    }

    @Test(
        "expect lines that cannot be understood are named with their line",
        arguments: [
            (
                "expect",
                "expect needs something to expect: heading, pitch, zoom, panorama, near, focus, said, ways, event, note, error, screen, visible focus or contrast"
            ),
            (
                "expect colour red",
                "cannot expect 'colour'; expect heading, pitch, zoom, panorama, near, focus, said, ways, event, note, error, screen, visible focus or contrast"
            ),
            ("expect visible way", "expect visible takes focus: expect visible focus"),
            ("expect heading east", "expect heading needs a number, not 'east'"),
            ("expect heading 90 2", "expect heading: a tolerance is written ±N"),
            (
                "expect focus Fountain",
                "expect focus takes \"text\", /pattern/ or none; Fountain is neither \"text\" nor a /regular expression/"
            ),
            (
                "expect said /(unclosed/",
                "expect said: /(unclosed/ is not a pattern Sidewalk reads: a ( is not closed"
            ),
            ("expect said \"open", "a quote is not closed"),
            ("expect event didWalk", "no event is called 'didWalk' (docs/events.md lists them)"),
            ("expect near 91,0", "expect near needs LAT,LNG, not '91,0'"),
            ("expect ways 2 within soon", "within needs a number of seconds from 0 to 600"),
            ("Right & ; &", "& follows a key or command")
        ])
    func badExpectations(text: String, message: String) {
        #expect(throws: KeyScriptError("line 1: \(message)")) { try KeyScript.parse(text, form: .file) }
    }

    @Test("the runner runs animations to their end on its own clock and reports the final camera exactly")
    func runnerAnimates() {
        var runner = ScriptRunner(state: NavigationTests.state(at: "centre", heading: 0))
        let outcome = runner.run(.key(.right))
        #expect(runner.state.camera.heading == 15)
        let moveLeft = CameraMotion.keyMoveDuration - CameraMotion.firstStep
        #expect(runner.clock >= moveLeft && runner.clock < moveLeft + 0.05)
        let moves = outcome.events.filter { if case .didMoveCamera = $0.event { true } else { false } }
        #expect(moves.count > 2, "intermediate moves while it eases")
        #expect(moves.last?.event == .didMoveCamera(heading: 15, pitch: 0, zoom: 1))
        #expect(outcome.lines == ["Facing north, 15 degrees."])
        let walk = runner.run(.command(.goto(id: "east")))
        #expect(walk.lines.first == "east; one way, west.", "\(walk.lines)")
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
