import Datasets
import FoundationEssentials
import PanoCore
import RemoteData
import SystemIO
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// Opens a dataset from a folder, a web address (`https://host/path/` or its manifest.json) or a
/// Panoramax server (`panoramax:`, `panoramax:URL`), for every command that takes a DATASET.
struct DatasetOpener {
    /// With --offline: only what the HTTP cache holds.
    var offline = false
    /// --http-timeout: seconds to connect, and seconds a response may stall.
    var timeout = HTTPClient.defaultTimeout
    /// Further attempts after a transient failure; nil for the client's own number.
    var retries: Int?
    /// Seconds one request may take in all, when less than the client's usual 300.
    var requestSeconds: Int?
    /// --all-pictures: Panoramax's and Mapillary's flat pictures are walked too.
    var allPictures = false
    /// --token-file: the file holding the Mapillary client token.
    var tokenFile: String?
    /// --tiles (`sidewalk mapillary`): where Mapillary's coverage tiles are, when not its own.
    var mapillaryTiles: String?
    /// --demo: the HTTP cache is read, never written.
    var readOnlyCache = false
    /// --deadline: seconds the whole command may spend on the web; nil for none (the explorer).
    var deadlineSeconds: Double?
    /// When the command started, `FileDescriptorIO.monotonicSeconds()`: the deadline counts from it.
    let started = FileDescriptorIO.monotonicSeconds()

    /// --deadline, for a command that ends (snapshot, info, import), with its default seconds.
    static func deadlineOption(default seconds: Double) -> CommandOption<DatasetOpener> {
        .number(
            "--deadline", "SECONDS", in: 1...86_400, default: seconds,
            help: "for a dataset on the web: seconds the whole command may take to fetch what it needs, retries and waits included"
        ) {
            $0.deadlineSeconds = $1
        }
    }

    /// --offline, --all-pictures, --token-file and --http-timeout.
    static var options: [CommandOption<DatasetOpener>] {
        [
            .flag("--offline", help: "for a dataset on the web: use only what the HTTP cache holds, fetch nothing") {
                $0.offline = true
            },
            .flag(
                "--all-pictures",
                help: "on Panoramax and Mapillary: walk flat pictures too (shown at their own field of view), not only 360° ones"
            ) {
                $0.allPictures = true
            },
            .text(
                "--token-file", "FILE",
                help: "on Mapillary: the file holding your client token (else \(tokenVariable), else the config's mapillaryTokenFile)"
            ) {
                $0.tokenFile = $1
            },
            .number(
                "--http-timeout", "SECONDS", in: 0.1...600, default: HTTPClient.defaultTimeout,
                help: "for a dataset on the web: seconds to connect, and that a response may stall, before giving up"
            ) {
                $0.timeout = $1
            }
        ]
    }

    /// True when `path` names a dataset: a web address, a folder, a manifest.json, or a
    /// street-level service.
    static func isDataset(_ path: String) -> Bool {
        HTTPClient.isWebAddress(path) || Dataset.isDataset(path) || StreetService.isNamed(path)
    }

    /// The dataset at `path`. A web address is fetched through the HTTP cache, with a line on a
    /// terminal's standard error while the manifest comes.
    func open(_ path: String) throws(DatasetError) -> Dataset {
        guard HTTPClient.isWebAddress(path) else { return try Dataset.open(path) }
        showProgress("fetching \(path)")
        return try Dataset.open(web: path, cache: cache())
    }

    /// The pictures of `service` around the picture `id`, or around `place` within `radius`
    /// metres (those that show it, when `lookingAt`: a place named). Blocking: asks the service
    /// now (or the cache, offline); Mapillary's token is found first, so none means no request.
    func open(
        _ service: StreetService, near place: Coordinate?, lookingAt: Bool = false, radius: Double, picture id: String?,
        namer: PictureNamer? = nil
    ) throws(CommandError) -> Dataset {
        switch service {
        case .panoramax(let server):
            showProgress("asking \(server.address) for pictures" + (place.map { " near \($0)" } ?? ""))
            do {
                return try Dataset.open(
                    panoramax: server, near: place, lookingAt: lookingAt, radius: radius, picture: id, allPictures: allPictures,
                    cache: cache(), namer: namer)
            } catch {
                throw .dataset(error)
            }
        case .mapillary(let server):
            let token = try mapillaryToken()
            showProgress("asking Mapillary for images" + (place.map { " near \($0)" } ?? ""))
            do {
                return try Dataset.open(
                    mapillary: server, token: token, near: place, lookingAt: lookingAt, radius: radius, image: id, allPictures: allPictures,
                    cache: cache(), namer: namer)
            } catch {
                throw .dataset(error)
            }
        }
    }

    /// The HTTP cache in its usual folder, fetching as the options say.
    func cache() -> HTTPCache {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            HTTPCache.defaultFolder(environment: environment)
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-http-cache").path
        var client = HTTPClient(timeout: timeout)
        if let retries { client.retries = retries }
        if let requestSeconds { client.totalSeconds = requestSeconds }
        client.deadline = deadlineSeconds.map { started + $0 }
        // A command that ends says on a terminal what it waits for; the explorer draws its own.
        if deadlineSeconds != nil { client.watch = WaitingLine.shared?.watch }
        return HTTPCache(folder: folder, offline: offline, readOnly: readOnlyCache, client: client)
    }

    /// A line on standard error while something is fetched, when it is a terminal.
    private func showProgress(_ line: String) {
        if isatty(STDERR_FILENO) == 1 { writeStandardError(TextSanitizer.sanitize(line) + "\n") }
    }
}
