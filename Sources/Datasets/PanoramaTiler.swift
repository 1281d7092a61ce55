import Dispatch
import FoundationEssentials
import Locking
import PanoCore
import PanoImage
import RemoteData
import StreetModel
import SystemIO

/// Cuts a full equirectangular image into the tile pyramid of docs/dataset-format.md ("Tiled
/// panoramas"): JPEG tiles at `tiles/ID/{level}/{row}/{col}.jpg` in a dataset folder. Tiles
/// already there are kept, so an interrupted run picks up where it stopped, and the same image
/// always gives the same bytes (the halving and the encoder are deterministic).
package enum PanoramaTiler {
    /// Side of a tile, pixels (Street View's and Photo Sphere Viewer's size).
    package static let tileSize = 512
    /// JPEG quality of the tiles, 1...100; they keep colour at every pixel (4:4:4), so a tiled
    /// view agrees with the photo's own to at least 40 dB PSNR (docs/decisions.md, 2026-12-04).
    package static let quality = 92

    /// The tile folder's name for a panorama id: letters, digits, `-`, `_` and `.` as they are
    /// (but a leading `.`), anything else as `%XX` bytes, so two ids never share a folder.
    package static func folderName(for id: String) -> String {
        let name = PercentEncoding.encode(id, keeping: "-_.")
        return name.hasPrefix(".") ? "%2E" + name.dropFirst() : name
    }

    /// Where the tiles of panorama `id` go, for an image `width`×`height`.
    package static func tiles(for id: String, width: Int, height: Int) -> PanoramaTiles? {
        TileGrid(width: width, height: height, tileSize: tileSize).map {
            PanoramaTiles(template: "tiles/\(folderName(for: id))/{level}/{row}/{col}.jpg", grid: $0)
        }
    }

    /// True when every tile of `tiles` is already in `folder`.
    /// A tile reached through a link out of `folder` does not count: it is written again, which
    /// `write` refuses.
    package static func isComplete(_ tiles: PanoramaTiles, in folder: URL) -> Bool {
        let resolver = DatasetPath.Resolver(folder: folder)
        return (0..<tiles.grid.levelCount).allSatisfy { level in
            tiles.grid.keys(level: level).allSatisfy {
                guard let path = try? resolver.inside(tiles.path(of: $0)) else { return false }
                return FileKind.of(path) == .regular
            }
        }
    }

    /// Writes the tiles of `image` that `folder` lacks, finest level first, each level's tiles
    /// in parallel; `progress` gets tiles done and the total after each level. Returns how many
    /// tiles were written.
    package static func write(
        _ image: RGBImage, as tiles: PanoramaTiles, into folder: URL,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(FileError) -> Int {
        let grid = tiles.grid
        precondition(image.width == grid.width && image.height == grid.height, "the image must be the grid's finest level")
        let total = (0..<grid.levelCount).reduce(0) { $0 + grid.keys(level: $1).count }
        var done = 0
        var written = 0
        var level = image
        let resolver = DatasetPath.Resolver(folder: folder)
        for index in stride(from: grid.levelCount - 1, through: 0, by: -1) {
            if index < grid.levelCount - 1 { level = level.halved() }
            let keys = grid.keys(level: index)
            let outcome = Locked<(written: Int, failure: FileError?)>((0, nil))
            let source = level
            DispatchQueue.concurrentPerform(iterations: keys.count) { i in
                let key = keys[i]
                guard let rect = grid.rect(of: key) else { return }
                do throws(FileError) {
                    // Never through a link out of the folder; a tile already there is kept.
                    let path = try resolver.inside(tiles.path(of: key))
                    guard FileKind.of(path) != .regular else { return }
                    try makeParents(of: path, under: folder.path)
                    let block = source.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                    guard let bytes = try? JPEGEncoder.encode(block, quality: quality, fullChroma: true, name: path) else {
                        throw .notWritable(path: path, reason: "the JPEG encoder failed")
                    }
                    try OutputFile.replaceWhole(path, with: bytes)
                    outcome.withLock { $0.written += 1 }
                } catch {
                    outcome.withLock { if $0.failure == nil { $0.failure = error } }
                }
            }
            let (count, failure) = outcome.withLock { ($0.written, $0.failure) }
            if let failure { throw failure }
            written += count
            done += keys.count
            progress(done, total)
        }
        return written
    }

    /// Makes the folders between `root` (which exists) and `path`'s folder.
    static func makeParents(of path: String, under root: String) throws(FileError) {
        let folder = PathText.parent(path)
        guard FileKind.of(folder) != .directory else { return }
        var current = root
        for component in folder.dropFirst(root.count).split(separator: "/") {
            current += "/" + component
            try OutputFile.makeFolder(current)
        }
    }
}
