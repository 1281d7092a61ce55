import Explorer
import ExplorerScripts
import FoundationEssentials
import SystemIO
import TextSafety

/// A suite's runs as test points, and as TAP 13 or JUnit XML (the Ant schema CI servers read):
/// each failure with its script line, what was said just before it and what was there (the
/// screen, the events with their fields), each expectation's time, and the expectations a
/// failure kept from running as skipped, so a script's counts are the same red or green.
enum ScriptReport {
    /// One test: an expectation, an explorer error nobody expected, or a script with no
    /// expectations that played to its end.
    struct Point {
        enum Outcome {
            case passed
            /// The message, the lines said before it, and what was there whole (or nil).
            case failed(message: String, transcript: [String], evidence: String?)
            /// Not run: why.
            case skipped(String)
        }

        let name: String
        let outcome: Outcome
        /// Wall-clock seconds it took (`ScriptPlayer.Assertion.seconds`).
        var seconds: Double = 0

        var failed: Bool { if case .failed = outcome { true } else { false } }
        var skipped: Bool { if case .skipped = outcome { true } else { false } }
    }

    /// How many lines said before a failure a report shows.
    static let transcriptContext = 6

    static func points(_ run: ScriptSuite.Run) -> [Point] {
        let result = run.result
        func around(_ line: Int) -> [String] { result.transcript.filter { $0.line <= line }.suffix(transcriptContext).map(\.text) }
        func name(_ line: ScriptLine) -> String { "line \(line.line): \(line.text)" }
        var points = result.assertions.map { assertion in
            let outcome: Point.Outcome =
                assertion.failure.map {
                    .failed(message: $0.message, transcript: around(assertion.line.line), evidence: assertion.evidence)
                }
                ?? .passed
            return Point(name: name(assertion.line), outcome: outcome, seconds: assertion.seconds)
        }
        if let failure = result.failure, !result.assertions.contains(where: { $0.failure == failure }) {
            points.append(
                Point(
                    name: name(failure.line),
                    outcome: .failed(message: failure.message, transcript: around(failure.line.line), evidence: nil)))
        }
        let reason = result.failure.map { "not reached: line \($0.line.line) failed" } ?? ""
        points += result.skipped.map { Point(name: name($0), outcome: .skipped(reason)) }
        if points.isEmpty { points.append(Point(name: "played to its end", outcome: .passed)) }
        return points
    }

    /// TAP version 13: a test point per expectation with its time, failures with a YAML block
    /// (the message, the script, what was said, and the screen or events), skipped ones `# SKIP`.
    static func tap(_ runs: [ScriptSuite.Run]) -> String {
        var out = ["TAP version 13"]
        var number = 0
        for run in runs {
            out.append("# \(clean(run.title))")
            if run.attempts > 1 { out.append("# played \(run.attempts) times" + (run.flaky ? ": flaky, passed on the last" : "")) }
            for point in points(run) {
                number += 1
                let name = clean("\(run.title) \(point.name)").replacing("#", with: "\\#")
                switch point.outcome {
                case .passed:
                    out += ["ok \(number) - \(name)", "  ---", "  duration_ms: \(milliseconds(point.seconds))", "  ..."]
                case .skipped(let reason):
                    out.append("ok \(number) - \(name) # SKIP \(clean(reason))")
                case .failed(let message, let transcript, let evidence):
                    out.append("not ok \(number) - \(name)")
                    out += ["  ---", "  message: \(yamlQuoted(message))", "  script: \(yamlQuoted(run.script.path))"]
                    out.append("  duration_ms: \(milliseconds(point.seconds))")
                    out += yamlBlock("said", transcript.isEmpty ? ["(nothing)"] : transcript)
                    if let evidence { out += yamlBlock("found", evidence.components(separatedBy: "\n"), margin: "| ") }
                    if let trace = run.trace { out.append("  trace: \(yamlQuoted(trace))") }
                    out.append("  ...")
                }
            }
        }
        out.append("1..\(number)")
        return out.joined(separator: "\n") + "\n"
    }

