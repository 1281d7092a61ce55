#if canImport(Glibc)
import Glibc
#endif
import Datasets
import Foundation
import TermRender
import TextSafety

/// `sidewalk import DIR --output DATASET`: a dataset from a folder of 360° photos.
struct ImportCommand {
    static let help = """
    sidewalk import: make a dataset from a folder of 360° photos

    USAGE:
      sidewalk import DIR --output DATASET [--update | --force]

      Reads every .jpg in DIR: the position and date from EXIF (GPS, DateTimeOriginal), the
      heading of the image centre and any cropping from Photo Sphere XMP (GPano). Photos are
      copied into DATASET/images/, linked to their near neighbours (within 30 m, no two links
      within 35° of each other), and DATASET/manifest.json is written. Photos that cannot be
      placed are listed with the reason. Running it again gives the same dataset.

      DATASET must be a new or empty folder, or this same import's earlier output (the
      manifest records the folder it was imported from). Anything else is refused:
      --update   add these photos to the dataset there, keeping its panoramas, links and
                 markers; a photo of a name it already holds is replaced
      --force    write the new dataset over it (files of other names are left alone)
      Nothing is written when no photo can be placed or the import fails.
    """

    var source: String?
    var output: String?
    var showHelp = false
    var mode = PhotoImporter.Mode.fresh

    static func parse(_ arguments: [String]) throws(UsageError) -> ImportCommand {
        var command = ImportCommand()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "-h", "--help": command.showHelp = true
            case "--output", "-o": command.output = try reader.value(for: argument)
            case "--update", "--force":
                guard command.mode == .fresh else { throw UsageError(description: "import takes --update or --force, not both") }
                command.mode = argument == "--update" ? .update : .force
            default:
                if argument.hasPrefix("-") { throw ArgumentReader.unknownOption(argument, command: "import ") }
                if command.source != nil { throw UsageError(description: "import takes one folder of photos") }
                command.source = try ArgumentReader.path(argument, naming: "photo folder")
            }
        }
        guard command.showHelp || command.source != nil else { throw UsageError(description: "import needs a folder of photos") }
        guard command.showHelp || command.output != nil else { throw UsageError(description: "import needs --output DATASET") }
        return command
    }

    func run() throws(CommandError) -> Int32 {
        if showHelp {
            print(Self.help)
            return ExitStatus.success
        }
        guard let source, let output else { return ExitStatus.usage }
        let showProgress = isatty(STDERR_FILENO) == 1
        let report: PhotoImporter.Report
        do {
            report = try PhotoImporter.importFolder(URL(fileURLWithPath: source), into: URL(fileURLWithPath: output), mode: mode) { done, total in
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
