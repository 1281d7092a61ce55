import PanoCore
import RemoteData

/// A Panoramax instance (a GeoVisio server, or the federation's meta-catalogue), named as a
/// dataset: `panoramax:` for the public federation, `panoramax:URL` for any other instance.
package struct PanoramaxServer: Equatable, Sendable, CustomStringConvertible {
    /// The server's address without a trailing slash, e.g. `https://api.panoramax.xyz`.
    package let address: String

    /// The public federation's meta-catalogue, which searches every instance it federates.
    package static let federation = "https://api.panoramax.xyz"
    /// How a dataset argument names Panoramax.
    package static let scheme = "panoramax:"

    /// The server at `address` (http or https; a trailing `/` or `/api` is dropped); nil for
    /// anything else.
    package init?(address: String) {
        guard HTTPClient.isWebAddress(address), !address.contains("?"), !address.contains("#") else { return nil }
        var trimmed = address
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasSuffix("/api") { trimmed.removeLast(4) }
        guard trimmed.split(separator: "/", omittingEmptySubsequences: true).count >= 2 else { return nil }
        self.address = trimmed
    }

    /// The server a dataset argument names: `panoramax:` or `panoramax:URL`; nil when it names none.
    package init?(dataset: String) {
        guard dataset.lowercased().hasPrefix(Self.scheme) else { return nil }
        let rest = String(dataset.dropFirst(Self.scheme.count))
        self.init(address: rest.isEmpty ? Self.federation : rest)
    }

    /// True when `dataset` asks for Panoramax (well formed or not).
    package static func isNamed(_ dataset: String) -> Bool {
        dataset.lowercased().hasPrefix(scheme)
    }

    /// The dataset argument naming this server.
    package var description: String { address == Self.federation ? Self.scheme : Self.scheme + address }

    /// The host, for titles.
    package var host: String {
        address.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? address
    }

    /// Pictures within `radius` metres of `place`, nearest first, at most `limit`, a flat one
    /// only when `place` lies within `tolerance` degrees (2...180, the whole angle) around its
    /// heading (`place_position`, `place_distance` and `place_fov_tolerance`, documented with
    /// `GET /api/search`; 360° pictures always hold).
    func searchAddress(near place: Coordinate, radius: Double, limit: Int, tolerance: Int) -> String {
        let metres = max(1, Int(radius.rounded(.up)))
        return address + "/api/search?place_position=\(place.longitude),\(place.latitude)&place_distance=0-\(metres)"
            + "&place_fov_tolerance=\(min(180, max(2, tolerance)))&limit=\(limit)"
    }

    /// Pictures inside `box`, at most `limit` (`bbox` with `GET /api/search`: west, south,
    /// east, north).
    func searchAddress(in box: GeoBox, limit: Int) -> String {
        address + "/api/search?bbox=\(box.west),\(box.south),\(box.east),\(box.north)&limit=\(limit)"
    }

    /// A coverage tile (`GET /api/map/{z}/{x}/{y}.mvt`, the landing page's `xyz` link).
    package func tileAddress(_ tile: (z: Int, x: Int, y: Int)) -> String {
        address + "/api/map/\(tile.z)/\(tile.x)/\(tile.y).mvt"
    }

    /// A sequence's pictures in order (`GET /api/collections/{id}/items`), `limit` a page.
    func sequenceAddress(_ id: String, limit: Int) -> String {
        address + "/api/collections/" + PercentEncoding.encode(id, keeping: "-._~") + "/items?limit=\(limit)"
    }

    /// One sequence's STAC collection, with its title (`GET /api/collections/{id}`).
    func collectionAddress(_ id: String) -> String {
        address + "/api/collections/" + PercentEncoding.encode(id, keeping: "-._~")
    }

    /// One picture's item (`GET /api/pictures/{id}`).
    func itemAddress(_ id: String) -> String {
        address + "/api/pictures/" + PercentEncoding.encode(id, keeping: "-._~")
    }
}
