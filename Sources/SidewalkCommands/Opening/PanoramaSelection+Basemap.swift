import Foundation
import StreetMap
import SystemIO
import VectorTiles

/// The street map drawn under the map and the minimap (docs/maps.md): `--basemap FILE`, the
/// config's `basemap`, or a dataset's own `basemap.pmtiles` beside its manifest.
extension PanoramaSelection {
    /// A dataset's own basemap, found beside its manifest.
    static let datasetBasemap = "basemap.pmtiles"

    /// --basemap: a PMTiles file, or off.
    static var basemapOption: CommandOption<PanoramaSelection> {
        .text(
            "--basemap", "FILE|off",
            help: "the street map under the map: a PMTiles file of OpenMapTiles vector tiles (default: the dataset's own "
                + "\(datasetBasemap), if it has one), or off"
        ) { $0.basemap = $1 }
    }

    /// The basemap to draw for the dataset at `path`: the flag's, else `configured`, else the
    /// dataset's own; nil with "off" or none. One that cannot be read is an error naming it.
    func openBasemap(datasetPath path: String, configured: String?) throws(CommandError) -> (any Basemap)? {
        guard let file = basemapFile(datasetPath: path, configured: configured) else { return nil }
        do { return try PMTilesBasemap(path: file) } catch { throw .basemap(error.description) }
    }

    /// The basemap's file for the dataset at `path`, as `openBasemap` chooses it; nil for none.
    func basemapFile(datasetPath path: String, configured: String?) -> String? {
        let chosen = basemap ?? configured
        if chosen == "off" { return nil }
        if let chosen { return chosen }
        let folder = FileKind.following(path) == .directory ? path : (path as NSString).deletingLastPathComponent
        let own = (folder as NSString).appendingPathComponent(Self.datasetBasemap)
        return FileKind.following(own) == .regular ? own : nil
    }
}
