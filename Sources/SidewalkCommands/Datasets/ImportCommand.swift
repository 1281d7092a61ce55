import Datasets
import FoundationEssentials
import PanoCore
import TermRender
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk import DIR --output DATASET`: a dataset from a folder of 360° photos, or from
/// Panoramax's pictures of an area or a sequence.
struct ImportCommand: SidewalkCommand {
    static let purpose = "make a dataset from a folder of 360° photos, or from Panoramax"
    static let synopsis = [
        "sidewalk import DIR --output DATASET [--track FILE.gpx] [--place LAT,LNG] [--update | --force]",
        "sidewalk import panoramax:[URL] (--bbox W,S,E,N | --sequence ID) [--limit N] --output DATASET"
    ]

    static var spec: CommandSpec<ImportCommand> {
        CommandSpec(
            name: "import", purpose: purpose, synopsis: synopsis,
            about: """
                  Reads every .jpg in DIR: the position and date from EXIF (GPS, DateTimeOriginal), the
                  heading of the image centre and any cropping from Photo Sphere XMP (GPano). Photos are
                  copied into DATASET/images/, linked to their near neighbours (within 30 m, no two links
                  within 35° of each other), and DATASET/manifest.json is written. Photos that cannot be
                  placed are listed with the reason. Running it again gives the same dataset. Photos without
                  GPS are placed on --track's GPS track by capture time (between the two track points around
                  it, at most 10 minutes apart), else at --place, else skipped.

                  From Panoramax (panoramax: for the public federation, panoramax:URL for another instance):
                  the 360° pictures inside --bbox (west,south,east,north, degrees, at most 0.5° a side) or of
                  the sequence --sequence ID, at most --limit, with their ways, dates, producers and
                  licences, and their 2048-pixel images. The network is needed (or --offline with the cache).

                  DATASET must be a new or empty folder, or this same import's earlier output (the
                  manifest records the folder it was imported from); anything else needs --update or
                  --force. Nothing is written when no photo can be placed or the import fails.
                """,
            options: [
                .text("--output", "DATASET", aliases: ["-o"], help: "the dataset folder to write (required)") { $0.output = $1 },
                .flag(
                    "--update",
                    help: "add these photos to the dataset there, keeping its panoramas, links and markers; "
                        + "a photo of a name it already holds is replaced"
                ) { $0.modesAsked.insert(.update) },
                .flag("--force", help: "write the new dataset over the one there (files of other names are left alone)") {
                    $0.modesAsked.insert(.force)
                },
                .parsed(
                    "--place", "LAT,LNG", help: "photos without a GPS position are placed here instead of skipped",
                    parse: { (text) throws(OptionValueError) in
                        switch Coordinate.parse(text) {
                        case .success(let coordinate): return coordinate
                        case .failure(let error): throw .reason(error.message)
                        }
                    }
                ) { $0.placement.place = $1 },
                .text("--track", "FILE.gpx", help: "photos without a GPS position are placed where this GPX track was when they were taken")
                {
                    $0.track = $1
                },
                .parsed(
                    "--time-zone", "±HH:MM", help: "the zone of capture times the camera wrote without one (default +00:00, UTC)",
                    parse: { (text) throws(OptionValueError) in
                        guard let offset = PhotoTime.offsetSeconds(text) else {
                            throw .reason("'\(text)' is not a zone like +02:00 or -05:30")
                        }
                        return offset
                    }
                ) { $0.placement.zoneOffset = $1 },
                .parsed(
                    "--bbox", "W,S,E,N", help: "Panoramax: the pictures inside this area (degrees: west, south, east, north)",
                    parse: { (text) throws(OptionValueError) in
                        switch GeoBox.parse(text) {
                        case .success(let box): return box
                        case .failure(let error): throw .reason(error.message)
                        }
                    }
                ) { $0.panoramax = .area($1) },
                .text("--sequence", "ID", help: "Panoramax: the pictures of this sequence (collection), in order") {
                    $0.panoramax = .sequence($1)
                },
                .wholeNumber("--limit", "N", in: 1...PanoramaxImporter.mostPictures, default: 200, help: "Panoramax: at most N pictures") {
                    $0.limit = $1
                }
            ] + (DatasetOpener.options + [DatasetOpener.deadlineOption(default: Self.deadline)]).map { $0.lifted(into: \.opener) },
            epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.source == nil else { throw UsageError(description: "import takes one folder of photos") }
            guard !argument.isEmpty else { throw UsageError(description: "the photo folder path is empty") }
            command.source = argument
        }
    }

    var source: String?
    var output: String?
    /// --update and --force as given (both is a mistake).
    var modesAsked: Set<PhotoImporter.Mode> = []
    /// --place and --time-zone: where photos without GPS go.
    var placement = PhotoPlacement()
    /// --track: the GPX file photos without GPS are placed on.
    var track: String?
    /// --bbox or --sequence: which Panoramax pictures.
    var panoramax: PanoramaxImporter.Selection?
    /// --limit: most Panoramax pictures taken.
    var limit = 200
    /// --offline, --http-timeout and --all-pictures, for Panoramax.
    /// Seconds an import may spend fetching by default (`--deadline`): 1,000 pictures of a few MB.
    static let deadline = 3600.0
    var opener = DatasetOpener(deadlineSeconds: deadline)

    func validate() throws(UsageError) {
        guard modesAsked.count < 2 else { throw UsageError(description: "import takes --update or --force, not both") }
        guard let source else { throw UsageError(description: "import needs a folder of photos, or panoramax:") }
        guard output != nil else { throw UsageError(description: "import needs --output DATASET") }
        if PanoramaxServer.isNamed(source) {
            guard PanoramaxServer(dataset: source) != nil else {
                throw UsageError(
                    description: "'\(source)': Panoramax is named 'panoramax:' (the public federation) or 'panoramax:https://HOST'")
            }
            guard panoramax != nil else { throw UsageError(description: "importing from Panoramax needs --bbox W,S,E,N or --sequence ID") }
        } else if panoramax != nil {
            throw UsageError(description: "--bbox and --sequence choose Panoramax pictures; the source is then panoramax: or panoramax:URL")
        }
        if placement.place != nil || track != nil, PanoramaxServer.isNamed(source) {
            throw UsageError(description: "--place and --track are for photos without GPS; Panoramax's pictures have their place")
        }
    }

    func run() throws(CommandError) -> Int32 {
        guard let source, let output else { return ExitStatus.usage }
        let showProgress = isatty(STDERR_FILENO) == 1
        let report: PhotoImporter.Report
        let mode = modesAsked.first ?? .fresh
        var placement = placement
        if let track {
            do { placement.track = try GPXTrack.read(track) } catch { throw .track(error) }
        }
        do {
            if let panoramax, let server = PanoramaxServer(dataset: source) {
                report = try PanoramaxImporter.importPictures(
                    panoramax, from: server, limit: limit, allPictures: opener.allPictures,
                    cache: opener.cache(), into: URL(fileURLWithPath: output), mode: mode
                ) { done, total in
                    if showProgress { writeStandardError("\rfetching \(done)/\(total) pictures") }
                }
            } else {
                report = try PhotoImporter.importFolder(
                    URL(fileURLWithPath: source), into: URL(fileURLWithPath: output), mode: mode,
                    placement: placement
                ) { done, total in
                    if showProgress { writeStandardError("\rimporting \(done)/\(total) photos") }
                }
            }
        } catch {
            throw .importFailed(error)
        }
        if showProgress { writeStandardError("\n") }
        for (file, reason) in report.skipped {
            writeStandardError(TextSanitizer.sanitize("skipped \(file): \(reason)") + "\n")
        }
        guard !report.imported.isEmpty else {
            throw .importFailed(.unreadableFolder(path: source, reason: "no photo could be placed, so nothing was written"))
        }
        let links = report.imported.reduce(0) { $0 + $1.links.count }
        print(
            TextSanitizer.sanitize(
                "imported \(report.imported.count) panoramas with \(links) links into \(output)"
                    + (report.skipped.isEmpty ? "" : "; skipped \(report.skipped.count)")))
        return ExitStatus.success
    }
}
