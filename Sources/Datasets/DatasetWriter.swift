#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SystemIO

/// Writes a dataset folder for the importer and can take back everything it wrote, so a failed
/// import leaves the folder as it found it.
struct DatasetWriter {
    let folder: URL
    /// Folders and files this writer made, in the order made.
    private var created: [String] = []

    init(folder: URL) {
        self.folder = folder
    }

    /// Makes the dataset folder and its `images/` where they are missing.
    mutating func makeFolders() throws(FileError) {
        for path in [folder.path, folder.appendingPathComponent("images").path] where FileKind.of(path) == nil {
            try OutputFile.makeFolder(path)
            created.append(path)
        }
    }

    /// Copies a photo to `relativePath` in the dataset, unless the same bytes are already there.
    mutating func copy(_ photo: URL, to relativePath: String) throws(FileError) {
        let destination = folder.appendingPathComponent(relativePath).path
        let bytes = try InputFile.read(photo.path, limit: PhotoImporter.photoByteLimit)
        let existed = FileKind.of(destination) != nil
        if existed, let current = try? InputFile.read(destination, limit: PhotoImporter.photoByteLimit), current == bytes { return }
        try OutputFile.replaceWhole(destination, with: bytes)
        if !existed { created.append(destination) }
    }

    /// Writes `manifest.json`, atomically.
    mutating func writeManifest(_ bytes: [UInt8]) throws(FileError) {
        let path = folder.appendingPathComponent("manifest.json").path
        let existed = FileKind.of(path) != nil
        try OutputFile.replaceWhole(path, with: bytes)
        if !existed { created.append(path) }
    }

    /// Removes what this writer made, newest first (files, then the folders they were in).
    mutating func undo() {
        for path in created.reversed() {
            if FileKind.of(path) == .directory { rmdir(path) } else { unlink(path) }
        }
        created = []
    }
}
