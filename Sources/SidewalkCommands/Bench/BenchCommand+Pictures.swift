import Benchmarks
import CompassPanorama
import FoundationEssentials
import PanoCore
import PanoImage
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// The benchmarks of the picture: how close it is (fidelity), what pixel frames cost (pixels),
/// whether it flickers (flicker), how sharp minified views are (minify), and what a large
/// panorama costs before its first frame (imagery).
extension BenchCommand {
    /// The panoramas the picture is measured on: --input, or the demo town's start and a
    /// generated compass panorama.
    func pictureSources() throws(CommandError) -> [(name: String, image: RGBImage)] {
        if let inputPath { return [(inputPath.split(separator: "/").last.map(String.init) ?? inputPath, try loadInput(inputPath))] }
        var sources: [(name: String, image: RGBImage)] = []
        if let demo = AssetLocator.defaultPath(), demo.hasSuffix("demo") {
            sources.append(("demo main-3", try loadInput("\(demo)/images/main-3.jpg")))
        }
        sources.append(("compass 2048", CompassSphere.render(width: 2048)))
        return sources
    }

    func runFidelity() throws(CommandError) -> Int32 {
        if let scoreANSIPath, let referencePath {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(scoreANSIPath, limit: 16 << 20) } catch { throw .file(error) }
            let reference: RGBImage
            do { reference = try ImageDecoder.decodeFile(referencePath) } catch { throw .image(error) }
            let score = FidelityBenchmark.score(ansi: bytes, reference: reference)
            print(
                json
                    ? Self.json(["psnr_db": score.psnr, "delta_e_blurred": score.deltaE, "bytes_per_cell": score.bytesPerCell])
                    : "\(format(score.psnr)) dB, blurred ΔE \(format(score.deltaE)), \(format(score.bytesPerCell)) bytes/cell")
            return ExitStatus.success
        }
        let sources = try pictureSources()
        var rows: [FidelityBenchmark.Row] = []
        for (name, image) in sources {
            let (measured, views) = FidelityBenchmark.run(source: name, panorama: EquirectPanorama(image: image))
            rows += measured
            guard let saveViewsDirectory else { continue }
            for (index, view) in views.enumerated() {
                let file = name.replacing(" ", with: "-").replacing("/", with: "-")
                do { try PNGEncoder.write(view, to: "\(saveViewsDirectory)/\(file)-\(index).png") } catch { throw .image(error) }
            }
        }
        report(
            rows,
            title: "what the terminal shows, \(FidelityBenchmark.columns)x\(FidelityBenchmark.rows) cells, against the view "
                + "(mean of \(FidelityBenchmark.views.count) headings)",
            [
                Column("source", 14) { $0.source }, Column("symbols", 10) { $0.symbols }, Column("colours", 11) { $0.color_mode },
                Column("dither", 8) { $0.dither }, Column("PSNR dB", 9) { format($0.psnr_db) },
                Column("blurred ΔE", 11) { format($0.delta_e_blurred) }, Column("bytes/cell", 11) { format($0.bytes_per_cell) },
                Column("bound dB", 0) { $0.bound_psnr_db.map(format) ?? "-" }
            ])
        return ExitStatus.success
    }

    func runPixels() throws(CommandError) -> Int32 {
        var rows: [PixelBenchmark.Row] = []
        for (name, image) in try pictureSources() {
            do { rows += try PixelBenchmark.run(source: name, panorama: EquirectPanorama(image: image), scale: scale) } catch {
                throw .image(error)
            }
        }
        report(
            rows,
            title:
                "one frame of real pixels on all cores, camera to bytes (medians of \(PixelBenchmark.rounds) runs at \(PixelBenchmark.headings.count) headings; "
                + "a turn reuses the ray table, a new view rebuilds it; PSNR of what is shown against the view)",
            [
                Column("source", 14) { $0.source }, Column("size", 10) { $0.size }, Column("format", 20) { $0.format },
                Column("turn ms", 9) { format($0.reproject_turn_ms) }, Column("new ms", 8) { format($0.reproject_new_view_ms) },
                Column("fit ms", 8) { format($0.fit_ms) }, Column("encode ms", 10) { format($0.encode_ms) },
                Column("frame ms", 10) { format($0.frame_ms) },
                Column("bytes", 10) { "\($0.bytes)" }, Column("PSNR dB", 9) { format($0.psnr_db) },
                Column("blurred", 0) { format($0.blurred_psnr_db) }
            ])
        return ExitStatus.success
    }

    func runFlicker() throws(CommandError) -> Int32 {
        var rows: [FlickerBenchmark.Row] = []
        for (name, image) in try pictureSources() { rows += FlickerBenchmark.run(source: name, panorama: EquirectPanorama(image: image)) }
        report(
            rows,
            title: "mean change per pixel channel (levels) between consecutive frames, "
                + "\(FlickerBenchmark.columns)x\(FlickerBenchmark.rows) cells",
            [
                Column("source", 14) { $0.source }, Column("mode", 22) { $0.mode }, Column("still", 8) { format($0.still_change) },
                Column("1-px pan", 10) { format($0.pan_change) }, Column("view's pan", 12) { format($0.view_pan_change) },
                Column("ratio", 0) { format($0.ratio) }
            ])
        return ExitStatus.success
    }

    func runMinify() throws(CommandError) -> Int32 {
        var rows: [MinifyBenchmark.Row] = []
        for (name, image) in try pictureSources() { rows += MinifyBenchmark.run(source: name, image: image) }
        let samples = MinifyBenchmark.referenceSamples
        report(
            rows,
            title: "a view (fov 90) showing the texels \(MinifyBenchmark.factors.map(String.init).joined(separator: ", ")) times "
                + "smaller, against \(samples)x\(samples) samples a pixel, mean of \(MinifyBenchmark.headings.count) headings",
            [
                Column("source", 24) { $0.source }, Column("factor", 7) { "\($0.factor)" }, Column("size", 9) { $0.size },
                Column("method", 30) { $0.method }, Column("PSNR dB", 0) { format($0.psnr_db) }
            ])
        return ExitStatus.success
    }

    func runImagery() throws(CommandError) -> Int32 {
        if let decode {
            guard let inputPath else { throw .usage(UsageError(description: "--decode measures the panorama --input gives")) }
            Self.printJSON(
                try Self.measuring { () throws(BenchmarkError) in
                    try ImageryBenchmark.measure(inputPath, decode: decode, open: DatasetOpener().open)
                })
            return ExitStatus.success
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-bench-imagery-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let paths: [String]
        if let inputPath {
            paths = [inputPath]
        } else {
            do { try OutputFile.makeFolder(work.path) } catch { throw .file(error) }
            paths = try Self.measuring { () throws(BenchmarkError) in
                try ImageryBenchmark.writeSources(into: work, widths: scale.pick(ImageryBenchmark.widths, quick: [1024]))
            }
        }
        var rows: [ImageryBenchmark.Row] = []
        let server = try Self.measuring { () throws(BenchmarkError) in try TiledSources(work: work) }
        for path in paths {
            for decode in ImageryBenchmark.Decode.plain {
                // A fresh process each, so memory one measurement freed is not held in the next.
                rows.append(try Self.measureInChild(path, decode: decode))
            }
            // The same image tiled, on disk and (with python3's http.server) over loopback HTTP.
            for source in try Self.measuring({ () throws(BenchmarkError) in try server.tiledSources(of: path) }) {
                for decode in ImageryBenchmark.Decode.ofTiles { rows.append(try Self.measureInChild(source, decode: decode)) }
            }
        }
        report(
            rows,
            title:
                "a JPEG panorama (and the same tiled, on disk and over HTTP) opened for a \(ImageryBenchmark.columns)x\(ImageryBenchmark.rows)-cell view: "
                + "time to the first frame's bytes, and the peak resident memory it took",
            [
                Column("source", 28) { $0.source }, Column("file MB", 9) { format($0.file_mb) }, Column("decode", 14) { $0.decode },
                Column("width", 7) { "\($0.decoded_width)" }, Column("ms", 10) { format($0.first_frame_ms) },
                Column("peak MB", 0) { format($0.peak_mb) }
            ])
        return ExitStatus.success
    }

    /// `bench imagery --input PATH --decode DECODE --json`, run by this same executable.
    private static func measureInChild(_ path: String, decode: ImageryBenchmark.Decode) throws(CommandError) -> ImageryBenchmark.Row {
        try measuring { () throws(BenchmarkError) in
            try BenchChild.measure(
                ["bench", "imagery", "--input", path, "--decode", decode.rawValue, "--json"],
                as: ImageryBenchmark.Row.self, what: "\(path) (\(decode.rawValue))")
        }
    }
}
