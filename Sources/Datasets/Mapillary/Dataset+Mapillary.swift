import FoundationEssentials
import PanoCore
import RemoteData
import StreetModel

extension Dataset {
    /// Mapillary's images around a start: the image `id`, or those within `radius` metres of
    /// `place` (none is a normal answer: the dataset is then empty), with the start's
    /// neighbourhood read, so its ways are shown at once; the images they lead to are read after
    /// it, as the walk goes. `lookingAt`: `place` is a place to look at (a name found), so a 360°
    /// image is preferred. Every request carries `token`; nothing else is given it.
    /// Blocking: asks the service now.
    package static func open(
        mapillary server: MapillaryServer, token: Secret, near place: Coordinate?, lookingAt: Bool = false, radius: Double,
        image id: String?, allPictures: Bool, cache: HTTPCache, namer: PictureNamer? = nil
    ) throws(DatasetError) -> Dataset {
        let client = MapillaryClient(server: server, cache: cache, token: token)
        var graph = MapillaryGraph(client: client, allPictures: allPictures, namer: namer)
        var found: [MapillaryImage] = []
        if let id {
            let image = try client.image(id)
            guard graph.admits(image) else { throw .flatPicture(address: "Mapillary image \(id)", fieldOfView: image.fieldOfView) }
            found = [image]
        } else if let place {
            var images = try client.search(near: place, radius: radius).filter(graph.admits)
            // A place looked at is shown from a 360° image when there is one (a flat one shows a side).
            if lookingAt, images.contains(where: \.isPanorama) { images.removeAll { !$0.isPanorama } }
            found = images
        }
        for image in found { graph.images[image.id] = image }
        let dataset = Dataset(
            folder: URL(string: server.graph) ?? URL(fileURLWithPath: "/"), remote: nil, name: "Mapillary",
            startID: found.first?.id ?? "", service: PanoramaService(panoramas: found.map(MapillaryGraph.lone)), shards: nil,
            shardSpans: [], source: graph)
        guard let start = found.first else { return dataset }
        return try dataset.readingPictures([start.id])
    }
}
