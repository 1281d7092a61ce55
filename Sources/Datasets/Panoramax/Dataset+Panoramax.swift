import FoundationEssentials
import PanoCore
import RemoteData
import StreetModel
import SystemIO

/// A Panoramax server seen as a dataset that grows as you walk: which pictures were read, and
/// which were left out.
package struct PanoramaxGraph: ImagerySource {
    let client: PanoramaxClient
    /// Flat pictures are walked too (`--all-pictures`), not only 360° ones.
    package let allPictures: Bool
    /// Pictures whose own item was read, so their ways are known.
    var read: Set<String> = []
    /// Pictures left out: flat ones (without `allPictures`), and those whose item could not be read.
    var leftOut: Set<String> = []
    /// Names pictures by their street, when a geocoder may be asked.
    var namer: PictureNamer?
    /// Names the pictures no street names by their sequence's title.
    var titles = SequenceTitles()

    /// The server asked.
    package var server: PanoramaxServer { client.server }

    /// `panoramas` named by their street (`PictureNamer`), else by their sequence's title
    /// (`SequenceTitles`), asking each at most `most` questions; the rest keep their coordinates.
    mutating func named(_ panoramas: [Panorama], asking most: Int) -> [Panorama] {
        var named = panoramas
        if var namer {
            named = namer.name(named, asking: most)
            self.namer = namer
        }
        return titles.name(named, asking: most, client: client)
    }

    /// True when `picture` is walked.
    func admits(_ picture: PanoramaxPicture) -> Bool {
        allPictures || picture.isFullSphere
    }

    package var summary: String { "\(server.address) (\(allPictures ? "all pictures" : "360° pictures only"), read around the start)" }

    package func search(near place: Coordinate, radius: Double) throws(DatasetError) -> [Panorama] {
        try client.search(near: place, radius: radius).filter(admits).map(\.panorama)
    }
}

extension Dataset {
    /// The Panoramax pictures around a start: the picture `id`, or those within `radius` metres
    /// of `place` (none is a normal answer: the dataset is then empty), with the start's own item
    /// read, so the first picture is shown at once; the pictures its ways lead to are read after
    /// it, as the walk goes (`unread(around:)`). `lookingAt`: `place` is a place to look at (a
    /// name found), so a flat picture must show it, and a 360° one is preferred; else any
    /// picture there will do.
    /// Blocking: asks the server now.
    package static func open(
        panoramax server: PanoramaxServer, near place: Coordinate?, lookingAt: Bool = false, radius: Double, picture id: String?,
        allPictures: Bool, cache: HTTPCache, namer: PictureNamer? = nil
    ) throws(DatasetError) -> Dataset {
        let client = PanoramaxClient(server: server, cache: cache)
        var graph = PanoramaxGraph(client: client, allPictures: allPictures, namer: namer)
        var found: [Panorama] = []
        if let id {
            let picture = try client.picture(id)
            guard graph.admits(picture) else { throw .flatPicture(address: server.itemAddress(id), fieldOfView: picture.fieldOfView) }
            graph.read.insert(id)
            graph.titles.note(picture)
            found = [picture.panorama]
        } else if let place {
            var pictures = try client.search(near: place, radius: radius, aim: lookingAt ? .lookingAt : .standingAt).filter(graph.admits)
            // A place looked at is shown from a 360° picture when there is one (flat ones only show a side).
            if lookingAt, pictures.contains(where: \.isFullSphere) { pictures.removeAll { !$0.isFullSphere } }
            pictures.forEach { graph.titles.note($0) }
            found = pictures.map(\.panorama)
        }
        if let start = found.first {
            found[0] = graph.named([start], asking: 1)[0]
        }
        var dataset = Dataset(
            folder: URL(string: server.address) ?? URL(fileURLWithPath: "/"),
            remote: RemoteFolder(server.address, cache: cache, takesAddresses: true), name: "Panoramax (\(server.host))",
            startID: found.first?.id ?? "", service: PanoramaService(panoramas: found), shards: nil, shardSpans: [],
            source: graph)
        // The start's own item must be read: a search result is not promised its ways.
        if let start = found.first, !graph.read.contains(start.id) { dataset = try dataset.reading([.picture(start.id)]) }
        return dataset
    }

}

extension PanoramaxGraph {
    /// `panoramas` with the pictures of `ids` read from the server and added (a flat one left
    /// out unless all pictures are walked), named by street, else by sequence.
    package func reading(_ ids: [String], into panoramas: [Panorama]) throws(DatasetError) -> (
        source: any ImagerySource, panoramas: [Panorama]
    ) {
        var graph = self
        let wanted = ids.filter { !graph.read.contains($0) && !graph.leftOut.contains($0) }
        guard !wanted.isEmpty else { return (self, panoramas) }
        let results = graph.client.pictures(wanted)
        var firstFailure: DatasetError?
        var arrived: [String: Panorama] = [:]
        for id in wanted {
            switch results[id] {
            case .success(let picture)? where graph.admits(picture):
                arrived[id] = picture.panorama
                graph.read.insert(id)
                graph.titles.note(picture)
            case .success?, nil:
                graph.leftOut.insert(id)
            case .failure(let error)?:
                if error.isUnavailable {
                    firstFailure = firstFailure ?? error
                } else {
                    graph.leftOut.insert(id)
                }
            }
        }
        if arrived.isEmpty, let firstFailure { throw firstFailure }
        var merged = panoramas.map { arrived.removeValue(forKey: $0.id) ?? $0 }
        merged += wanted.compactMap { arrived[$0] }
        merged = merged.filter { !graph.leftOut.contains($0.id) }.map { panorama in
            var kept = panorama
            kept.links.removeAll { graph.leftOut.contains($0.target) }
            return kept
        }
        // Named by street (else by sequence): one question a reading, for the nearest picture
        // just read (the first asked for); its answer, and earlier ones, name the rest.
        let justRead = wanted.compactMap { id in merged.first { $0.id == id } }
        _ = graph.named(justRead, asking: 1)
        merged = graph.named(merged, asking: 0)
        return (graph, merged)
    }

    package func unread(around panorama: Panorama, in service: PanoramaService) -> [String] {
        StreetPictures.unread(around: panorama, in: service) { !read.contains($0) && !leftOut.contains($0) }
    }

    package func picture(at path: String, limit: Int) throws(FileError) -> [UInt8] {
        try RemoteFolder(server.address, cache: client.cache, takesAddresses: true).read(path, limit: limit)
    }
}
