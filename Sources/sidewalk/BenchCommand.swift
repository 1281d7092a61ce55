import Foundation
import PanoCore
import PanoImage
import TUI
import WorldGen

/// `sidewalk bench reproject [--input IMAGE] [--json] [--save-sources DIR]`.
struct BenchCommand {
    static let help = """
    sidewalk bench: measure Sidewalk's speed on this machine

    USAGE:
      sidewalk bench reproject [--input IMAGE] [--json] [--save-sources DIR]

      reproject   median milliseconds per view at 160x96, 320x180 and 640x360, on one thread
                  and on all cores, from generated 2048x1024 and 4096x2048 panoramas (or from
                  IMAGE), over 48 views with different headings and pitches; and how much
                  prefiltering helps against aliasing (PSNR)

    OPTIONS:
      --input IMAGE       use this panorama instead of the generated ones
      --json              print one JSON object instead of a table
      --save-sources DIR  also write the panoramas used as PNG files into DIR (for
                          scripts/bench-reference)
      -h, --help          show this help
    """

    var benchmark: String?
    var inputPath: String?
    var json = false
    var saveDirectory: String?
    var showHelp = false

    static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
        var command = BenchCommand()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "-h", "--help": command.showHelp = true
            case "--input": command.inputPath = try reader.value(for: argument)
            case "--json": command.json = true
            case "--save-sources": command.saveDirectory = try reader.value(for: argument)
            case "reproject" where command.benchmark == nil: command.benchmark = argument
            default:
                if argument.hasPrefix("-") { throw ArgumentReader.unknownOption(argument, command: "bench ") }
                throw UsageError(description: "unknown benchmark '\(argument)'; see sidewalk bench --help")
            }
        }
        guard command.showHelp || command.benchmark != nil else { throw UsageError(description: "bench needs a benchmark: reproject") }
        return command
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
        if showHelp {
            print(Self.help)
            return ExitStatus.success
        }
        var sources: [(name: String, image: RGBImage)] = []
        if let inputPath {
            do {
                let image = try ImageDecoder.decodeFile(inputPath)
                guard EquirectPanorama.isFullSphere(width: image.width, height: image.height) else {
                    throw PanoramaError.notEquirectangular(path: inputPath, width: image.width, height: image.height)
                }
                sources.append(("\(image.width)x\(image.height)", image))
            } catch let error as PanoramaError {
                throw .panorama(error)
            } catch let error as ImageError {
                throw .image(error)
            } catch {
                throw .panorama(.image(.unreadable(path: inputPath, reason: "\(error)")))
            }
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
        let threads = cores > 1 ? [1, cores] : [1]
        var rows: [ReprojectBenchmark.Row] = []
        var antialias: [AntialiasMeasurement.Result] = []
        for source in sources {
            rows += ReprojectBenchmark.run(source: source.name, panorama: EquirectPanorama(image: source.image), threads: threads)
            if let measurement = AntialiasMeasurement.run(source: source.name, image: source.image), source.image.width >= 4096 {
                antialias.append(measurement)
            }
        }
        let report = ReprojectReport(reproject: rows, antialias: antialias,
                                     views: BenchViews.standard.map { [$0.heading, $0.pitch] },
                                     source_files: files, cores: cores)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let data = try? encoder.encode(report) { print(String(decoding: data, as: UTF8.self)) }
        } else {
            printTable(report)
        }
        return ExitStatus.success
    }

    private func printTable(_ report: ReprojectReport) {
        print("reprojection, median ms per view over \(report.views.count) views (new heading and pitch each; 'turn' = heading only)")
        print(pad("source", 11) + pad("size", 9) + pad("threads", 8) + pad("ms/view", 10) + pad("ms/turn", 10))
        for row in report.reproject {
            print(pad(row.source, 11) + pad(row.size, 9) + pad("\(row.threads)", 8)
                  + pad(format(row.median_ms), 10) + pad(format(row.turn_median_ms), 10))
        }
        for result in report.antialias {
            print("antialiasing, 160x90 fov 90 from \(result.source) vs box-downsampled 1024x512 reference: "
                  + "prefiltered \(format(result.prefiltered_psnr_db)) dB, plain bilinear \(format(result.bilinear_psnr_db)) dB")
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
