import Foundation
import PanoCore
import SidewalkCommands
import SystemIO
import VectorTiles

/// The targets whose input is a file that is read by path: an MBTiles database (SQLite opens
/// files) and a suite's settings (`sidewalk test --config`, whose paths are relative to its folder).
extension FuzzTarget {
    /// A folder of this process's own for the files these targets write, with a script in it.
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-fuzz-files-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("a.txt").path, contents: Data("r\n".utf8))
        return folder
    }()

    /// `bytes` as the file `name` in `scratch`; its path.
    static func written(_ bytes: [UInt8], as name: String) -> String {
        let path = scratch.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// An MBTiles database opened as a basemap and drawn from around a place: at most the tiles
    /// a map reads, each within a map tile's limits.
    static func readMBTiles(_ bytes: [UInt8]) {
        guard let basemap = try? LocalTiles.mbtiles(path: written(bytes, as: "fuzz.mbtiles")) else { return }
        let features = basemap.features(near: Coordinate(latitude: 46.941, longitude: 7.445)!, within: 300, metresPerDot: 2)
        let points = features.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.count } }
        precondition(points <= 16 * VectorTile.Limits.map.points, "no more points than the tiles of a map may hold")
    }

    /// A suite's settings: every script it names lies inside its folder.
    static func readSuite(_ bytes: [UInt8]) {
        guard let scripts = SuiteSettings.scripts(at: written(bytes, as: "suite.json")) else { return }
        for script in scripts where FileKind.of(script) != nil {
            precondition(Directory.isOrLies(script, inside: scratch.path), "a suite's scripts lie inside its folder")
        }
    }
}
