import Datasets
import FoundationEssentials
import RemoteData
import StreetMap
import SystemIO
import VectorTiles

/// The street map drawn under the map and the minimap (docs/maps.md): `--basemap FILE`, the
/// config's `basemap`, or a dataset's own `basemap.pmtiles` beside its manifest.
extension PanoramaSelection {
    /// A dataset's own basemap, found beside its manifest.
    static let datasetBasemap = "basemap.pmtiles"

    /// --basemap: a PMTiles file or URL, a `{z}/{x}/{y}` URL, or off.
    static var basemapOption: CommandOption<PanoramaSelection> {
        .text(
            "--basemap", "SOURCE|off",
            help: "the street map under the map, OpenMapTiles vector tiles: a PMTiles file or its http(s) URL (read by "
                + "ranges), an MBTiles file, a tile server's TileJSON (.json) or a URL with {z}/{x}/{y} (default: the "
                + "dataset's own \(datasetBasemap), if it has one), or off"
        ) { $0.basemap = $1 }
    }

    /// The basemap to draw for the dataset at `path`: the flag's, else `configured`, else the
    /// dataset's own, else on a street-level service the default street map (`DefaultStreetMap`);
    /// nil with "off" or none. One that cannot be read is an error naming it, except the default,
    /// which is drawn with what can be had. On the web, its tiles arrive off the caller's thread
    /// unless `waits`.
    func openBasemap(datasetPath path: String, configured: String?, waits: Bool) throws(CommandError) -> (any Basemap)? {
        if basemap == nil, configured == nil, StreetService.isNamed(path),
            let address = DefaultStreetMap.address(environment: ProcessInfo.processInfo.environment)
        {
            var patient = opener
            (patient.timeout, patient.retries) = (min(opener.timeout, DefaultStreetMap.patience), 0)
            return DefaultStreetMap.open(address, cache: patient.cache(), waits: waits)
        }
        guard let source = basemapFile(datasetPath: path, configured: configured) else { return nil }
        return try BasemapSource.open(source, cache: opener.cache(), waits: waits)
    }

    /// What the maps draw under the panoramas for the dataset at `path`: its basemap, and on a
    /// street-level service its coverage tiles (fetched as the map needs them; with `waits`, before
    /// it is drawn, as a snapshot must). Nil when there is neither.
    func mapLayers(datasetPath path: String, configured: String?, waits: Bool) throws(CommandError) -> (any Basemap)? {
        try mapLayers(over: openBasemap(datasetPath: path, configured: configured, waits: waits), datasetPath: path, waits: waits)
    }

    /// As `mapLayers(datasetPath:configured:waits:)`, over `basemap`, the street map opened already.
    func mapLayers(over basemap: (any Basemap)?, datasetPath path: String, waits: Bool) throws(CommandError) -> (any Basemap)? {
        var layers: [any Basemap] = []
        if let basemap { layers.append(basemap) }
        if let coverage = try coverage(datasetPath: path, waits: waits) { layers.append(coverage) }
        return layers.count > 1 ? LayeredBasemap(layers) : layers.first
    }

    /// The deepest zoom of Panoramax's coverage tiles (its style's maxzoom).
    static let coverageMaxZoom = 15
    /// Largest coverage tile read, bytes.
    static let coverageTileBytes = 4 << 20
    /// How long a coverage tile is used without asking again, seconds.
    static let coverageKeepSeconds = 3600

    /// A street-level service's coverage tiles, drawn alike (`CoverageTiles`): Panoramax's
    /// `/api/map`, Mapillary's `mly1_public` (its token in the address, which the HTTP cache
    /// never keeps or shows). Nil for a dataset that is not a service.
    private func coverage(datasetPath path: String, waits: Bool) throws(CommandError) -> (any Basemap)? {
        guard let service = try StreetService(path: path, tiles: opener.mapillaryTiles) else { return nil }
        let cache = opener.cache()
        let zooms: ClosedRange<Int>
        let attribution: String
        let address: @Sendable ((z: Int, x: Int, y: Int)) -> String
        switch service {
        case .panoramax(let server):
            (zooms, attribution, address) = (0...Self.coverageMaxZoom, "imagery: \(server.host)", { server.tileAddress($0) })
        case .mapillary(let server):
            let token = try opener.mapillaryToken()
            (zooms, attribution) = (0...MapillaryServer.coverageMaxZoom, "imagery: Mapillary")
            address = { server.tileAddress($0, token: token) }
        }
        return FetchedTiles(zooms: zooms, attribution: attribution, waits: waits, decode: CoverageTiles.features) { tile in
            try? cache.fetch(address((tile.z, tile.x, tile.y)), maxBytes: Self.coverageTileBytes, keepSeconds: Self.coverageKeepSeconds)
        }
    }

    /// The basemap's file for the dataset at `path`, as `openBasemap` chooses it; nil for none.
    func basemapFile(datasetPath path: String, configured: String?) -> String? {
        let chosen = basemap ?? configured
        if chosen == "off" { return nil }
        if let chosen { return chosen }
        // A dataset on the web or a server carries no basemap file Sidewalk can read.
        guard !StreetService.isNamed(path), !HTTPClient.isWebAddress(path) else { return nil }
        let folder = FileKind.following(path) == .directory ? path : PathText.parent(path)
        let own = PathText.join(folder, Self.datasetBasemap)
        return FileKind.following(own) == .regular ? own : nil
    }
}
