import Datasets
import Explorer
import FoundationEssentials
import RemoteData

extension ExploreOptions {
    /// Where the opened dataset comes from, for the URLs `u` shares: nothing for the demo town
    /// (every copy of Sidewalk has it), the server for Panoramax and Mapillary (with their web viewers), the
    /// address for a dataset on the web, and the absolute path for a local one.
    func shareOrigin(path: String) -> ShareOrigin {
        if let server = PanoramaxServer(dataset: path) {
            return ShareOrigin(dataset: server.description, viewer: .panoramax(server.address))
        }
        if let server = MapillaryServer(dataset: path) {
            // Another graph API (a test's) has no web viewer of Mapillary's.
            return ShareOrigin(dataset: server.description, viewer: server.graph == MapillaryServer.graphAPI ? .mapillary : nil)
        }
        if HTTPClient.isWebAddress(path) { return ShareOrigin(dataset: path) }
        let absolute = Self.absolutePath(path)
        return ShareOrigin(dataset: AssetLocator.defaultPath().map(Self.absolutePath) == absolute ? nil : absolute)
    }

    /// `path` from the root, with `.`, `..` and symbolic links resolved.
    private static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .resolvingSymlinksInPath().path
    }
}
