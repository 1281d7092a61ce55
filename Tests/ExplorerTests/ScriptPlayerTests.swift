import Explorer
import ExplorerScripts
import PanoCore
import Testing

/// Scripts with expectations: what passes, what fails and how the failure reads, explorer errors,
/// and time: expectations wait on the script's clock, `&` goes on while a move is under way.
@Suite("Script expectations")
struct ScriptPlayerTests {
    static func play(_ script: String, at id: String = "centre", heading: Double = 0) throws -> ScriptPlayer.Result {
        var front = RunnerFront(ScriptRunner(state: NavigationTests.state(at: id, heading: heading)))
        return ScriptPlayer.play(try KeyScript.parse(script, form: .file), on: &front)
    }

    @Test("a script whose expectations all come true passes, each one recorded")
    func passes() throws {
        let result = try Self.play(
            """
            expect panorama centre; expect ways 3; expect said /^centre, June 2024/
            Right; expect heading 15; expect said "Facing north, 15 degrees"; expect event didMoveCamera
            + ; expect zoom 1.5 ±0.3
            Tab; expect focus "way 1"; Escape; expect focus none
            w; expect panorama north; expect near 50.000108,10 2; expect note none
            """)
        #expect(result.passed, "\(String(describing: result.failure))")
        #expect(result.assertions.count == 12 && result.assertions.allSatisfy(\.passed))
    }

    @Test(
        "each kind of expectation fails with the line, what was expected and what was there",
        arguments: [
            ("expect heading 90", "expect heading 90: heading is 0° (waited 2 s)"),
            ("expect pitch 10 ±2", "expect pitch 10 ±2: pitch is 0° (waited 2 s)"),
            ("expect zoom 2", "expect zoom 2: zoom is 1× (waited 2 s)"),
            ("expect panorama east", "expect panorama east: at centre (waited 2 s)"),
            ("expect near 50.001,10", "expect near 50.001,10: 111 m away, at centre (waited 2 s)"),
            ("expect focus \"Fountain\"", "expect focus \"Fountain\": nothing is focused (waited 2 s)"),
            ("expect said /Fountain/", "expect said /Fountain/: nothing was said (waited 2 s)"),
            ("expect ways 2", "expect ways 2: 3 ways (waited 2 s)"),
            ("expect event didTapMarker", "expect event didTapMarker: no events (waited 2 s)"),
            ("expect note /switched off/", "expect note /switched off/: no note (waited 2 s)"),
            ("expect error", "expect error: no errors (waited 2 s)")
        ])
    func failures(line: String, message: String) throws {
        // - at zoom 1 changes nothing and says nothing.
        let result = try Self.play("-\n" + line + "\nRight\n")
        #expect(result.failure?.line == ScriptLine(try #require(KeyScript.parse(line, form: .file).first).step, line: 2, text: line))
        #expect(result.failure?.message == message)
        #expect(result.assertions.count == 1 && result.assertions[0].time >= 2, "it waited its deadline on the script's clock")
    }

    @Test("a soft expectation's failure is recorded and the play goes on; after a hard one the rest are skipped, not dropped")
    func softAndSkipped() throws {
        var tick = 0.0
        var front = RunnerFront(ScriptRunner(state: NavigationTests.state(at: "centre")))
        let script = """
            expect soft heading 90
            expect ways 3
            Right
            expect event didMoveCamera /"heading":99/
            expect heading 15
            expect soft ways 3
            """
        let result = ScriptPlayer.play(try KeyScript.parse(script, form: .file), on: &front) {
            tick += 0.25
            return tick
        }
        #expect(result.assertions.map(\.line.line) == [1, 2, 4] && result.assertions.map(\.passed) == [false, true, false])
        #expect(result.assertions[0].failure?.message == "expect soft heading 90: heading is 0° (waited 2 s)")
        #expect(result.failure?.line.line == 4, "the hard failure is the one that stopped the play")
        #expect(result.skipped.map(\.line) == [5, 6], "counted, as skipped")
        #expect(result.assertions.allSatisfy { $0.seconds == 0.25 }, "each timed from the one before")
        // The event did arrive: its fields are shown, not only its name.
        let message = try #require(result.failure?.message)
        #expect(message.hasPrefix(#"expect event didMoveCamera /"heading":99/: didMoveCamera arrived as: "{"#), "\(message)")
        #expect(result.assertions[2].evidence?.contains(#""heading":15"#) == true, "\(result.assertions[2].evidence ?? "")")
    }

    @Test("only soft failures: every expectation runs, and the script fails at the first of them")
    func onlySoft() throws {
        let result = try Self.play("expect soft ways 2\nRight\nexpect soft heading 90\nexpect heading 15\n")
        #expect(result.assertions.count == 3 && result.skipped.isEmpty)
        #expect(!result.passed && result.failure?.line.line == 1)
    }

    @Test("an explorer error fails the script at its line unless the next line expects it")
    func explorerErrors() throws {
        let unexpected = try Self.play(":goto nowhere\nRight\nexpect heading 15\n")
        #expect(unexpected.failure?.line.line == 1)
        #expect(unexpected.failure?.message == ":goto nowhere: the explorer reported an error: nowhere: no such panorama")
        #expect(unexpected.assertions.isEmpty, "nothing after it ran")
        #expect(try Self.play(":goto nowhere\nexpect error /no such panorama/\nRight\nexpect heading 15\n").passed)
        let last = try Self.play(":near 0,0")
        #expect(last.failure?.line.line == 1, "an error on the last line fails too")
    }

    @Test("expectations wait for an animated move; & goes on while it moves, so its timing can be checked")
    func timing() throws {
        // Waiting for it to settle (the default), the move has ended by the next line.
        #expect(try Self.play(":animate 180 0 1 2\nexpect heading 180 within 0").passed)
        // Going on at once, it is not there within 1 s, and is within its 2 s.
        let early = try Self.play(":animate 180 0 1 2 &\nexpect heading 180 within 1")
        #expect(
            early.failure?.message.hasPrefix("expect heading 180 within 1: heading is ") == true, "\(String(describing: early.failure))")
        let onTime = try Self.play(":animate 180 0 1 2 &\nexpect heading 180 within 2.1")
        #expect(
            onTime.passed && onTime.assertions[0].time > 1.9, "it came true when the move ended, at \(onTime.assertions.first?.time ?? 0) s"
        )
    }

    @Test("a key pressed during a move retargets it; what is said is the settled view, once")
    func keyDuringAMove() throws {
        let result = try Self.play("Right &\nRight\nexpect heading 30")
        #expect(result.passed)
        #expect(result.transcript.map(\.text).dropFirst() == ["Facing north-east, 30 degrees."], "\(result.transcript.map(\.text))")
    }
}
