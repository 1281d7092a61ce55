import BoundedJSON
import PanoCore
import StreetModel

extension Dataset {
    /// The dataset with the shards at `indices` read too (those not read yet); itself when all are.
    public func withShards(_ indices: [Int]) throws(DatasetError) -> Dataset {
        guard let shards else { return self }
        let wanted = indices.filter { shards.shards.indices.contains($0) && !loadedShards.contains($0) }
        guard !wanted.isEmpty else { return self }
        var panoramas = service.panoramas
        var known = Set(panoramas.map(\.id))
        for index in wanted {
            let path = shards.shards[index].path
            for panorama in try readShard(path) {
                guard known.insert(panorama.id).inserted else {
                    throw .invalid(path: path, problems: [ManifestProblem("$.panoramas", "'\(panorama.id)' is also in another shard")])
                }
                panoramas.append(panorama)
            }
        }
        return Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: panoramas, markers: service.markers), shards: shards,
            loadedShards: loadedShards.union(wanted))
    }

    /// The dataset with every shard within `metres` of `coordinate` read; nil when none was
    /// missing (or the dataset is not sharded).
    public func withShards(near coordinate: Coordinate, within metres: Double = ShardIndex.loadRadius) throws(DatasetError) -> Dataset? {
        guard let shards else { return nil }
        let missing = shards.shards(near: coordinate, within: metres).filter { !loadedShards.contains($0) }
        return missing.isEmpty ? nil : try withShards(missing)
    }

    /// The dataset with shards read in order until one holds `id`; nil when none does.
    public func findingPanorama(id: String) throws(DatasetError) -> Dataset? {
        if service.panorama(id: id) != nil { return self }
        guard let shards else { return nil }
        var dataset = self
        for index in shards.shards.indices where !dataset.loadedShards.contains(index) {
            dataset = try dataset.withShards([index])
            if dataset.service.panorama(id: id) != nil { return dataset }
        }
        return nil
    }

    /// The dataset with every shard read (for `info` and `tile`, which need all of it).
    public func withAllShards() throws(DatasetError) -> Dataset {
        try withShards(Array((shards?.shards ?? []).indices))
    }

    /// The same dataset starting at `id`.
    func starting(at id: String) -> Dataset {
        Dataset(
            folder: folder, remote: remote, name: name, startID: id, service: service, shards: shards, loadedShards: loadedShards,
            panoramax: panoramax)
    }

    /// The panoramas of the shard file at `path`.
    private func readShard(_ path: String) throws(DatasetError) -> [Panorama] {
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
        return contents.panoramas
    }
}
