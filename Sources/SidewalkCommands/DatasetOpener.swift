#if canImport(Glibc)
import Glibc
#endif
import Datasets
import Foundation
import RemoteData
import TextSafety

/// Opens a dataset from a folder or a web address (`https://host/path/` or its manifest.json),
/// for every command that takes a DATASET.
struct DatasetOpener {
    /// With --offline: only what the HTTP cache holds.
    var offline = false
    /// --http-timeout: seconds to connect, and seconds a response may stall.
    var timeout = HTTPClient.defaultTimeout

    /// --offline and --http-timeout.
    static var options: [CommandOption<DatasetOpener>] { [
        .flag("--offline", help: "for a dataset on the web: use only what the HTTP cache holds, fetch nothing") {
            $0.offline = true
        },
        .number("--http-timeout", "SECONDS", in: 0.1...600, default: HTTPClient.defaultTimeout,
                help: "for a dataset on the web: seconds to connect, and that a response may stall, before giving up") {
            $0.timeout = $1
        },
    ] }

    /// True when `path` names a dataset: a web address, a folder, or a manifest.json.
    static func isDataset(_ path: String) -> Bool {
        HTTPClient.isWebAddress(path) || Dataset.isDataset(path)
    }

    /// The dataset at `path`. A web address is fetched through the HTTP cache, with a line on a
    /// terminal's standard error while the manifest comes.
    func open(_ path: String) throws(DatasetError) -> Dataset {
        guard HTTPClient.isWebAddress(path) else { return try Dataset.open(path) }
        let environment = ProcessInfo.processInfo.environment
        let folder = HTTPCache.defaultFolder(environment: environment) ?? NSTemporaryDirectory() + "sidewalk-http-cache"
        let cache = HTTPCache(folder: folder, offline: offline, client: HTTPClient(timeout: timeout))
        let showProgress = isatty(STDERR_FILENO) == 1
        if showProgress { writeStandardError(TextSanitizer.sanitize("fetching \(path)") + "\n") }
        return try Dataset.open(web: path, cache: cache)
    }
}
