import PanoCore
import RemoteData

/// Mapillary's two surfaces (docs/mapillary.md): the graph API, for images, their fields and a
/// sequence's ids, and the vector tiles of its coverage. Both are Mapillary's own unless a test
/// points them at another host (`--server`, `--tiles`).
package struct MapillaryServer: Equatable, Sendable {
    /// The graph API's address, without a trailing slash.
    package let graph: String
    /// The coverage tiles' address, without a trailing slash.
    package let tiles: String

    package static let graphAPI = "https://graph.mapillary.com"
    package static let tileService = "https://tiles.mapillary.com"

    /// Mapillary's own servers, or others given as http or https addresses; nil for anything else.
    package init?(graph: String = MapillaryServer.graphAPI, tiles: String = MapillaryServer.tileService) {
        func trimmed(_ address: String) -> String? {
            guard HTTPClient.isWebAddress(address), !address.contains("?"), !address.contains("#") else { return nil }
            var text = address
            while text.hasSuffix("/") { text.removeLast() }
            return text.split(separator: "/", omittingEmptySubsequences: true).count >= 2 ? text : nil
        }
        guard let graph = trimmed(graph), let tiles = trimmed(tiles) else { return nil }
        self.graph = graph
        self.tiles = tiles
    }

    /// How a dataset argument names Mapillary: `mapillary:` for Mapillary's own servers,
    /// `mapillary:URL` for another graph API whose tiles are served by the same host (tests).
    package static let scheme = "mapillary:"

    /// The servers a dataset argument names, its tiles at `tiles` when given (else the graph
    /// API's host for another server, Mapillary's for its own); nil when it names none.
    package init?(dataset: String, tiles: String? = nil) {
        guard Self.isNamed(dataset) else { return nil }
        let rest = String(dataset.dropFirst(Self.scheme.count))
        let graph = rest.isEmpty ? Self.graphAPI : rest
        self.init(graph: graph, tiles: tiles ?? (rest.isEmpty ? Self.tileService : rest))
    }

    /// True when `dataset` asks for Mapillary (well formed or not).
    package static func isNamed(_ dataset: String) -> Bool {
        dataset.lowercased().hasPrefix(scheme)
    }

    /// The dataset argument naming these servers (the tiles' own address is not part of it).
    package var description: String { graph == Self.graphAPI ? Self.scheme : Self.scheme + graph }

    /// The deepest zoom of the coverage tiles (`mly1_public`: sequences at 6...14, images at 14).
    package static let coverageMaxZoom = 14

    /// A coverage tile of the `mly1_public` tileset, with the token as its `access_token` (as
    /// the tiles are documented to take it). Give it only to `HTTPCache`, which never keeps or
    /// shows the token (`URLSecrets`).
    package func tileAddress(_ tile: (z: Int, x: Int, y: Int), token: Secret) -> String {
        token.address(tiles + "/maps/vtp/mly1_public/2/\(tile.z)/\(tile.x)/\(tile.y)", withQueryItem: "access_token")
    }

    /// The largest side of a box searched at once, degrees: clients report that the API answers
    /// only small boxes (under 0.01 square degrees), so a search asks in boxes of 0.005°.
    package static let searchSide = 0.005
    /// Images one search asks for (the API's most is 2000).
    package static let searchLimit = 200

    /// One image's entity with the fields Sidewalk reads (`GET /{id}?fields=…`).
    func imageAddress(_ id: String) -> String {
        graph + "/" + PercentEncoding.encode(id, keeping: "") + "?fields=" + MapillaryImageDecoder.fields.joined(separator: ",")
    }

    /// The images in `box` (`GET /images?bbox=west,south,east,north`), at most `limit`.
    func searchAddress(in box: GeoBox, limit: Int) -> String {
        graph + "/images?bbox=\(box.west),\(box.south),\(box.east),\(box.north)&limit=\(min(2000, max(1, limit)))&fields="
            + MapillaryImageDecoder.fields.joined(separator: ",")
    }

    /// A sequence's image ids in capture order (`GET /image_ids?sequence_id=`).
    func sequenceAddress(_ id: String) -> String {
        graph + "/image_ids?sequence_id=" + PercentEncoding.encode(id, keeping: "-_")
    }
}
