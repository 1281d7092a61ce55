import Explorer
import Foundation
import TextSafety

/// A suite's runs as test points, and as TAP 13 or JUnit XML (the Ant schema CI servers read),
/// each failure with its script line and what was said just before it.
enum ScriptReport {
    /// One test: an expectation, an explorer error nobody expected, or a script with no
    /// expectations that played to its end.
    struct Point {
        let name: String
        /// Nil when it passed; else the message and the transcript around it.
        let failure: (message: String, transcript: [String])?
    }

    /// How many lines said before a failure a report shows.
    static let transcriptContext = 6

    static func points(_ run: ScriptSuite.Run) -> [Point] {
        let result = run.result
        func around(_ line: Int) -> [String] { result.transcript.filter { $0.line <= line }.suffix(transcriptContext).map(\.text) }
        var points = result.assertions.map { assertion in
            Point(
                name: "line \(assertion.line.line): \(assertion.line.text)",
                failure: assertion.found.map { _ in (result.failure?.message ?? "", around(assertion.line.line)) })
        }
        if let failure = result.failure, !result.assertions.contains(where: { !$0.passed }) {
            points.append(
                Point(name: "line \(failure.line.line): \(failure.line.text)", failure: (failure.message, around(failure.line.line))))
        }
        if points.isEmpty { points.append(Point(name: "played to its end", failure: nil)) }
        return points
    }

    /// TAP version 13: a test point per expectation, failures with a YAML block.
    static func tap(_ runs: [ScriptSuite.Run]) -> String {
        var out = ["TAP version 13"]
        var number = 0
        for run in runs {
            out.append("# \(clean(run.title))")
            for point in points(run) {
                number += 1
                let name = clean("\(run.title) \(point.name)").replacingOccurrences(of: "#", with: "\\#")
                guard let failure = point.failure else {
                    out.append("ok \(number) - \(name)")
                    continue
                }
                out.append("not ok \(number) - \(name)")
                out += ["  ---", "  message: \(yamlQuoted(failure.message))", "  script: \(yamlQuoted(run.script.path))", "  said: |"]
                out += (failure.transcript.isEmpty ? ["(nothing)"] : failure.transcript).map { "    " + clean($0) }
                out.append("  ...")
            }
        }
        out.append("1..\(number)")
        return out.joined(separator: "\n") + "\n"
    }

    /// JUnit XML as Ant writes it: a testsuite per script, a testcase per test point.
    static func junit(_ runs: [ScriptSuite.Run], at date: Date, hostname: String) -> String {
        let stamp = ISO8601DateFormatter.string(
            from: date, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate])
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites>"]
        for (id, run) in runs.enumerated() {
            let points = points(run)
            let failures = points.filter { $0.failure != nil }.count
            let name = xml(run.title)
            out.append(
                "  <testsuite name=\"\(name)\" package=\"sidewalk\" id=\"\(id)\" timestamp=\"\(stamp)\" hostname=\"\(xml(hostname))\" "
                    + "tests=\"\(points.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(run.seconds))\">")
            out.append("    <properties><property name=\"simulated-seconds\" value=\"\(seconds(run.simulated))\"/></properties>")
            for point in points {
                let opening = "    <testcase name=\"\(xml(point.name))\" classname=\"\(name)\" time=\"0\""
                guard let failure = point.failure else {
                    out.append(opening + "/>")
                    continue
                }
                let body = ([failure.message, "said before it:"] + failure.transcript.map { "  " + $0 }).map(xml).joined(separator: "\n")
                out += [
                    opening + ">", "      <failure message=\"\(xml(failure.message))\" type=\"expectation\">\(body)</failure>",
                    "    </testcase>"
                ]
            }
            out.append("    <system-out>\(run.result.transcript.map { xml($0.text) }.joined(separator: "\n"))</system-out>")
            out.append("    <system-err/>")
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Text with no control characters (dataset text is untrusted, and XML 1.0 forbids most).
    static func clean(_ text: String) -> String {
        TextSanitizer.sanitize(text).replacingOccurrences(of: "\n", with: " ")
    }

    static func xml(_ text: String) -> String {
        clean(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A YAML single-quoted scalar.
    static func yamlQuoted(_ text: String) -> String {
        "'" + clean(text).replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
