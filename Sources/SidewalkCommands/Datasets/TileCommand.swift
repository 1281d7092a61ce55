import Datasets
import FoundationEssentials
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk tile IMAGE|DATASET --output DATASET`: tile pyramids for big panoramas.
struct TileCommand: SidewalkCommand {
    static let purpose = "cut panoramas into tile pyramids, for big images and web hosting"
    static let synopsis = ["sidewalk tile IMAGE|DATASET --output DATASET"]

    static var spec: CommandSpec<TileCommand> {
        CommandSpec(
            name: "tile", purpose: purpose, synopsis: synopsis,
            about: """
                  Cuts each full 360° panorama into a pyramid of 512-pixel JPEG tiles, level 0 a whole
                  image no wider than 512 pixels and each level twice as wide up to the original, at
                  DATASET/tiles/ID/{level}/{row}/{col}.jpg, and writes DATASET/manifest.json with a
                  "tiles" entry for each (docs/dataset-format.md). The explorer then shows level 0 at
                  once and loads only the tiles a view needs, sharpening as they arrive.

                  From an IMAGE: a one-panorama dataset, placed by the photo's EXIF GPS and GPano
                  heading when it has them. From a DATASET: the same dataset with its full-sphere
                  panoramas tiled (cropped ones stay plain images); --output may be the dataset itself.
                  Tiles already there are kept, so an interrupted run resumes, and a re-run gives the
                  same bytes. Tiles are written in parallel; the whole image is decoded, so memory
                  peaks near 7 bytes a pixel (230 MB for 8192×4096, 930 MB for 16384×8192).
                """,
            options: [
                .text("--output", "DATASET", aliases: ["-o"], help: "the dataset folder to write (required)") { $0.output = $1 }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.source == nil else { throw UsageError(description: "tile takes one IMAGE or DATASET") }
            guard !argument.isEmpty else { throw UsageError(description: "the IMAGE or DATASET path is empty") }
            command.source = argument
        }
    }

    var source: String?
    var output: String?

    func validate() throws(UsageError) {
        guard source != nil else { throw UsageError(description: "tile needs an IMAGE or a DATASET") }
        guard output != nil else { throw UsageError(description: "tile needs --output DATASET") }
    }

    func run() throws(CommandError) -> Int32 {
        guard let source, let output else { return ExitStatus.usage }
        let showProgress = isatty(STDERR_FILENO) == 1
        let progress: DatasetTiler.Progress = { panorama, panoramas, tiles, tileTotal in
            if showProgress { writeStandardError("\rtiling panorama \(panorama + 1)/\(panoramas): \(tiles)/\(tileTotal) tiles   ") }
        }
        let destination = URL(fileURLWithPath: output)
        let report: DatasetTiler.Report
        do {
            report =
                Dataset.isDataset(source)
                ? try DatasetTiler.tile(dataset: source, into: destination, progress: progress)
                : try DatasetTiler.tile(image: source, into: destination, progress: progress)
        } catch {
            if showProgress { writeStandardError("\n") }
            throw .tiling(error)
        }
        if showProgress { writeStandardError("\n") }
        print(
            TextSanitizer.sanitize(
                "tiled \(report.tiled) of \(report.panoramas) panoramas into \(output): \(report.tilesWritten) tiles written"
                    + (report.tilesKept > 0 ? ", \(report.tilesKept) already there" : "")))
        return ExitStatus.success
    }
}
