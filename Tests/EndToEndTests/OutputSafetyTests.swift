import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Nothing that isn't ours is ever replaced (docs/reliability.md): streams are written in
/// place, whole files only over a regular file or nothing, and inputs that are not regular
/// files are refused without blocking.
@Suite("Outputs and inputs that are not plain files")
struct OutputSafetyTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("--events writes through a symbolic link and into a device, replacing neither")
    func eventsInPlace() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.jsonl").path
        let link = folder.appendingPathComponent("link.jsonl").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
        #expect(symlink(target, link) == 0)
        let viaLink = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "Right q", "--events", link])
        #expect(viaLink.status == 0, "\(viaLink.standardError)")
        #expect(Self.kind(link) == S_IFLNK)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.contains("didMoveCamera") && !written.contains("old"))

        // A character device of our own where we may make one (root), else /dev/null.
        var device = folder.appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 { device = "/dev/null" }  // major 1, minor 3
        let toDevice = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "q", "--events", device])
        #expect(toDevice.status == 0, "\(toDevice.standardError)")
        #expect(Self.kind(device) == S_IFCHR)
    }

    @Test("--events into a FIFO: a waiting reader gets the events; with no reader, one line and status 1, no hang")
    func eventsIntoFIFO() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("events").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let lonely = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "q", "--events", fifo], timeLimit: 20)
        #expect(lonely.status == 1)
        #expect(lonely.errorLines == ["sidewalk: \(fifo): a FIFO with no reader; start the reader first"])

        // A reader on the FIFO: this test holds it open for reading (non-blocking), then drains it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try ProgramRun.sidewalk([Self.demo, "--headless", "--keys", "Right q", "--events", fifo], timeLimit: 20)
        #expect(run.status == 0, "\(run.standardError)")
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("didMoveCamera"))
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test(
        "a snapshot refuses to replace a link, a FIFO or a folder, with one line, before rendering", arguments: ["link", "fifo", "folder"])
    func snapshotRefuses(what: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.png").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("mine".utf8)))
        let output = folder.appendingPathComponent("out.png").path
        let expectedKind: mode_t
        let phrase: String
        switch what {
        case "link":
            #expect(symlink(target, output) == 0)
            expectedKind = S_IFLNK
            phrase = "a symbolic link"
        case "fifo":
            #expect(mkfifo(output, 0o600) == 0)
            expectedKind = S_IFIFO
            phrase = "a FIFO (named pipe)"
        default:
            #expect(mkdir(output, 0o755) == 0)
            expectedKind = S_IFDIR
            phrase = "a folder"
        }
        let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--size", "32x16", "--output", output], timeLimit: 30)
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["sidewalk: \(output): is \(phrase); refusing to replace it with a file (name a regular file or a new path)"])
        #expect(Self.kind(output) == expectedKind)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
    }

    @Test("a snapshot over a regular file replaces it atomically and keeps its permissions")
    func snapshotOverRegularFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        #expect(FileManager.default.createFile(atPath: output, contents: Data("old".utf8)))
        #expect(chmod(output, 0o600) == 0)
        let run = try ProgramRun.sidewalk(["snapshot", Self.demo, "--size", "32x16", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        var info = stat()
        #expect(lstat(output, &info) == 0 && info.st_mode & 0o777 == 0o600 && info.st_size > 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test("an image that is a FIFO is refused at once, as the explorer's image and in a dataset")
    func fifoImage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pano.jpg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [[fifo, "--headless", "--keys", "q"], ["snapshot", fifo, "--output", folder.appendingPathComponent("o.png").path]]
        {
            let run = try ProgramRun.sidewalk(arguments, timeLimit: 20)
            #expect(run.status == 1)
            #expect(run.errorLines == ["sidewalk: \(fifo): is a FIFO (named pipe), not a regular file"], "\(arguments)")
        }
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let image = fixture.folder.appendingPathComponent("images/b.png").path
        try FileManager.default.removeItem(atPath: image)
        #expect(mkfifo(image, 0o600) == 0)
        let dataset = try fixture.write(DatasetFixture.validManifest())
        let info = try ProgramRun.sidewalk(["info", dataset], timeLimit: 20)
        #expect(info.status == 1)
        #expect(
            info.standardOutput.contains("$.panoramas[1].image: 'images/b.png' is a FIFO (named pipe), not a regular file"),
            "\(info.standardOutput)")
    }

    @Test("a manifest that is a FIFO says so, without blocking")
    func fifoManifest() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json").path
        #expect(mkfifo(manifest, 0o600) == 0)
        let run = try ProgramRun.sidewalk(["info", folder.path], timeLimit: 20)
        #expect(run.status == 1)
        #expect((run.standardOutput + run.standardError).contains("\(manifest): is a FIFO (named pipe), not a regular file"))
    }
}
