import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@Suite("sidewalk snapshot")
struct SnapshotTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "writes a WxH PNG of the view the camera flags ask for",
        arguments: [
            (90.0, 0.0, SyntheticPanorama.east), (180, 0, SyntheticPanorama.south), (0, 70, SyntheticPanorama.up)
        ] as [(Double, Double, RGB)])
    func writesTheView(heading: Double, pitch: Double, expected: RGB) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("cardinal.png").path
        try PNGEncoder.write(SyntheticPanorama.cardinal(width: 512).pyramid.image(level: 0), to: source)
        let output = directory.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk([
            "snapshot", source, "--heading", "\(heading)", "--pitch", "\(pitch)", "--zoom", "2", "--fov", "60",
            "--size", "64x48", "--output", output
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let view = try ImageDecoder.decodeFile(output)
        #expect(view.width == 64 && view.height == 48)
        #expect(view[32, 24] == expected)
    }

    @Test(
        "bad snapshot command lines get one line and status 2",
        arguments: [
            ["snapshot"], ["snapshot", "a.png"], ["snapshot", "--output", "x.jpg"], ["snapshot", "a.png", "--output", "x.jpg"],
            ["snapshot", "a.png", "--output", "x.png", "--size", "0x10"], ["snapshot", "a.png", "--output", "x.png", "--size", "big"],
            ["snapshot", "a.png", "--output", "x.png", "--bogus"]
        ])
    func usageErrors(arguments: [String]) throws {
        let run = try ProgramRun.sidewalk(arguments)
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1)
    }

    /// As the explorer does, a snapshot with no IMAGE or DATASET shows the bundled demo town,
    /// found beside the program (here the checkout's Assets) with no SIDEWALK_ASSETS: what a
    /// packaged install's first command shows.
    @Test("with no image or dataset, a snapshot shows the bundled demo town, as naming it does")
    func defaultsToTheDemo() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unnamed = directory.appendingPathComponent("unnamed.ans").path
        let named = directory.appendingPathComponent("named.ans").path
        let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path
        let first = try ProgramRun.sidewalk(["snapshot", "--size", "40x12", "--output", unnamed])
        #expect(first.status == 0, "\(first.standardError)")
        let second = try ProgramRun.sidewalk(["snapshot", demo, "--size", "40x12", "--output", named])
        #expect(second.status == 0, "\(second.standardError)")
        let picture = try Data(contentsOf: URL(fileURLWithPath: unnamed))
        #expect(picture.count > 40 * 12)
        #expect(picture == (try Data(contentsOf: URL(fileURLWithPath: named))))
    }

    @Test("a snapshot of a missing image fails with one line and writes nothing")
    func missingImage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("view.png").path
        let run = try ProgramRun.sidewalk(["snapshot", "/nonexistent.png", "--output", output])
        #expect(run.status == 1)
        #expect(run.errorLines == ["sidewalk: /nonexistent.png: no such file"])
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}

