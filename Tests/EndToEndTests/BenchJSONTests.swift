import Foundation
import Testing

@Suite("Benchmarks' JSON")
struct BenchJSONTests {
    @Test(
        "every benchmark's --json is one JSON document and nothing else (bench encode --color 256 --json once printed nothing)",
        arguments: [
            ["reproject"], ["reproject", "--threads", "1"], ["encode"], ["encode", "--color", "256"], ["encode", "--color", "16"],
            ["data"], ["imagery"], ["fidelity"], ["pixels"], ["flicker"], ["minify"], ["places"]
        ])
    func validJSON(arguments: [String]) throws {
        let run = try ProgramRun.sidewalk(["bench"] + arguments + ["--quick", "--json"], timeLimit: 600)
        #expect(run.status == 0, "\(run.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        let items = (document as? [Any]) ?? [document]
        #expect(!items.isEmpty && items.allSatisfy { $0 is [String: Any] }, "\(run.standardOutput.prefix(200))")
    }
}
