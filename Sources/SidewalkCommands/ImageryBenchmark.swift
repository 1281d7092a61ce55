#if canImport(Glibc)
import Glibc
#endif
import CompassPanorama
import Foundation
import PanoCore
import PanoImage
import ParallelDispatch
import SystemIO
import TermRender
import TUI

/// What a large single panorama costs the explorer before its first frame, and to zoom in: a
/// generated panorama saved as a JPEG 4096, 8192 and 16384 pixels wide (or a given file), opened
/// as the explorer opens it in a 200×60-cell terminal (decoded at the size the first view needs),
/// as zoom 5 needs, and at the largest size the decode limits allow (as it was opened before);
/// then the frame composed and encoded. Time from opening the file to the frame's bytes, and the
/// peak resident memory that took. Each measurement runs in a process of its own.
enum ImageryBenchmark {
    struct Row: Codable {
        var source: String
        var file_mb: Double
        var decode: String
        var decoded_width: Int
        var first_frame_ms: Double
        var peak_mb: Double
    }

    static let widths = [4096, 8192, 16384]
    static let (columns, rows) = (200, 60)

    /// How much of the file is decoded.
    enum Decode: String, CaseIterable {
        /// As the explorer opens a single image: what the first view needs.
        case firstView = "first-view"
        /// What the view at zoom 5 needs.
        case zoom5 = "zoom-5"
        /// The most the decode limits allow (how the explorer opened images before).
        case largest

        var minimumWidth: Int? {
            var camera = PanoramaCamera()
            switch self {
            case .firstView: break
            case .zoom5: camera.zoom = PanoramaCamera.zoomRange.upperBound
            case .largest: return nil
            }
            return SharperDecode.needed(columns: ImageryBenchmark.columns, symbols: .half, camera: camera)
        }
    }

    /// The generated panoramas written into `work` as JPEGs, widest last: their paths.
    static func writeSources(into work: URL) throws(CommandError) -> [String] {
        var paths: [String] = []
        for width in widths {
            let path = work.appendingPathComponent("panorama-\(width).jpg").path
            let bytes: [UInt8]
            do { bytes = try JPEGEncoder.encode(CompassSphere.render(width: width), quality: 90) } catch { throw .image(error) }
            do { try OutputFile.replaceWhole(path, with: bytes) } catch { throw .file(error) }
            paths.append(path)
        }
        return paths
    }

    /// One measurement, in this process (which should be fresh, so nothing freed before
    /// counts): `path` opened with `decode`, the first frame composed and encoded.
    static func measure(_ path: String, decode: Decode) throws(CommandError) -> Row {
        let (milliseconds, peak, decoded) = try firstFrame(path, minimumWidth: decode.minimumWidth)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Row(source: path.split(separator: "/").last.map(String.init) ?? path, file_mb: ProcessMemory.megabytes(fileBytes),
                   decode: decode.rawValue, decoded_width: decoded, first_frame_ms: milliseconds, peak_mb: ProcessMemory.megabytes(peak))
    }

    /// Opens `path` decoded to at least `minimumWidth`, composes and encodes the first frame:
    /// milliseconds, the peak resident bytes above the start, and the decoded width.
    private static func firstFrame(_ path: String, minimumWidth: Int?) throws(CommandError) -> (Double, Int, Int) {
        ProcessMemory.resetPeak()
        let before = ProcessMemory.resident()
        let clock = ContinuousClock()
        let started = clock.now
        let panorama: EquirectPanorama
        do { panorama = try PanoramaLoader.load(path, minimumWidth: minimumWidth) } catch { throw .panorama(error) }
        var composer = FrameComposer()
        let grid = composer.compose(panorama: panorama, camera: PanoramaCamera(), columns: columns, rows: rows,
                                    statusLeft: "", statusRight: "", header: nil, runner: DispatchRunner())
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
        return ((clock.now - started) / .milliseconds(1), max(0, ProcessMemory.peak() - before), panorama.pyramid.levels[0].width)
    }
}
