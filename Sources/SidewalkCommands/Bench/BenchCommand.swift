import Benchmarks
import CompassPanorama
import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk bench reproject|encode|data [--input IMAGE] [--json] [--save-sources DIR]`.
struct BenchCommand: SidewalkCommand {
    static let purpose = "measure Sidewalk's speed, bytes and memory on this machine"
    static let synopsis = [
        "sidewalk bench reproject [--input IMAGE] [--threads N] [--json] [--save-sources DIR]",
        "sidewalk bench encode [--input IMAGE] [--json] [--color MODE] [--save-frame DIR]",
        "sidewalk bench data [--input DATASET [--find TEXT]] [--json]",
        "sidewalk bench imagery [--input IMAGE|DATASET [--decode first-view|zoom-5|largest|tiled|tiled-zoom-5]] [--json]",
        "sidewalk bench fidelity [--input IMAGE] [--json] [--save-views DIR] | --score-ansi FILE --reference PNG",
        "sidewalk bench pixels|flicker|minify [--input IMAGE] [--json]",
        "sidewalk bench places [--json]"
    ]
    /// The benchmarks, by the name that runs them.
    static let benchmarks = ["reproject", "encode", "data", "imagery", "fidelity", "pixels", "flicker", "minify", "places"]

    static var spec: CommandSpec<BenchCommand> {
        CommandSpec(
            name: "bench", purpose: purpose, synopsis: synopsis,
            about: """
                  reproject   median milliseconds per view at 320x180, 800x450 and 1600x900, on one thread
                              and on all cores (or on N threads), from generated 2048x1024 and 4096x2048 panoramas (or from
                              IMAGE), over 48 views with different headings and pitches, with the portable
                              sampler's turns beside the fastest kernel's (AVX2) where they differ; and how
                              much prefiltering helps against aliasing (PSNR)
                  encode      bytes per cell for a 200x60-cell view: the first frame, a pan of 30 frames
                              of 2 degrees, the exact frame after it, idle, a one-digit status change; the
                              PSNR shown during the pan; encode time per frame
                  data        nearest-panorama query on a generated 1,000,000-panorama index (median µs),
                              loading a 100,000-panorama manifest, opening a sharded 1,000,000-panorama
                              dataset in a fresh process (time and peak memory), and memory while walking
                              200 linked 2048x1024 panoramas with prefetch and a 64 MB cache
                  imagery     a generated panorama saved as a 4096, 8192 and 16384-wide JPEG (or IMAGE),
                              opened for a 200x60-cell view as the explorer opens it, as zoom 5 needs,
                              and at the largest decode; then tiled (sidewalk tile), from disk and over
                              loopback HTTP (python3's http.server), level 0 and the tiles the view at
                              zoom 1 and at zoom 5 needs: time to the first frame and peak memory
                  fidelity    for each symbol set and colour mode, on a 100x30-cell view (three headings)
                              of the demo town's start and a generated compass panorama (or IMAGE): PSNR
                              of the cells painted back into pixels against the view, and bytes per cell
                  pixels      one frame of real pixels at 800x450 and 1600x900 (same sources): reprojection
                              and encoding times, bytes and PSNR for kitty and iTerm2 PNGs and sixels
                  flicker     for each symbol set, colour mode and sixels: the change between two frames
                              of a still camera, and over a one-pixel pan against the view's own change
                  minify      views (fov 90) showing the panorama's texels 2, 4 and 6 times smaller, made
                              with each mip level bias and with 2x2 supersampling, against 8x8 samples
                              a pixel (PSNR)
                  places      a 160x48 frame while turning, on a street whose map holds 300 named places
                              within 150 m, against the same street without them: median milliseconds a
                              frame (view, labels, minimap, bytes), the ratio, the most markers a frame
                              drew, and the time the places are read in on arrival
                """,
            options: [
                .text(
                    "--input", "IMAGE",
                    help: "use this panorama instead of the generated ones; for data, a DATASET: "
                        + "the time and peak memory of opening it"
                ) { $0.inputPath = $1 },
                .wholeNumber("--threads", "N", in: 1...256, help: "reproject: time on N threads only, instead of on one and on all cores") {
                    $0.threads = $1
                },
                .flag("--json", help: "print one JSON object instead of a table") { $0.json = true },
                .flag("--quick", help: "a small workload that checks the benchmark runs, in seconds; its figures are not for comparison") {
                    $0.scale = .quick
                },
                .text(
                    "--save-sources", "DIR",
                    help: "reproject: also write the panoramas used as PNG files into DIR "
                        + "(for scripts/bench-reference)"
                ) { $0.saveDirectory = $1 },
                .text(
                    "--save-frame", "DIR",
                    help: "encode: also write the first frame's pixels as DIR/first-frame.png "
                        + "(for scripts/bench-chafa)"
                ) { $0.saveFrameDirectory = $1 },
                .choice(
                    "--color", "MODE", ColorMode.allCases.map(\.rawValue), aliases: ["--colour"], default: ColorMode.truecolor.rawValue,
                    help: "encode: colours"
                ) { $0.colorMode = ColorMode(flag: $1)! },
                .text(
                    "--save-views", "DIR",
                    help: "fidelity: also write each view measured as a PNG of 6x12 pixels a cell into DIR "
                        + "(for scripts/bench-fidelity-chafa)"
                ) { $0.saveViewsDirectory = $1 },
                .text(
                    "--score-ansi", "FILE",
                    help: "fidelity: instead, score ANSI art another program made of 100x30 cells against "
                        + "--reference: PSNR and bytes per cell"
                ) { $0.scoreANSIPath = $1 },
                .text("--reference", "PNG", help: "fidelity: the view --score-ansi is scored against") { $0.referencePath = $1 },
                .text(
                    "--find", "TEXT", help: "data: with --input, time a search for TEXT in the dataset's names, in this process"
                ) { $0.find = $1 },
                .choice(
                    "--decode", "D", ImageryBenchmark.Decode.allCases.map(\.rawValue), default: "all three, each in a process of its own",
                    help: "imagery: measure only this decode of --input, in this process"
                ) { $0.decode = ImageryBenchmark.Decode(rawValue: $1) }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.benchmark == nil else { throw UsageError(description: "bench takes one benchmark") }
            guard benchmarks.contains(argument) else {
                throw UsageError(description: "unknown benchmark '\(argument)'; see sidewalk bench --help")
            }
            command.benchmark = argument
        }
    }

    var benchmark: String?
    var inputPath: String?
    /// bench data --input DATASET --find TEXT: the search timed.
    var find: String?
    var json = false
    var scale = BenchScale.full
    /// Threads for `reproject`; nil times one thread and all cores.
    var threads: Int?
    var saveDirectory: String?
    var saveFrameDirectory: String?
    var colorMode = ColorMode.truecolor
    var saveViewsDirectory: String?
    var scoreANSIPath: String?
    var referencePath: String?
    var decode: ImageryBenchmark.Decode?

    func validate() throws(UsageError) {
        guard benchmark != nil else { throw UsageError(description: "bench needs a benchmark: \(Self.benchmarks.joined(separator: ", "))") }
        if (scoreANSIPath == nil) != (referencePath == nil) { throw UsageError(description: "--score-ansi and --reference go together") }
    }

    struct ReprojectReport: Codable {
        var reproject: [ReprojectBenchmark.Row]
        var antialias: [AntialiasMeasurement.Result]
        /// The (heading, pitch) of every view timed, degrees.
        var views: [[Double]]
        /// Where --save-sources wrote each source, by name.
        var source_files: [String: String]
        var cores: Int
    }

    func run() throws(CommandError) -> Int32 {
        switch benchmark {
        case "encode": return try runEncode()
        case "data": return try runData()
        case "fidelity": return try runFidelity()
        case "pixels": return try runPixels()
        case "flicker": return try runFlicker()
        case "minify": return try runMinify()
        case "imagery": return try runImagery()
        case "places": return runPlaces()
        default: return try runReproject()
        }
    }

    private func runData() throws(CommandError) -> Int32 {
        if let inputPath, let find { return try runDataFind(find, in: inputPath) }
        if let inputPath {
            let opening = try DataBenchmark.opening { () throws(CommandError) in
                guard let (dataset, _) = try PanoramaSelection().chooseInDataset(inputPath) else {
                    throw .benchmark(.step("\(inputPath) is not a dataset"))
                }
                return dataset.service.panoramas.count
            }
            if json {
                Self.printJSON(opening)
            } else {
                print(
                    "\(inputPath) opened (\(opening.panoramas_read) panoramas read) in \(format(opening.seconds)) s, "
                        + "peak \(format(opening.peak_mb)) MB")
            }
            return ExitStatus.success
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-bench-data-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let report = try Self.measuring { () throws(BenchmarkError) in try DataBenchmark.run(work: work, scale: scale) }
        if json {
            Self.printJSON(report)
        } else {
            print(
                "nearest panorama within 50 m, \(report.index_panoramas) panoramas: median \(format(report.nearest_median_us)) µs "
                    + "(index built in \(format(report.index_build_s)) s)")
            print("manifest of \(report.manifest_panoramas) panoramas opened and validated in \(format(report.manifest_load_s)) s")
            print(
                "sharded dataset of \(report.sharded_panoramas) panoramas in \(report.sharded_shards) shards opened by a fresh process "
                    + "(bench data --input): \(format(report.sharded_open_s)) s, peak \(format(report.sharded_open_peak_mb)) MB")
            print(
                "found by name in it (names index), each in a fresh process (bench data --input --find): "
                    + report.names_searches.map { "'\($0)'" }.joined(separator: ", ")
                    + ": median \(format(report.names_search_median_ms)) ms, process peak \(format(report.names_search_peak_mb)) MB, "
                    + "\(format(report.names_search_added_mb)) MB of it the search's")
            print(
                "walk of \(report.walk_steps) linked panoramas, prefetch on: cache peak \(format(report.walk_cache_peak_mb)) MB "
                    + "of a \(format(report.walk_cache_budget_mb)) MB budget; resident memory \(format(report.walk_rss_before_mb)) MB "
                    + "before, \(format(report.walk_rss_peak_mb)) MB at most; \(report.walk_decode_waits) steps waited for a decode")
        }
        return ExitStatus.success
    }

    /// What `body` measures; a benchmark that could not finish fails the command.
    static func measuring<Answer>(_ body: () throws(BenchmarkError) -> Answer) throws(CommandError) -> Answer {
        do { return try body() } catch { throw .benchmark(error) }
    }

    /// The panorama given with --input, checked to be a full sphere.
    func loadInput(_ path: String) throws(CommandError) -> RGBImage {
        let image: RGBImage
        do { image = try ImageDecoder.decodeFile(path) } catch { throw .image(error) }
        guard EquirectPanorama.isFullSphere(width: image.width, height: image.height) else {
            throw .panorama(.notEquirectangular(path: path, width: image.width, height: image.height))
        }
        return image
    }

    private func runReproject() throws(CommandError) -> Int32 {
        var sources: [(name: String, image: RGBImage)] = []
        if let inputPath {
            let image = try loadInput(inputPath)
            sources.append(("\(image.width)x\(image.height)", image))
        } else {
            for width in [2048, 4096] {
                sources.append(("\(width)x\(width / 2)", CompassSphere.render(width: width)))
            }
        }
        var files: [String: String] = [:]
        if let saveDirectory {
            for source in sources {
                let path = "\(saveDirectory)/source-\(source.name).png"
                do { try PNGEncoder.write(source.image, to: path) } catch { throw .image(error) }
                files[source.name] = path
            }
        }
        let cores = DispatchRunner().width
        let threads = self.threads.map { [$0] } ?? (cores > 1 ? [1, cores] : [1])
        var rows: [ReprojectBenchmark.Row] = []
        var antialias: [AntialiasMeasurement.Result] = []
        for source in sources {
            rows += ReprojectBenchmark.run(
                source: source.name, panorama: EquirectPanorama(image: source.image), threads: threads, scale: scale)
            if let measurement = AntialiasMeasurement.run(source: source.name, image: source.image), source.image.width >= 4096 {
                antialias.append(measurement)
            }
        }
        let report = ReprojectReport(
            reproject: rows, antialias: antialias,
            views: ReprojectBenchmark.views(scale).map { [$0.heading, $0.pitch] },
            source_files: files, cores: cores)
        if json {
            Self.printJSON(report)
        } else {
            printTable(report)
        }
        return ExitStatus.success
    }

    private func printTable(_ report: ReprojectReport) {
        print("reprojection, median ms per view over \(report.views.count) views (new heading and pitch each; 'turn' = heading only)")
        print(
            pad("source", 11) + pad("size", 9) + pad("threads", 8) + pad("ms/view", 10) + pad("ms/turn", 10)
                + pad("texels/pixel", 14) + "portable kernel's ms/turn (\(SamplerKernel.fastest.rawValue) above)")
        for row in report.reproject {
            print(
                pad(row.source, 11) + pad(row.size, 9) + pad("\(row.threads)", 8)
                    + pad(format(row.median_ms), 10) + pad(format(row.turn_median_ms), 10) + pad(format(row.texels_per_pixel), 14)
                    + (row.portable_turn_median_ms.map(format) ?? "-"))
        }
        for result in report.antialias {
            print(
                "antialiasing, 160x90 fov 90 from \(result.source) vs box-downsampled 1024x512 reference: "
                    + "prefiltered \(format(result.prefiltered_psnr_db)) dB, plain bilinear \(format(result.bilinear_psnr_db)) dB")
        }
    }
}
