import Explorer
import ExplorerScripts
import Testing

/// What `--record-script` writes for what was pressed, checked by replaying it headless.
@Suite("Recording a script")
struct ScriptRecordingTests {
    @Test("keys until a settle are one line, a command typed is one :line, a cancelled one nothing; then what changed")
    func lines() throws {
        var state = NavigationTests.state(at: "centre")
        var recording = ScriptRecording()
        #expect(recording.settled(state, said: ["Facing north, 0°, level."]).isEmpty, "nothing pressed yet")
        func press(_ key: Key) {
            let before = state.commandLine
            state.handle(key)
            recording.took(key, commandBefore: before, commandAfter: state.commandLine)
        }
        press(.right)
        press(.right)
        #expect(
            recording.settled(state, said: ["Facing north, 30°, level."]) == [
                "Right Right", "expect heading 30", #"expect said "Facing north, 30°, level.""#
            ])
        for key in [Key.character(":"), .character("x"), .escape] { press(key) }
        #expect(recording.settled(state, said: []).isEmpty, "a cancelled command is nothing to replay")
        for key in ":goto east".map({ Key.character($0) }) + [.enter] { press(key) }
        #expect(
            recording.settled(state, said: [#"He said "hi""#]) == [":goto east", "expect panorama east"], "a line with a quote is not said")
        for key in ":goto nowhere".map({ Key.character($0) }) + [.enter] { press(key) }
        #expect(
            recording.settled(state, said: ["no panorama 'nowhere'"], errors: ["nowhere: no such panorama"]) == [
                ":goto nowhere", #"expect error "nowhere: no such panorama""#, #"expect said "no panorama 'nowhere'""#
            ], "an error first: a replay stops at any other line while one waits")
    }

    @Test("what it writes replays green")
    func replays() throws {
        var state = NavigationTests.state(at: "centre")
        var recording = ScriptRecording()
        _ = recording.settled(state, said: [])
        var lines: [String] = []
        for key in [Key.character("w"), .tab] {
            let before = state.commandLine
            state.handle(key)
            recording.took(key, commandBefore: before, commandAfter: state.commandLine)
            lines += recording.settled(state, said: [])
        }
        #expect(lines.count == 4 && lines[0...2] == ["w", "expect panorama north", "Tab"], "\(lines)")
        #expect(lines.last?.hasPrefix(#"expect focus "way 1"#) == true, "\(lines)")
        let result = try ScriptPlayerTests.play(lines.joined(separator: "\n"))
        #expect(result.passed, "\(String(describing: result.failure))")
    }
}
