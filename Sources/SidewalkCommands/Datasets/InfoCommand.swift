import Datasets
import Dispatch
import Explorer
import PanoCore
import PanoImage
import StreetModel
import Synchronization
import TermRender
import TextSafety

/// `sidewalk info DATASET`: what a dataset holds, and whether it is valid.
struct InfoCommand: SidewalkCommand {
    static let purpose = "summarise and validate a dataset"
    static let synopsis = ["sidewalk info DATASET [--pano ID | --at LAT,LNG | --find TEXT] [--deep] [--list]"]

    static var spec: CommandSpec<InfoCommand> {
        CommandSpec(
            name: "info", purpose: purpose, synopsis: synopsis,
            about: """
                  Prints the panoramas, the area they cover, links, sources, buildings and levels, capture
                  dates and markers. An invalid dataset gets every problem, one per line, and status 1.
                  DATASET may be a web address (https://host/path/ or its manifest.json), or Panoramax
                  (panoramax: or panoramax:URL, with --pano or --at: the pictures read around it).
                  With --pano or --at, the one panorama too: its place, date, credit and ways.
                  With --deep, every image is decoded too, and each that cannot be is listed (status 1).
                  With --list, every panorama (id, place, date, source, description) and every marker
                  (id, place, title and snippet), one a line, after the summary.
                """,
            options: PanoramaSelection.options.map { $0.lifted(into: \.selection) } + [
                DatasetOpener.deadlineOption(default: Self.deadline).lifted(into: \.selection.opener),
                .flag("--deep", help: "decode every panorama's image and list those that cannot be (a truncated or broken file)") {
                    $0.deep = true
                },
                .flag("--list", help: "list every panorama and marker, with its place and name") { $0.list = true }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.path == nil else { throw UsageError(description: "info takes one DATASET") }
            guard !argument.isEmpty else { throw UsageError(description: "the DATASET path is empty") }
            command.path = argument
        }
    }

    var path: String?
    /// Seconds `info` may spend fetching by default (`--deadline`): `--deep` fetches every image.
    static let deadline = 600.0
    var selection = PanoramaSelection(opener: DatasetOpener(deadlineSeconds: deadline))
    /// --deep: decode every image.
    var deep = false
    /// --list: every panorama and marker, one a line.
    var list = false

    func validate() throws(UsageError) {
        guard path != nil else { throw UsageError(description: "info needs a DATASET") }
        try selection.validate()
    }

    func run() throws(CommandError) -> Int32 {
        guard let path else { return ExitStatus.usage }
        if selection.panoramaID != nil || selection.place != nil || selection.find != nil || StreetService.isNamed(path) {
            guard let (dataset, panorama) = try selection.chooseInDataset(path) else { return ExitStatus.usage }
            for line in Self.summary(of: dataset) + Self.details(of: panorama) { print(TextSanitizer.sanitize(line)) }
            return ExitStatus.success
        }
        // Shard by shard, so memory stays that of one shard (and the ids seen) however large.
        var summary = DatasetSummary()
        var broken: [(id: String, reason: String)] = []
        let dataset: Dataset
        do {
            dataset = try selection.opener.open(path).lettingShardsGo()
            try dataset.eachShard { panoramas in
                summary.add(panoramas)
                if deep { broken += Self.brokenImages(of: panoramas, in: dataset) }
            }
        } catch let DatasetError.invalid(manifest, problems) {
            print(TextSanitizer.sanitize("\(manifest): invalid, \(problems.count) problem\(problems.count == 1 ? "" : "s"):"))
            for problem in problems { print("  " + TextSanitizer.sanitize(problem.description)) }
            return ExitStatus.failure
        } catch {
            throw .dataset(error)
        }
        for line in summary.lines(of: dataset) { print(TextSanitizer.sanitize(line)) }
        if list { try Self.printList(of: dataset) }
        guard deep else { return ExitStatus.success }
        print("images:     \(summary.count - broken.count) decoded, \(broken.count) broken")
        for (id, reason) in broken { print(TextSanitizer.sanitize("  \(id): \(reason)")) }
        return broken.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// `--list`: each panorama, read shard by shard again (so memory stays that of one shard),
    /// then each marker, one a line, columns separated by two spaces.
    static func printList(of dataset: Dataset) throws(CommandError) {
        print("panoramas (id, place, date, source, description):")
        do {
            try dataset.eachShard { panoramas in
                for panorama in panoramas {
                    let fields = [
                        panorama.id, "\(panorama.coordinate)", panorama.captureDate ?? "-", panorama.source.rawValue,
                        panorama.description ?? ""
                    ]
                    print(TextSanitizer.sanitize("  " + fields.joined(separator: "  ")))
                }
            }
        } catch {
            throw .dataset(error)
        }
        print("markers (id, place, title: snippet):")
        for marker in dataset.service.markers {
            let text = [marker.title, marker.snippet].compactMap { $0 }.joined(separator: ": ")
            print(TextSanitizer.sanitize("  \(marker.id)  \(marker.coordinate)  \(text)"))
        }
    }

    /// Images `--deep` decodes at once, at most: for a dataset on the web, the requests one
    /// server gets at once (as Panoramax's client asks), each a decode at the least size.
    static let concurrentDecodes = 4

    /// Each of `panoramas` whose image cannot be decoded, with why, in their order; decoded at
    /// the least size the decoder allows, `concurrentDecodes` at a time on threads of their own
    /// (a wait on a slow server takes no core), so memory stays that of a few images.
    static func brokenImages(of panoramas: [Panorama], in dataset: Dataset) -> [(id: String, reason: String)] {
        let lanes = min(concurrentDecodes, panoramas.count)
        let reasons = Mutex([String?](repeating: nil, count: panoramas.count))
        let group = DispatchGroup()
        // A queue of its own: its threads are not held to the number of cores while they wait.
        let queue = DispatchQueue(label: "info-deep", qos: .userInitiated, attributes: .concurrent)
        for lane in 0..<lanes {
            queue.async(group: group) {
                for index in stride(from: lane, to: panoramas.count, by: lanes) {
                    do throws(PanoramaError) { _ = try dataset.load(panoramas[index], minimumWidth: 1) } catch {
                        reasons.withLock { $0[index] = error.description }
                    }
                }
            }
        }
        group.wait()
        let found = reasons.withLock { $0 }
        return panoramas.indices.compactMap { index in found[index].map { (panoramas[index].id, $0) } }
    }

    /// The summary's lines for a dataset as read (a Panoramax start and what is around it).
    static func summary(of dataset: Dataset) -> [String] {
        var summary = DatasetSummary()
        summary.add(dataset.service.panoramas)
        return summary.lines(of: dataset)
    }

    /// One panorama's lines: id, place, date, credit and ways.
    static func details(of panorama: Panorama) -> [String] {
        var lines = [
            "panorama:   \(panorama.id)",
            "  place:    \(panorama.coordinate), image centre facing \(Int(panorama.centerHeading.rounded()))°"
                + (panorama.crop == nil ? "" : ", a partial panorama"),
            "  date:     \(panorama.captureDate ?? "not given")",
            "  credit:   \(panorama.copyright ?? "not given")"
        ]
        if let description = panorama.description { lines.append("  about:    \(description)") }
        let ways = panorama.links.map { "\(Int($0.heading.rounded()))° \($0.description ?? $0.target)" }
        lines.append("  ways:     \(ways.isEmpty ? "none" : ways.joined(separator: "; "))")
        return lines
    }
}
