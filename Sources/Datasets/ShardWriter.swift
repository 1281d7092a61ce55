import BoundedJSON
import FoundationEssentials
import PanoCore
import StreetModel
import SystemIO

/// Writes a large dataset's manifest as shards (docs/dataset-format.md, "Sharded datasets"):
/// panoramas grouped in cells of `ShardIndex.cellDegrees`, one file per cell in `shards/`, and a
/// `manifest.json` holding the index, with the start's shard first. Links to a panorama in
/// another shard carry its position, so the explorer can find and read that shard.
package enum ShardWriter {
    /// Above this many panoramas, `import` and `tile` write shards instead of one manifest.
    package static let threshold = 10_000

    /// The files of a dataset's manifest, as (path in the dataset, bytes), the manifest last:
    /// one `manifest.json` up to `threshold` panoramas, shards above it.
    package static func manifestFiles(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker],
        importedFrom: String? = nil
    ) throws(DatasetError) -> [(path: String, bytes: Data)] {
        guard panoramas.count > threshold else {
            return [
                (
                    "manifest.json",
                    try ManifestEncoder.encode(
                        name: name, start: start, panoramas: panoramas, markers: markers,
                        importedFrom: importedFrom)
                )
            ]
        }
        return try shardedFiles(name: name, start: start, panoramas: panoramas, markers: markers, importedFrom: importedFrom)
    }

    /// The manifest and shard files for `panoramas`, sharded whatever their number. `start`
    /// defaults to the first panorama.
    package static func shardedFiles(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker],
        importedFrom: String? = nil
    ) throws(DatasetError) -> [(path: String, bytes: Data)] {
        var files: [(path: String, bytes: Data)] = []
        try shard(name: name, start: start, panoramas: panoramas, markers: markers, importedFrom: importedFrom) { path, bytes in
            files.append((path, bytes))
        }
        return files
    }

    /// Writes a sharded dataset's manifest into `folder` shard by shard, so memory holds one
    /// shard's JSON at a time (for datasets of millions).
    package static func writeSharded(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker],
        into folder: URL
    ) throws(DatasetError) {
        do {
            try OutputFile.makeFolder(folder.appendingPathComponent("shards").path)
            try OutputFile.makeFolder(folder.appendingPathComponent("names").path)
        } catch {
            throw .file(error)
        }
        try shard(name: name, start: start, panoramas: panoramas, markers: markers, importedFrom: nil) { path, bytes throws(DatasetError) in
            do throws(FileError) {
                try OutputFile.replaceWhole(DatasetPath.Resolver(folder: folder).inside(path), with: [UInt8](bytes) + [0x0A])
            } catch {
                throw .file(error)
            }
        }
    }

    /// Groups `panoramas` into cells and hands each shard file, then the manifest, to `emit`.
    private static func shard(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker], importedFrom: String?,
        emit: (String, Data) throws(DatasetError) -> Void
    ) throws(DatasetError) {
        guard let first = panoramas.first else { return }
        let startID = start ?? first.id
        func cell(_ coordinate: Coordinate) -> String {
            let row = Int((coordinate.latitude / ShardIndex.cellDegrees).rounded(.down))
            let column = Int((coordinate.longitude / ShardIndex.cellDegrees).rounded(.down))
            return "shards/\(row)_\(column).json"
        }
        let shardOf = Dictionary(panoramas.map { ($0.id, cell($0.coordinate)) }, uniquingKeysWith: { first, _ in first })
        let positions = Dictionary(panoramas.map { ($0.id, $0.coordinate) }, uniquingKeysWith: { first, _ in first })
        var groups: [String: [Panorama]] = [:]
        for var panorama in panoramas {
            let here = shardOf[panorama.id]!
            for index in panorama.links.indices where shardOf[panorama.links[index].target] != here {
                panorama.links[index].targetCoordinate = positions[panorama.links[index].target]
            }
            groups[here, default: []].append(panorama)
        }
        let startShard = shardOf[startID] ?? cell(first.coordinate)
        var index: [JSONValue] = []
        for path in [startShard] + groups.keys.filter({ $0 != startShard }).sorted() {
            let members = groups.removeValue(forKey: path) ?? []
            let latitudes = members.map(\.coordinate.latitude)
            let longitudes = members.map(\.coordinate.longitude)
            let box = [longitudes.min() ?? 0, latitudes.min() ?? 0, longitudes.max() ?? 0, latitudes.max() ?? 0]
            index.append(["href": .string(path), "count": .number(Double(members.count)), "bbox": .array(box.map(JSONValue.number))])
            let shard: JSONValue = ["format": "sidewalk-shard", "version": 1, "panoramas": .array(members.map(ManifestEncoder.entry))]
            try emit(path, try ManifestEncoder.serialize(shard))
        }
        for (path, bytes) in NamesIndex.files(for: panoramas) { try emit(path, bytes) }
        var root = JSONObject([
            ("format", "sidewalk-dataset"), ("version", 1), ("start", .string(startID)), ("shards", .array(index)),
            ("names", .string(NamesIndex.wordsPath)), ("markers", .array(markers.map(ManifestEncoder.entry)))
        ])
        root["name"] = name.map(JSONValue.string)
        root["importedFrom"] = importedFrom.map(JSONValue.string)
        try emit("manifest.json", try ManifestEncoder.serialize(.object(root)))
    }

    /// Writes `files` into `folder` (making `shards/` when there are shards), each atomically, in
    /// order (the manifest last).
    package static func write(_ files: [(path: String, bytes: Data)], into folder: URL) throws(FileError) {
        var writer = DatasetWriter(folder: folder)
        try writer.writeManifest(files)
    }
}
