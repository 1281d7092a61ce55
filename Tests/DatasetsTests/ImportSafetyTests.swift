import Datasets
import Foundation
import PanoCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An import never destroys a dataset it did not make, and writes nothing when it fails.
@Suite("Importing without losing data")
struct ImportSafetyTests {
    private static func photos(_ names: [String], in folder: URL) throws {
        for (i, name) in names.enumerated() {
            let place = ImportTests.origin.offset(by: Double(10 * i), bearing: 90)
            try Data(try ImportTests.photo(at: place)).write(to: folder.appendingPathComponent(name))
        }
    }

    private static func manifest(_ output: URL) throws -> Data {
        try Data(contentsOf: output.appendingPathComponent("manifest.json"))
    }

    @Test("a dataset another import made is refused, and kept byte for byte; --update adds to it, --force writes over it")
    func othersDataset() throws {
        let first = try ImportTests.folder()
        let second = try ImportTests.folder()
        let output = try ImportTests.folder().appendingPathComponent("dataset")
        defer { for url in [first, second, output.deletingLastPathComponent()] { try? FileManager.default.removeItem(at: url) } }
        try Self.photos(["a.jpg", "b.jpg", "c.jpg"], in: first)
        try Self.photos(["x.jpg"], in: second)
        _ = try PhotoImporter.importFolder(first, into: output)
        let before = try Self.manifest(output)

        #expect(throws: PhotoImporter.Failure.self) { try PhotoImporter.importFolder(second, into: output) }
        #expect(try Self.manifest(output) == before)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("images/x.jpg").path))
        do {
            _ = try PhotoImporter.importFolder(second, into: output)
        } catch {
            #expect(
                error.description.hasSuffix(
                    "already holds files that importing \(second.resolvingSymlinksInPath().path) did not make; "
                        + "add --update to add these photos to it, or --force to write over it"))
        }

        let updated = try PhotoImporter.importFolder(second, into: output, mode: .update)
        #expect(updated.imported.map(\.id) == ["x"])
        let merged = try Dataset.open(output.path)
        #expect(merged.service.panoramas.map(\.id) == ["a", "b", "c", "x"])
        #expect(merged.service.panorama(id: "b")?.links.map(\.target).sorted() == ["a", "c"], "links it had are kept")

        _ = try PhotoImporter.importFolder(second, into: output, mode: .force)
        #expect(try Dataset.open(output.path).service.panoramas.map(\.id) == ["x"])
    }

    @Test("a hand-made folder with other files is refused; the import's own earlier output is written again")
    func foreignFolder() throws {
        let source = try ImportTests.folder()
        let output = try ImportTests.folder()
        defer { for url in [source, output] { try? FileManager.default.removeItem(at: url) } }
        try Self.photos(["a.jpg"], in: source)
        try Data("notes".utf8).write(to: output.appendingPathComponent("notes.txt"))
        #expect(throws: PhotoImporter.Failure.self) { try PhotoImporter.importFolder(source, into: output) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["notes.txt"])

        try FileManager.default.removeItem(at: output.appendingPathComponent("notes.txt"))
        _ = try PhotoImporter.importFolder(source, into: output)
        try Self.photos(["a.jpg", "b.jpg"], in: source)
        let again = try PhotoImporter.importFolder(source, into: output)
        #expect(again.imported.map(\.id) == ["a", "b"])
    }

    @Test("an import that places no photo writes nothing: no folder, no images/")
    func nothingPlaced() throws {
        let source = try ImportTests.folder()
        let parent = try ImportTests.folder()
        defer { for url in [source, parent] { try? FileManager.default.removeItem(at: url) } }
        try Data(try ImportTests.photo(at: nil)).write(to: source.appendingPathComponent("no-gps.jpg"))
        let output = parent.appendingPathComponent("dataset")
        let report = try PhotoImporter.importFolder(source, into: output)
        #expect(report.imported.isEmpty && report.skipped.count == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("an output that is a file is refused with one line naming it")
    func outputIsAFile() throws {
        let source = try ImportTests.folder()
        defer { try? FileManager.default.removeItem(at: source) }
        try Self.photos(["a.jpg"], in: source)
        let file = source.appendingPathComponent("a.jpg")
        #expect(throws: PhotoImporter.Failure.self) { try PhotoImporter.importFolder(source, into: file) }
        do { _ = try PhotoImporter.importFolder(source, into: file) } catch {
            #expect(error.description == "\(file.path): is a regular file, not a folder; --output names the dataset folder to write")
        }
    }

    @Test("a photo replaced by another of the same size is copied again (contents are compared, not sizes)")
    func replacedPhotoSameSize() throws {
        let source = try ImportTests.folder()
        let output = try ImportTests.folder().appendingPathComponent("dataset")
        defer { for url in [source, output.deletingLastPathComponent()] { try? FileManager.default.removeItem(at: url) } }
        try Self.photos(["a.jpg"], in: source)
        _ = try PhotoImporter.importFolder(source, into: output)
        var bytes = try [UInt8](Data(contentsOf: source.appendingPathComponent("a.jpg")))
        bytes[bytes.count - 10] ^= 0x01  // same size, other pixels
        try Data(bytes).write(to: source.appendingPathComponent("a.jpg"))
        _ = try PhotoImporter.importFolder(source, into: output)
        #expect(try [UInt8](Data(contentsOf: output.appendingPathComponent("images/a.jpg"))) == bytes)
    }
}
