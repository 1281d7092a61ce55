import FoundationEssentials
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Writes a dataset folder for the importer and can take back everything it wrote, so a failed
/// import leaves the folder as it found it (files it replaced stay replaced).
struct DatasetWriter: Sendable {
    let folder: URL
    /// Folders and files this writer made, in the order made.
    private var created: [String] = []

    init(folder: URL) {
        self.folder = folder
    }

    /// Makes the dataset folder and its `images/` where they are missing.
    mutating func makeFolders() throws(FileError) {
        if FileKind.of(folder.path) == nil {
            try OutputFile.makeFolder(folder.path)
            created.append(folder.path)
        }
        try makeFolder("images")
    }

    /// Makes the folder `relativePath` in the dataset (its parent must be there) where it is
    /// missing; taken back with everything later put in it.
    mutating func makeFolder(_ relativePath: String) throws(FileError) {
        let path = try DatasetPath.Resolver(folder: folder).inside(relativePath)
        guard FileKind.of(path) == nil else { return }
        try OutputFile.makeFolder(path)
        created.append(path)
    }

    /// Takes back the file or folder at `relativePath` (with all in it) if this writer made it;
    /// one that was there before stays.
    mutating func takeBack(_ relativePath: String) {
        guard let path = try? DatasetPath.Resolver(folder: folder).inside(relativePath), let index = created.firstIndex(of: path) else {
            return
        }
        Directory.removeTree(path)
        created.remove(at: index)
    }

    /// Copies a photo to `relativePath` in the dataset, unless the same bytes are already there.
    mutating func copy(_ photo: URL, to relativePath: String) throws(FileError) {
        try write(InputFile.read(photo.path, limit: PhotoImporter.photoByteLimit), to: relativePath)
    }

    /// Writes `bytes` to `relativePath` in the dataset, unless the same bytes are already there.
    mutating func write(_ bytes: [UInt8], to relativePath: String) throws(FileError) {
        let destination = try DatasetPath.Resolver(folder: folder).inside(relativePath)
        let existed = FileKind.of(destination) != nil
        if existed, let current = try? InputFile.read(destination, limit: PhotoImporter.photoByteLimit), current == bytes { return }
        try OutputFile.replaceWhole(destination, with: bytes)
        if !existed { created.append(destination) }
    }

    /// Writes the manifest's files (`ShardWriter.manifestFiles`: `manifest.json`, and shards in
    /// `shards/` for a large dataset), each atomically, the manifest last.
    mutating func writeManifest(_ files: [(path: String, bytes: Data)]) throws(FileError) {
        // The folders the files go in (`shards/`, `names/`), made first.
        let folders = Set(
            files.compactMap { $0.path.split(separator: "/", maxSplits: 1).count == 2 ? $0.path.split(separator: "/")[0] : nil })
        for name in folders.sorted() {
            let made = folder.appendingPathComponent(String(name)).path
            if FileKind.of(made) == nil {
                try OutputFile.makeFolder(made)
                created.append(made)
            }
        }
        for (relative, bytes) in files {
            let path = try DatasetPath.Resolver(folder: folder).inside(relative)
            let existed = FileKind.of(path) != nil
            try OutputFile.replaceWhole(path, with: [UInt8](bytes) + [0x0A])
            if !existed { created.append(path) }
        }
    }

    /// Removes what this writer made, newest first: files, then the folders they were in, each
    /// with whatever was put in it since (tiles).
    mutating func undo() {
        for path in created.reversed() {
            Directory.removeTree(path)
        }
        created = []
    }
}