    /// JUnit XML as Ant writes it: a testsuite per script, a testcase per test point with its
    /// time, a failure's text holding what was there, skipped points `<skipped/>`.
    static func junit(_ runs: [ScriptSuite.Run], at date: Date, hostname: String) -> String {
        let stamp = UTCTime.text(date.timeIntervalSince1970, "%Y-%m-%dT%H:%M:%S")
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites>"]
        for (id, run) in runs.enumerated() {
            let points = points(run)
            let (failures, skipped) = (points.filter(\.failed).count, points.filter(\.skipped).count)
            let name = xml(run.title)
            out.append(
                "  <testsuite name=\"\(name)\" package=\"sidewalk\" id=\"\(id)\" timestamp=\"\(stamp)\" hostname=\"\(xml(hostname))\" "
                    + "tests=\"\(points.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(run.seconds))\">"
            )
            let attempts = run.attempts > 1 ? "<property name=\"attempts\" value=\"\(run.attempts)\"/>" : ""
            let flaky = run.flaky ? "<property name=\"flaky\" value=\"true\"/>" : ""
            out.append(
                "    <properties><property name=\"simulated-seconds\" value=\"\(seconds(run.simulated))\"/>\(attempts)\(flaky)</properties>"
            )
            for point in points { out += testcase(point, suite: name) }
            // A trace is named as CI servers' attachment plugins read it (Jenkins' [[ATTACHMENT|path]]).
            let attachment = run.trace.map { ["[[ATTACHMENT|\(xml($0))]]"] } ?? []
            out.append("    <system-out>\((run.result.transcript.map { xml($0.text) } + attachment).joined(separator: "\n"))</system-out>")
            out.append("    <system-err/>")
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    /// One point's `<testcase>` lines.
    private static func testcase(_ point: Point, suite: String) -> [String] {
        let opening = "    <testcase name=\"\(xml(point.name))\" classname=\"\(suite)\" time=\"\(seconds(point.seconds))\""
        switch point.outcome {
        case .passed:
            return [opening + "/>"]
        case .skipped(let reason):
            return [opening + ">", "      <skipped message=\"\(xml(reason))\"/>", "    </testcase>"]
        case .failed(let message, let transcript, let evidence):
            var lines = [message, "said before it:"] + transcript.map { "  " + $0 }
            if let evidence { lines += ["found:"] + evidence.components(separatedBy: "\n").map { "  " + $0 } }
            let body = lines.map(xml).joined(separator: "\n")
            return [
                opening + ">", "      <failure message=\"\(xml(message))\" type=\"expectation\">\(body)</failure>",
                "    </testcase>"
            ]
        }
    }

    /// A YAML literal block `key: |` of `lines`, each cleaned and indented. TAP's YAMLish takes
    /// a block's indentation from its first line, so where a line may start with spaces (a
    /// screen's rows) each is framed by `margin` to keep its own.
    private static func yamlBlock(_ key: String, _ lines: [String], margin: String = "") -> [String] {
        ["  \(key): |"] + lines.map { "    " + margin + clean($0) }
    }

    static func milliseconds(_ value: Double) -> String {
        String(Int((value * 1000).rounded()))
    }

    /// Text with no control characters (dataset text is untrusted, and XML 1.0 forbids most).
    static func clean(_ text: String) -> String {
        TextSanitizer.sanitize(text).replacing("\n", with: " ")
    }

    static func xml(_ text: String) -> String {
        clean(text).replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }

    /// A YAML single-quoted scalar.
    static func yamlQuoted(_ text: String) -> String {
        "'" + clean(text).replacing("'", with: "''") + "'"
    }

    static func seconds(_ value: Double) -> String {
        String(cFormat: "%.3f", value)
    }
}
