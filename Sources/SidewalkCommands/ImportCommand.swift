#if canImport(Glibc)
import Glibc
#endif
import Datasets
import Foundation
import TermRender
import TextSafety

/// `sidewalk import DIR --output DATASET`: a dataset from a folder of 360° photos.
struct ImportCommand: SidewalkCommand {
    static let purpose = "make a dataset from a folder of 360° photos"
    static let synopsis = ["sidewalk import DIR --output DATASET [--update | --force]"]

    static var spec: CommandSpec<ImportCommand> {
        CommandSpec(name: "import", purpose: purpose, synopsis: synopsis, about: """
              Reads every .jpg in DIR: the position and date from EXIF (GPS, DateTimeOriginal), the
              heading of the image centre and any cropping from Photo Sphere XMP (GPano). Photos are
              copied into DATASET/images/, linked to their near neighbours (within 30 m, no two links
              within 35° of each other), and DATASET/manifest.json is written. Photos that cannot be
              placed are listed with the reason. Running it again gives the same dataset.

              DATASET must be a new or empty folder, or this same import's earlier output (the
              manifest records the folder it was imported from); anything else needs --update or
              --force. Nothing is written when no photo can be placed or the import fails.
            """, options: [
                .text("--output", "DATASET", aliases: ["-o"], help: "the dataset folder to write (required)") { $0.output = $1 },
                .flag("--update", help: "add these photos to the dataset there, keeping its panoramas, links and markers; "
                    + "a photo of a name it already holds is replaced") { $0.modesAsked.insert(.update) },
                .flag("--force", help: "write the new dataset over the one there (files of other names are left alone)") {
                    $0.modesAsked.insert(.force)
                },
            ], epilogue: "") { command, argument throws(UsageError) in
            guard command.source == nil else { throw UsageError(description: "import takes one folder of photos") }
            guard !argument.isEmpty else { throw UsageError(description: "the photo folder path is empty") }
            command.source = argument
        }
    }

    var source: String?
    var output: String?
    /// --update and --force as given (both is a mistake).
    var modesAsked: Set<PhotoImporter.Mode> = []

    func validate() throws(UsageError) {
        guard modesAsked.count < 2 else { throw UsageError(description: "import takes --update or --force, not both") }
        guard source != nil else { throw UsageError(description: "import needs a folder of photos") }
        guard output != nil else { throw UsageError(description: "import needs --output DATASET") }
    }

    func run() throws(CommandError) -> Int32 {
        guard let source, let output else { return ExitStatus.usage }
        let showProgress = isatty(STDERR_FILENO) == 1
        let report: PhotoImporter.Report
        do {
            report = try PhotoImporter.importFolder(URL(fileURLWithPath: source), into: URL(fileURLWithPath: output), mode: modesAsked.first ?? .fresh) { done, total in
                if showProgress { writeStandardError("\rimporting \(done)/\(total) photos") }
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
        print(TextSanitizer.sanitize("imported \(report.imported.count) panoramas with \(links) links into \(output)"
            + (report.skipped.isEmpty ? "" : "; skipped \(report.skipped.count)")))
        return ExitStatus.success
    }
}
