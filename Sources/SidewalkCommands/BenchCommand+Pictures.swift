import Foundation
import CompassPanorama
import PanoCore
import PanoImage
import SystemIO
import TermRender

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
            print(json ? "{\"psnr_db\":\(score.psnr),\"bytes_per_cell\":\(score.bytesPerCell)}" : "\(format(score.psnr)) dB, \(format(score.bytesPerCell)) bytes/cell")
            return ExitStatus.success
        }
        let sources = try pictureSources()
        var rows: [FidelityBenchmark.Row] = []
        for (name, image) in sources {
            let (measured, views) = FidelityBenchmark.run(source: name, panorama: EquirectPanorama(image: image))
            rows += measured
            guard let saveViewsDirectory else { continue }
            for (index, view) in views.enumerated() {
                let file = name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "/", with: "-")
                do { try PNGEncoder.write(view, to: "\(saveViewsDirectory)/\(file)-\(index).png") } catch { throw .image(error) }
            }
        }
        if json {
            Self.printJSON(rows)
        } else {
            print("what the terminal shows, \(FidelityBenchmark.columns)x\(FidelityBenchmark.rows) cells, against the view (mean of "
                  + "\(FidelityBenchmark.views.count) headings)")
            print(pad("source", 14) + pad("symbols", 10) + pad("colours", 11) + pad("PSNR dB", 9) + "bytes/cell")
            for row in rows {
                print(pad(row.source, 14) + pad(row.symbols, 10) + pad(row.color_mode, 11) + pad(format(row.psnr_db), 9) + format(row.bytes_per_cell))
            }
        }
        return ExitStatus.success
    }

    func runPixels() throws(CommandError) -> Int32 {
        var rows: [PixelBenchmark.Row] = []
        for (name, image) in try pictureSources() {
            do { rows += try PixelBenchmark.run(source: name, panorama: EquirectPanorama(image: image)) } catch { throw .image(error) }
        }
        if json {
            Self.printJSON(rows)
        } else {
            print("one frame of real pixels (median of \(PixelBenchmark.headings.count) headings; PSNR of what is shown against the view)")
            print(pad("source", 14) + pad("size", 10) + pad("format", 20) + pad("reproject ms", 13) + pad("encode ms", 10) + pad("bytes", 10) + pad("PSNR dB", 9) + "blurred")
            for row in rows {
                print(pad(row.source, 14) + pad(row.size, 10) + pad(row.format, 20) + pad(format(row.reproject_ms), 13)
                      + pad(format(row.encode_ms), 10) + pad("\(row.bytes)", 10) + pad(format(row.psnr_db), 9) + format(row.blurred_psnr_db))
            }
        }
        return ExitStatus.success
    }

    func runFlicker() throws(CommandError) -> Int32 {
        var rows: [FlickerBenchmark.Row] = []
        for (name, image) in try pictureSources() { rows += FlickerBenchmark.run(source: name, panorama: EquirectPanorama(image: image)) }
        if json {
            Self.printJSON(rows)
        } else {
            print("mean change per pixel channel (levels) between consecutive frames, \(FlickerBenchmark.columns)x\(FlickerBenchmark.rows) cells")
            print(pad("source", 14) + pad("mode", 22) + pad("still", 8) + pad("1-px pan", 10) + pad("view's pan", 12) + "ratio")
            for row in rows {
                print(pad(row.source, 14) + pad(row.mode, 22) + pad(format(row.still_change), 8) + pad(format(row.pan_change), 10)
                      + pad(format(row.view_pan_change), 12) + format(row.ratio))
            }
        }
        return ExitStatus.success
    }

    func runMinify() throws(CommandError) -> Int32 {
        var rows: [MinifyBenchmark.Row] = []
        for (name, image) in try pictureSources() { rows += MinifyBenchmark.run(source: name, image: image) }
        if json {
            Self.printJSON(rows)
        } else {
            print("a view (fov 90) showing the texels 2, 4 and 6 times smaller, against \(MinifyBenchmark.referenceSamples)x"
                  + "\(MinifyBenchmark.referenceSamples) samples a pixel, mean of \(MinifyBenchmark.headings.count) headings")
            print(pad("source", 24) + pad("factor", 7) + pad("size", 9) + pad("method", 30) + "PSNR dB")
            for row in rows {
                print(pad(row.source, 24) + pad("\(row.factor)", 7) + pad(row.size, 9) + pad(row.method, 30) + format(row.psnr_db))
            }
        }
        return ExitStatus.success
    }

    func runImagery() throws(CommandError) -> Int32 {
        if let decode {
            guard let inputPath else { throw .usage(UsageError(description: "--decode measures the panorama --input gives")) }
            Self.printJSON(try ImageryBenchmark.measure(inputPath, decode: decode))
            return ExitStatus.success
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-bench-imagery-\(getpid())")
        do { try OutputFile.makeFolder(work.path) } catch { throw .file(error) }
        defer { try? FileManager.default.removeItem(at: work) }
        var paths = inputPath.map { [$0] } ?? []
        if paths.isEmpty { paths = try ImageryBenchmark.writeSources(into: work).map(\.path) }
        var rows: [ImageryBenchmark.Row] = []
        for path in paths {
            for decode in ImageryBenchmark.Decode.allCases {
                // A fresh process each, so memory one measurement freed is not held in the next.
                rows.append(try Self.measureInChild(path, decode: decode))
            }
        }
        if json {
            Self.printJSON(rows)
        } else {
            print("a JPEG panorama opened for a \(ImageryBenchmark.columns)x\(ImageryBenchmark.rows)-cell view: "
                  + "time to the first frame's bytes, and the peak resident memory it took")
            print(pad("source", 20) + pad("file MB", 9) + pad("decode", 12) + pad("width", 7) + pad("ms", 10) + "peak MB")
            for row in rows {
                print(pad(row.source, 20) + pad(format(row.file_mb), 9) + pad(row.decode, 12) + pad("\(row.decoded_width)", 7)
                      + pad(format(row.first_frame_ms), 10) + format(row.peak_mb))
            }
        }
        return ExitStatus.success
    }

    /// `bench imagery --input PATH --decode DECODE --json`, run by this same executable.
    private static func measureInChild(_ path: String, decode: ImageryBenchmark.Decode) throws(CommandError) -> ImageryBenchmark.Row {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["bench", "imagery", "--input", path, "--decode", decode.rawValue, "--json"]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { throw .benchmark("could not start a measurement: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let row = try? JSONDecoder().decode(ImageryBenchmark.Row.self, from: data) else {
            throw .benchmark("the measurement of \(path) (\(decode.rawValue)) failed")
        }
        return row
    }
}