@Suite("sidewalk snapshot: kinds, overlays and the cache")
struct SnapshotKindTests {
    static let root = BuiltProducts.packageRoot(from: #filePath)
    static let compass = root.appendingPathComponent("Assets/default-panorama.png").path
    static let demo = root.appendingPathComponent("Assets/demo").path

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The text of ANSI art without its escape sequences.
    static func visibleText(_ bytes: [UInt8]) -> String {
        var out = ""
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) || next == "[" {}
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test(
        "each kind at three sizes: PNG pixels, ANSI art cells with colour codes, the description", arguments: [(16, 8), (80, 24), (203, 61)]
    )
    func kindsAndSizes(width: Int, height: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("view.png").path
        let ans = directory.appendingPathComponent("view.ans").path
        let txt = directory.appendingPathComponent("view.txt").path
        for output in [png, ans] {
            let run = try ProgramRun.sidewalk([
                "snapshot", Self.compass, "--heading", "90", "--size", "\(width)x\(height)", "--output", output
            ])
            #expect(run.status == 0, "\(run.standardError)")
        }
        let image = try ImageDecoder.decodeFile(png)
        #expect(image.width == width && image.height == height)
        #expect(image[width / 2, height / 2] == RGB(46, 160, 67) || image[width / 2, height / 2].g > 120, "east is green")

        let art = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ans)))
        let lines = Self.visibleText(art).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == height)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == width }, "every row is \(width) cells")
        #expect(String(decoding: art, as: UTF8.self).contains("\u{1B}[38;2;"), "truecolor codes by default")
        #expect(String(decoding: art, as: UTF8.self).split(separator: "\n").allSatisfy { $0.hasSuffix("\u{1B}[0m") }, "each row ends reset")

        let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--pano", "main-3", "--size", "\(width)x\(height)", "--output", txt])
        #expect(run.status == 0, "\(run.standardError)")
        let words = try String(contentsOfFile: txt, encoding: .utf8)
        #expect(
            words.hasPrefix(
                "Facing east, 90 degrees, at Main Street 16, Lindenfeld, 21 June 2024. Ways east and west. Behind on the left: Café Aurora")
        )
        #expect(!words.contains("r again"), "a description names every marker in range: \(words)")
        #expect(words.hasSuffix(".\n") && words.split(separator: "\n").count == 1)
    }

    @Test("--color none makes ANSI art with no escape at all; 256 colours use palette codes")
    func colorModes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("view.ans").path
        _ = try ProgramRun.sidewalk(["snapshot", Self.compass, "--color", "none", "--size", "40x12", "--output", output])
        #expect(try !Data(contentsOf: URL(fileURLWithPath: output)).contains(0x1B))
        _ = try ProgramRun.sidewalk(["snapshot", Self.compass, "--color", "256", "--size", "40x12", "--output", output])
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("\u{1B}[38;5;") && !text.contains("38;2;"))
    }

    @Test(
        "--symbols: ANSI art of the demo town in quadrants, sextants and octants uses those glyphs; half blocks none of them",
        arguments: [("half", 0x2580...0x2580), ("quadrant", 0x2596...0x259F), ("sextant", 0x1FB00...0x1FB3B), ("octant", 0x1CD00...0x1CDE5)]
    )
    func symbols(name: String, range: ClosedRange<UInt32>) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("view-\(name).ans").path
        let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--symbols", name, "--size", "60x20", "--no-cache", "--output", output])
        #expect(run.status == 0, "\(run.errorLines)")
        let scalars = try String(contentsOfFile: output, encoding: .utf8).unicodeScalars.map(\.value)
        #expect(scalars.filter { range.contains($0) }.count > 20, "\(name) glyphs drawn")
        let (quadrants, sextants, octants): (ClosedRange<UInt32>, ClosedRange<UInt32>, ClosedRange<UInt32>) =
            (0x2596...0x259F, 0x1FB00...0x1FB3B, 0x1CD00...0x1CDE5)
        let others = ["half": [quadrants, sextants, octants], "quadrant": [sextants, octants], "sextant": [octants], "octant": [sextants]][
            name]!
        #expect(!scalars.contains { value in others.contains { $0.contains(value) } }, "no glyphs of another set")
    }

    @Test("--overlays: ANSI art shows the explorer's screen (place, ways, status); a PNG gets chevrons and pins")
    func overlays() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ans = directory.appendingPathComponent("view.ans").path
        let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--pano", "main-3", "--overlays", "--size", "120x36", "--output", ans])
        #expect(run.status == 0, "\(run.standardError)")
        let text = Self.visibleText([UInt8](try Data(contentsOf: URL(fileURLWithPath: ans))))
        #expect(text.hasPrefix(" Main Street 16, Lindenfeld · 2024-06-21"))
        #expect(text.contains("▲1 Main Street") && text.contains("Heading 90° E"))
        let plain = directory.appendingPathComponent("plain.png").path
        let marked = directory.appendingPathComponent("marked.png").path
        _ = try ProgramRun.sidewalk(["snapshot", Self.demo, "--pano", "main-3", "--size", "320x180", "--output", plain])
        _ = try ProgramRun.sidewalk(["snapshot", Self.demo, "--pano", "main-3", "--overlays", "--size", "320x180", "--output", marked])
        let a = try ImageDecoder.decodeFile(plain)
        let b = try ImageDecoder.decodeFile(marked)
        let changed = (0..<180).reduce(0) { sum, y in sum + (0..<320).filter { a[$0, y] != b[$0, y] }.count }
        #expect(changed > 50 && changed < 320 * 180 / 4, "overlays mark the view without covering it: \(changed) pixels")
    }

    @Test("snapshot --map draws the demo town's own basemap under its panoramas: streets, the brook and their names; off leaves it out")
    func mapWithBasemap() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func map(_ more: [String]) throws -> String {
            let output = directory.appendingPathComponent("map-\(more.count).ans").path
            let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--map", "--size", "120x40", "--output", output] + more)
            #expect(run.status == 0, "\(run.standardError)")
            return try String(contentsOfFile: output, encoding: .utf8)
        }
        let with = try map([])
        let without = try map(["--basemap", "off"])
        // Names only the basemap has (scripts/reference/make_demo_basemap.py), and more braille.
        for name in ["Linden Brook", "Church Street", "Brook Path"] {
            #expect(with.contains(name) && !without.contains(name), "\(name)")
        }
        let dots = { (text: String) in text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }
        #expect(dots(with) > 2 * dots(without), "\(dots(with)) braille cells with the basemap, \(dots(without)) without")
    }

    @Test("a basemap that cannot be read is one line naming it and status 1; a FIFO is refused, not waited on")
    func badBasemap() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notArchive = directory.appendingPathComponent("streets.pmtiles").path
        try Data("not an archive".utf8).write(to: URL(fileURLWithPath: notArchive))
        let fifo = directory.appendingPathComponent("pipe.pmtiles").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = directory.appendingPathComponent("m.png").path
        let cases = [
            (notArchive, "\(notArchive): not a PMTiles archive"), ("/nonexistent.pmtiles", "/nonexistent.pmtiles: no such file"),
            (fifo, "\(fifo): is a FIFO (named pipe), not a regular file")
        ]
        for (file, saying) in cases {
            let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--map", "--basemap", file, "--output", output], timeLimit: 30)
            #expect(
                run.status == 1 && run.errorLines.count == 1 && run.standardError.hasPrefix("sidewalk: basemap \(saying)"),
                "\(run.standardError)")
        }
    }

    @Test("no imagery near the place: the message and status 3, for every kind")
    func noImagery() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for kind in ["png", "ans", "txt"] {
            let run = try ProgramRun.sidewalk([
                "snapshot", Self.demo, "--at", "0,0", "--output", directory.appendingPathComponent("v.\(kind)").path
            ])
            #expect(run.status == 3)
            #expect(
                run.errorLines == [
                    "sidewalk: No street-level imagery available within 50 m of 0,0; nearest imagery 5270 km north, Main Street 10, Lindenfeld"
                ])
        }
    }

    /// FNV-1a 64, as the cache's entries use it: the test's own oracle.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test("the cache key covers every input: editing the manifest (named by folder or by manifest.json) or the image misses the cache")
    func cacheKeyCoversInputs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        try fixture.write(manifest)
        let environment = ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        func snapshot(_ input: String, _ output: String) throws -> String {
            let path = directory.appendingPathComponent(output).path
            let run = try ProgramRun.sidewalk(
                ["snapshot", input, "--pano", "a", "--size", "40x20", "--output", path], environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let manifestFile = fixture.folder.appendingPathComponent("manifest.json").path
        for input in [fixture.folder.path, manifestFile] {
            var panoramas = manifest["panoramas"] as! [[String: Any]]
            panoramas[0]["description"] = "Before \(input.count)"
            manifest["panoramas"] = panoramas
            try fixture.write(manifest)
            #expect(try snapshot(input, "words.txt").contains("Before \(input.count)"))
            panoramas[0]["description"] = "After \(input.count)"
            manifest["panoramas"] = panoramas
            try fixture.write(manifest)
            #expect(try snapshot(input, "words.txt").contains("After \(input.count)"), "a stale description was served for \(input)")
        }
        let before = try snapshot(manifestFile, "view.ans")
        try PNGEncoder.write(
            SyntheticPanorama.gradient(width: 64, height: 32), to: fixture.folder.appendingPathComponent("images/a.png").path)
        #expect(try snapshot(manifestFile, "view.ans") != before, "a stale picture was served after the image changed")
    }

    @Test("the cache is bounded: entries beyond its 64 MB are evicted, least recently used first")
    func cacheEviction() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entries = directory.appendingPathComponent("cache/sidewalk/snapshots")
        try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
        // Two old entries of 40 MB each (sparse), used long ago; then a new snapshot is stored.
        for name in ["old-1", "old-2"] {
            let path = entries.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 40 << 20) == 0)
            var times = [
                timespec(tv_sec: 1_000_000 + (name == "old-1" ? 0 : 1), tv_nsec: 0),
                timespec(tv_sec: 1_000_000 + (name == "old-1" ? 0 : 1), tv_nsec: 0)
            ]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        let output = directory.appendingPathComponent("view.ans").path
        let run = try ProgramRun.sidewalk(
            ["snapshot", Self.compass, "--size", "30x10", "--output", output],
            environment: ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path])
        #expect(run.status == 0, "\(run.standardError)")
        let left = try FileManager.default.contentsOfDirectory(atPath: entries.path)
        #expect(!left.contains("old-1"), "the least recently used went first")
        #expect(left.contains("old-2") && left.count == 2, "\(left)")
    }

    @Test(
        "a snapshot larger than the memory budget allows is refused before any work",
        arguments: [
            (
                ["--size", "8192x8192", "--output", "o.ans"],
                "sidewalk: --size 8192x8192 is more than the 1000000 cells a .ans snapshot may have (memory budget, docs/reliability.md)"
            ),
            (
                ["--size", "4096x4096", "--output", "o.png"],
                "sidewalk: --size 4096x4096 is more than the 8388608 pixels a .png snapshot may have (memory budget, docs/reliability.md)"
            )
        ])
    func tooLarge(arguments: [String], message: String) throws {
        let run = try ProgramRun.sidewalk(["snapshot", Self.compass] + arguments)
        #expect(run.status == 2)
        #expect(run.errorLines == [Substring(message)])
    }

    @Test("the cache: a hit gives identical bytes from the cache; a corrupt entry is a miss and is made again; --no-cache bypasses it")
    func cache() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        let entries = directory.appendingPathComponent("cache/sidewalk/snapshots")
        let output = directory.appendingPathComponent("view.ans").path
        let arguments = ["snapshot", Self.compass, "--heading", "45", "--size", "30x10", "--output", output]
        func render(_ extra: [String] = []) throws -> [UInt8] {
            let run = try ProgramRun.sidewalk(arguments + extra, environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        let first = try render()
        let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
        #expect(names.count == 1, "one entry, and no temporary file left: \(names)")
        let entry = entries.appendingPathComponent(names[0])
        #expect(try render() == first, "a hit returns identical bytes")

        // An entry with a valid header but other content is served as is: the cache is read.
        let original = [UInt8](try Data(contentsOf: entry))
        let header = String(decoding: original.prefix { $0 != 0x0A }, as: UTF8.self).split(separator: " ")
        let planted = Array("planted\n".utf8)
        let forged = "\(header[0]) \(header[1]) \(header[2]) \(planted.count) \(Self.fnv1a(planted))\n"
        try Data(Array(forged.utf8) + planted).write(to: entry)
        #expect(try render() == planted)
        #expect(try render(["--no-cache"]) == first, "--no-cache neither reads nor trusts the entry")

        // Corrupt entries: a flipped byte, a truncated payload, a garbage header.
        for corrupt in [
            original.enumerated().map { $0 == original.count - 3 ? $1 ^ 0xFF : $1 }, Array(original.dropLast(40)), Array("junk".utf8)
        ] {
            try Data(corrupt).write(to: entry)
            #expect(try render() == first, "treated as a miss and made again")
            #expect(try [UInt8](Data(contentsOf: entry)) == original, "and the entry is whole again")
        }
    }
}
