import Foundation
import TestSupport
import Testing

/// `sidewalk import panoramax:...`: an area or a sequence written as a normal dataset that is
/// walked later without the server.
@Suite("Panoramax import")
struct PanoramaxImportTests {
    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-\(UUID().uuidString)")
    }

    @Test("an area: its readable 360° pictures, with their credit and ways; what was left out is said; walked offline afterwards")
    func area() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        var server: PanoramaxFixture? = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(
            ["import", server!.dataset, "--bbox", "7.4440,46.9410,7.4460,46.9414", "--output", output.path],
            timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "imported 7 panoramas with 14 links into \(output.path); skipped 3\n", "\(run.standardOutput)")
        #expect(run.standardError.contains("skipped \(PanoramaxFixture.flat): a flat picture"), "\(run.standardError)")
        #expect(run.standardError.contains("skipped \(PanoramaxFixture.failing): ") && run.standardError.contains("HTTP 500"))
        #expect(run.standardError.contains("skipped \(PanoramaxFixture.a[5]): ") && run.standardError.contains("HTTP 404"))
        server = nil
        let a = PanoramaxFixture.a
        let walk = try ProgramRun.sidewalk([output.path, "--pano", a[2], "--heading", "90", "--headless", "--keys", "w t"], timeLimit: 60)
        #expect(walk.status == 0, "\(walk.standardError)")
        let lines = walk.standardOutput.split(separator: "\n")
        #expect(
            lines.count == 4 && lines[1].hasPrefix("46.9412 north, 7.4450 east;")
                && lines[2].hasPrefix("46.9412 north, 7.4450 east, 15 January 2023;") && lines[3] == "Date 1 of 2: 15 January 2023.",
            "\(walk.standardOutput)")
        let info = try ProgramRun.sidewalk(["info", output.path, "--pano", a[3]])
        #expect(info.standardOutput.contains("credit:   © Lindenfeld survey, CC-BY-SA-4.0"), "\(info.standardOutput)")
    }

    @Test("a sequence: its pictures in order, page after page")
    func sequence() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(at: output) }
        let server = try PanoramaxFixture()
        let run = try ProgramRun.sidewalk(["import", server.dataset, "--sequence", "seq-a", "--output", output.path], timeLimit: 120)
        #expect(run.status == 0, "\(run.standardError)")
        // Six pictures in pages of four; A5's image is missing.
        #expect(run.standardOutput.hasPrefix("imported 5 panoramas with 8 links"), "\(run.standardOutput)")
        #expect(server.requests().filter { $0.path.hasPrefix("/api/collections/seq-a/items") }.count == 2)
        let again = try ProgramRun.sidewalk(["import", server.dataset, "--sequence", "seq-a", "--output", output.path], timeLimit: 120)
        #expect(again.status == 0, "the same import again writes over its own output: \(again.standardError)")
    }

    @Test("import from Panoramax needs an area or a sequence; a box must be small and well formed")
    func usage() throws {
        let needs = try ProgramRun.sidewalk(["import", "panoramax:", "--output", Self.folder().path])
        #expect(needs.status == 2 && needs.standardError.contains("needs --bbox W,S,E,N or --sequence ID"), "\(needs.standardError)")
        let large = try ProgramRun.sidewalk(["import", "panoramax:", "--bbox", "2,48,3,49", "--output", Self.folder().path])
        #expect(large.status == 2 && large.standardError.contains("more than 0.5° on a side"), "\(large.standardError)")
        let swapped = try ProgramRun.sidewalk(["import", "panoramax:", "--bbox", "3,48,2,48.1", "--output", Self.folder().path])
        #expect(swapped.status == 2 && swapped.standardError.contains("west must be less than east"), "\(swapped.standardError)")
        let folder = try ProgramRun.sidewalk(["import", "photos", "--sequence", "s", "--output", Self.folder().path])
        #expect(folder.status == 2 && folder.standardError.contains("the source is then panoramax:"), "\(folder.standardError)")
    }
}
