import BoundedJSON
import PanoCore
import StreetModel

/// One shard `Dataset.service` holds: which, and how many panoramas it gave.
struct ShardSpan: Equatable, Sendable {
    let index: Int
    let count: Int
}

extension Dataset {
    /// Which of `shards` `service` holds.
    package var loadedShards: Set<Int> { Set(shardSpans.map(\.index)) }

    /// Panoramas held from shards, at most, while walking (`withShards(_:)`): 100,000, far more
    /// than a cell of `ShardWriter`'s holds in the densest city (a few thousand), and what keeps a
    /// walk beside such a shard inside the explorer's 320 MB (175 MB measured; 200,000 gave 403 MB,
    /// docs/reliability.md).
    package static let heldPanoramas = 100_000

    /// The dataset with the shards at `indices` read too (those not read yet), in that order;
    /// itself when all are. A walk's read: the panoramas held stay within `heldPanoramas`, shards
    /// far from those read (more than twice `ShardIndex.loadRadius` away) let go first. When the
    /// shards asked for do not fit beside the near ones, those that fit are read; when none does,
    /// it fails naming the first.
    package func withShards(_ indices: [Int]) throws(DatasetError) -> Dataset {
        try withShards(indices, holding: Self.heldPanoramas)
    }

    /// The same with every shard read and none let go (`nil`), or within `most` panoramas.
    func withShards(_ indices: [Int], holding most: Int?) throws(DatasetError) -> Dataset {
        guard let shards else { return self }
        var wanted: [Int] = []
        for index in indices where shards.shards.indices.contains(index) && !loadedShards.contains(index) && !wanted.contains(index) {
            wanted.append(index)
        }
        guard !wanted.isEmpty else { return self }
        var panoramas = service.panoramas
        var spans = shardSpans
        var known = Set(panoramas.map(\.id))
        for index in wanted {
            let shard = shards.shards[index]
            if let most {
                let room = Self.makeRoom(for: shard, beside: wanted, in: shards, panoramas: &panoramas, spans: &spans, most: most)
                guard room else {
                    if spans.contains(where: { wanted.contains($0.index) }) { break }
                    throw .tooManyHeld(path: fileName(of: shard.path), count: shard.count, most: most)
                }
            }
            let read = try readShard(shard)
            for panorama in read {
                guard known.insert(panorama.id).inserted else {
                    throw .invalid(
                        path: shard.path, problems: [ManifestProblem("$.panoramas", "'\(panorama.id)' is also in another shard")])
                }
                panoramas.append(panorama)
            }
            spans.append(ShardSpan(index: index, count: read.count))
        }
        return Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: panoramas, markers: service.markers), shards: shards, shardSpans: spans)
    }

    /// Lets go of held shards far from all of `wanted` (farthest first) until `shard`'s panoramas
    /// fit within `most`; false when they cannot.
    private static func makeRoom(
        for shard: ShardIndex.Shard, beside wanted: [Int], in index: ShardIndex, panoramas: inout [Panorama], spans: inout [ShardSpan],
        most: Int
    ) -> Bool {
        func farness(_ span: ShardSpan) -> Double {
            wanted.map { index.shards[$0].distance(to: index.shards[span.index]) }.min() ?? 0
        }
        var held = spans.reduce(0) { $0 + $1.count }
        while held + shard.count > most {
            let far = spans.indices.filter { farness(spans[$0]) > 2 * ShardIndex.loadRadius }
            guard let victim = far.max(by: { farness(spans[$0]) < farness(spans[$1]) }) else { return false }
            let start = spans[..<victim].reduce(0) { $0 + $1.count }
            panoramas.removeSubrange(start..<(start + spans[victim].count))
            held -= spans[victim].count
            spans.remove(at: victim)
        }
        return true
    }

    /// The dataset with every shard within `metres` of `coordinate` read; nil when none was
    /// missing (or the dataset is not sharded).
    package func withShards(near coordinate: Coordinate, within metres: Double = ShardIndex.loadRadius) throws(DatasetError) -> Dataset? {
        guard let shards else { return nil }
        let missing = shards.shards(near: coordinate, within: metres).filter { !loadedShards.contains($0) }
        return missing.isEmpty ? nil : try withShards(missing)
    }

    /// The dataset with the shard holding `id` read too, the others tried one at a time; nil
    /// when none holds it.
    package func findingPanorama(id: String) throws(DatasetError) -> Dataset? {
        if service.panorama(id: id) != nil { return self }
        guard let shards else { return nil }
        for index in shards.shards.indices where !loadedShards.contains(index) {
            let tried = try withShards([index])
            if tried.service.panorama(id: id) != nil { return tried }
        }
        return nil
    }

    /// The dataset with every shard read, none let go (for `tile` and `import --update`, which
    /// write all of it; `info` reads one shard at a time, `eachShard`).
    package func withAllShards() throws(DatasetError) -> Dataset {
        try withShards(Array((shards?.shards ?? []).indices), holding: nil)
    }

    /// The same dataset holding no shard's panoramas (its index, markers and name kept), for a
    /// reader that goes through them itself (`eachShard`); itself when it is not sharded.
    package func lettingShardsGo() -> Dataset {
        guard shards != nil else { return self }
        return Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: [], markers: service.markers), shards: shards, shardSpans: [])
    }

    /// `body` given each shard's panoramas in turn, read one at a time and let go after, each
    /// checked as a walk would read it (ids unique across shards: `seen` grows by every id);
    /// for a dataset of one manifest, its panoramas once.
    package func eachShard(_ body: ([Panorama]) -> Void) throws(DatasetError) {
        guard let shards else { return body(service.panoramas) }
        // Sized once for the index's count (each shard holds no more than it says), so the set
        // is never held twice while it grows: 32 MB of a 2,000,000-panorama dataset's peak.
        var seen = Set<String>(minimumCapacity: min(shards.panoramaCount, 4_000_000))
        for shard in shards.shards {
            let read = try readShard(shard)
            for panorama in read where !seen.insert(panorama.id).inserted {
                throw .invalid(path: shard.path, problems: [ManifestProblem("$.panoramas", "'\(panorama.id)' is also in another shard")])
            }
            body(read)
        }
    }

    /// The same dataset starting at `id`.
    func starting(at id: String) -> Dataset {
        Dataset(
            folder: folder, remote: remote, name: name, startID: id, service: service, shards: shards, shardSpans: shardSpans,
            source: source)
    }

    /// The same dataset with `marker` among its markers: a place found by name shown as a pin
    /// (as Street View drops one), said on arrival and on the map.
    package func marking(_ marker: Marker) -> Dataset {
        Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: service.panoramas, markers: service.markers + [marker]), shards: shards,
            shardSpans: shardSpans, source: source)
    }

    /// The panoramas of `shard`'s file, no more than the index says it holds (what the budget
    /// of `withShards` and the size of `eachShard`'s set are counted by).
    func readShard(_ shard: ShardIndex.Shard) throws(DatasetError) -> [Panorama] {
        let path = shard.path
        let bytes: [UInt8]
        do { bytes = try read(path, limit: Self.manifestByteLimit) } catch { throw .file(error) }
        let root: JSONValue
        do { root = try JSONParser.parse(bytes, limits: Self.manifestLimits) } catch {
            throw .notJSON(path: path, detail: error.description)
        }
        var decoder = ManifestDecoder(checksFiles: remote == nil)
        guard let contents = decoder.decode(root, folder: folder, shard: true) else {
            throw .invalid(path: path, problems: decoder.problems)
        }
        guard contents.panoramas.count <= shard.count else {
            let problem = "holds \(contents.panoramas.count) panoramas, more than the \(shard.count) the manifest's index says"
            throw .invalid(path: fileName(of: path), problems: [ManifestProblem("$.panoramas", problem)])
        }
        return contents.panoramas
    }
}
