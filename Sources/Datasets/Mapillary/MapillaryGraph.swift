import PanoCore
import RemoteData
import StreetModel
import SystemIO

/// Mapillary seen as a dataset that grows as you walk (docs/mapillary.md): the images read, with
/// their ways made on the client (`MapillaryWays`), and what is known of the images around them.
package struct MapillaryGraph: ImagerySource {
    let client: MapillaryClient
    /// Flat pictures are walked too (`--all-pictures`), not only 360° ones.
    package let allPictures: Bool
    /// Images whose neighbourhood was read, so their ways are known.
    var read: Set<String> = []
    /// Images left out: flat ones (without `allPictures`), and those that could not be read.
    var leftOut: Set<String> = []
    /// Every image entity seen, read or not (a search gives many at once).
    var images: [String: MapillaryImage] = [:]
    /// The image ids of each sequence read, in capture order.
    var sequences: [String: [String]] = [:]
    /// Names images by their street, when a geocoder may be asked.
    var namer: PictureNamer?

    package var summary: String {
        "Mapillary at \(client.server.graph) (\(allPictures ? "all pictures" : "360° pictures only"), read around the start)"
    }

    /// True when `image` is walked.
    func admits(_ image: MapillaryImage) -> Bool {
        allPictures || image.isPanorama
    }

    /// `image` as the explorer shows it, before its ways are known.
    static func lone(_ image: MapillaryImage) -> Panorama {
        MapillaryWays.panorama(image, previous: nil, next: nil, nearby: [])
    }

    package func search(near place: Coordinate, radius: Double) throws(DatasetError) -> [Panorama] {
        try client.search(near: place, radius: radius).filter(admits).map(Self.lone)
    }

    package func unread(around panorama: Panorama, in service: PanoramaService) -> [String] {
        StreetPictures.unread(around: panorama, in: service) { !read.contains($0) && !leftOut.contains($0) }
    }

    package func picture(at path: String, limit: Int) throws(FileError) -> [UInt8] {
        guard let (id, original) = MapillaryWays.picture(path) else { throw .notFound(path: path) }
        do throws(DatasetError) {
            let image: MapillaryImage
            if let known = images[id] { image = known } else { image = try client.image(id) }
            return try client.picture(of: image, original: original, maxBytes: limit)
        } catch {
            if case .web(.tooLarge(_, let limit, let declared)) = error {
                throw .tooLarge(path: path, bytes: declared ?? limit + 1, limit: limit)
            }
            throw .unreadable(path: path, reason: error.description)
        }
    }
}

extension MapillaryGraph {
    /// `panoramas` with the images of `ids` read and added, each with its ways: its entity, its
    /// sequence's ids (for the next and previous image) and the images within reach (for the
    /// crossings), each asked once and at most `MapillaryClient.concurrentRequests` at once.
    package func reading(_ ids: [String], into panoramas: [Panorama]) throws(DatasetError) -> (
        source: any ImagerySource, panoramas: [Panorama]
    ) {
        var graph = self
        let wanted = ids.filter { !graph.read.contains($0) && !graph.leftOut.contains($0) }
        guard !wanted.isEmpty else { return (self, panoramas) }
        var failure: DatasetError?
        func note(_ error: DatasetError, leaving id: String) {
            if error.isUnavailable || error.isRefusal { failure = failure ?? error } else { graph.leftOut.insert(id) }
        }
        let entities = client.each(wanted.filter { graph.images[$0] == nil }) { (client, id) throws(DatasetError) in try client.image(id) }
        for (id, result) in entities {
            switch result {
            case .success(let image): graph.images[id] = image
            case .failure(let error): note(error, leaving: id)
            }
        }
        let entered = wanted.compactMap { graph.images[$0] }.filter { image in
            if !graph.admits(image) { graph.leftOut.insert(image.id) }
            return graph.admits(image)
        }
        let unknownSequences = Set(entered.compactMap(\.sequence)).filter { graph.sequences[$0] == nil }.sorted()
        for (sequence, result) in client.each(unknownSequences, { (client, id) throws(DatasetError) in try client.sequence(id) }) {
            if case .success(let ids) = result { graph.sequences[sequence] = ids }
        }
        let places = Dictionary(entered.map { ($0.id, $0.coordinate) }, uniquingKeysWith: { first, _ in first })
        let around = client.each(entered.map(\.id)) { (client, id) throws(DatasetError) in
            try client.search(near: places[id]!, radius: MapillaryWays.reach)
        }
        var nearby: [String: [MapillaryImage]] = [:]
        for (id, result) in around {
            switch result {
            case .success(let found):
                nearby[id] = found
                for image in found where graph.images[image.id] == nil { graph.images[image.id] = image }
            case .failure(let error): note(error, leaving: id)
            }
        }
        let arrived = graph.linking(entered.filter { nearby[$0.id] != nil }, nearby: nearby)
        if arrived.isEmpty, let failure { throw failure }
        return (graph, graph.merging(arrived, into: panoramas, justRead: wanted))
    }

    /// The panoramas of `entered`, their ways along their sequence (the images either side,
    /// asked for when no search gave them) and to `nearby`, each marked read.
    private mutating func linking(_ entered: [MapillaryImage], nearby: [String: [MapillaryImage]]) -> [Panorama] {
        func neighbours(_ image: MapillaryImage) -> (previous: String?, next: String?) {
            guard let sequence = image.sequence, let ids = sequences[sequence], let at = ids.firstIndex(of: image.id) else {
                return (nil, nil)
            }
            return (at > 0 ? ids[at - 1] : nil, at + 1 < ids.count ? ids[at + 1] : nil)
        }
        let missing = Set(entered.flatMap { [neighbours($0).previous, neighbours($0).next] }.compactMap { $0 }).filter { images[$0] == nil }
        for (id, result) in client.each(missing.sorted(), { (client, id) throws(DatasetError) in try client.image(id) }) {
            if case .success(let image) = result { images[id] = image }
        }
        read.formUnion(entered.map(\.id))
        let known = self
        func walkable(_ id: String?) -> MapillaryImage? { id.flatMap { known.images[$0] }.flatMap { known.admits($0) ? $0 : nil } }
        return entered.map { image in
            let (previous, next) = neighbours(image)
            return MapillaryWays.panorama(
                image, previous: walkable(previous), next: walkable(next), nearby: (nearby[image.id] ?? []).filter(known.admits))
        }
    }

    /// `panoramas` with `arrived` in place of what was there (else added), and the images their
    /// ways lead to (not read yet), those left out gone with the ways to them, and named by
    /// street: one question, for the nearest just read.
    private mutating func merging(_ arrived: [Panorama], into panoramas: [Panorama], justRead: [String]) -> [Panorama] {
        var byID = Dictionary(arrived.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var merged = panoramas.map { byID.removeValue(forKey: $0.id) ?? $0 }
        merged += arrived.filter { byID[$0.id] != nil }
        // Every way leads to a panorama, its own ways read when the walk comes near it.
        var known = Set(merged.map(\.id))
        for target in arrived.flatMap({ $0.links.map(\.target) }) where known.insert(target).inserted {
            if let image = images[target] { merged.append(Self.lone(image)) }
        }
        merged = merged.filter { !leftOut.contains($0.id) }.map { panorama in
            var kept = panorama
            kept.links.removeAll { leftOut.contains($0.target) }
            return kept
        }
        guard var namer else { return merged }
        let fresh = justRead.compactMap { id in merged.first { $0.id == id } }
        _ = namer.name(fresh, asking: 1)
        merged = namer.name(merged, asking: 0)
        self.namer = namer
        return merged
    }
}
