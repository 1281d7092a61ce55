import CompassPanorama
import Datasets
import ExplorerSession
import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import RemoteData
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// What a large single panorama costs the explorer before its first frame, and to zoom in: a
/// generated panorama saved as a JPEG 4096, 8192 and 16384 pixels wide (or a given file), opened
/// as the explorer opens it in a 200×60-cell terminal (decoded at the size the first view needs),
/// as zoom 5 needs, and at the largest size the decode limits allow (as it was opened before);
/// then the frame composed and encoded. Time from opening the file to the frame's bytes, and the
/// peak resident memory that took. Each measurement runs in a process of its own.
package enum ImageryBenchmark {
    package struct Row: Codable {
        package var source: String
        package var file_mb: Double
        package var decode: String
        package var decoded_width: Int
        package var first_frame_ms: Double
        package var peak_mb: Double
    }

    package static let widths = [4096, 8192, 16384]
    package static let (columns, rows) = (200, 60)

    /// How much of the file is decoded; for a tiled dataset (`sidewalk tile` of the file, on
    /// disk or on a web server), which tiles are loaded.
    package enum Decode: String, CaseIterable {
        /// As the explorer opens a single image: what the first view needs.
        case firstView = "first-view"
        /// What the view at zoom 5 needs.
        case zoom5 = "zoom-5"
        /// The most the decode limits allow (how the explorer opened images before).
        case largest
        /// A tiled dataset: level 0 and the tiles the first view (zoom 1) needs.
        case tiled
        /// A tiled dataset: level 0 and the tiles the view at zoom 5 needs, that view drawn.
        case tiledZoom5 = "tiled-zoom-5"

        /// The decodes of a JPEG file, and those of a tiled dataset.
        package static let plain: [Decode] = [.firstView, .zoom5, .largest]
        package static let ofTiles: [Decode] = [.tiled, .tiledZoom5]

        /// The camera of the view drawn.
        var camera: PanoramaCamera {
            PanoramaCamera(zoom: self == .zoom5 || self == .tiledZoom5 ? PanoramaCamera.zoomRange.upperBound : 1)
        }

        var minimumWidth: Int? {
            self == .largest ? nil : SharperDecode.needed(columns: ImageryBenchmark.columns, symbols: .half, camera: camera)
        }
    }

    /// The generated panoramas written into `work` as JPEGs, widest last: their paths.
    package static func writeSources(into work: URL, widths: [Int]) throws(BenchmarkError) -> [String] {
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
    /// A tiled `path` is opened with `open`, as the explorer opens it.
    package static func measure(_ path: String, decode: Decode, open: (String) throws(DatasetError) -> Dataset) throws(BenchmarkError)
        -> Row
    {
        let (milliseconds, peak, decoded) =
            Decode.ofTiles.contains(decode)
            ? try firstTiledFrame(path, camera: decode.camera, open: open)
            : try firstFrame(path, minimumWidth: decode.minimumWidth)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Row(
            source: HTTPClient.isWebAddress(path) ? name + " (http)" : name, file_mb: ProcessMemory.megabytes(fileBytes),
            decode: decode.rawValue, decoded_width: decoded, first_frame_ms: milliseconds, peak_mb: ProcessMemory.megabytes(peak))
    }

    /// Opens `path` decoded to at least `minimumWidth`, composes and encodes the first frame:
    /// milliseconds, the peak resident bytes above the start, and the decoded width.
    private static func firstFrame(_ path: String, minimumWidth: Int?) throws(BenchmarkError) -> (Double, Int, Int) {
        try timed { () throws(BenchmarkError) in
            let panorama: EquirectPanorama
            do throws(PanoramaError) { panorama = try PanoramaLoader.load(path, minimumWidth: minimumWidth) } catch {
                throw .panorama(error)
            }
            encodeFrame(panorama, camera: PanoramaCamera())
            return panorama.pyramid.levels[0].width
        }
    }

    /// Opens the tiled dataset at `path` (a folder or a web address), loads level 0 and the tiles
    /// `camera`'s view needs, composes and encodes that frame: as `firstFrame`, the width being
    /// that of the finest level drawn.
    private static func firstTiledFrame(
        _ path: String, camera: PanoramaCamera, open: (String) throws(DatasetError) -> Dataset
    ) throws(BenchmarkError) -> (Double, Int, Int) {
        try timed { () throws(BenchmarkError) in
            let dataset: Dataset
            do throws(DatasetError) { dataset = try open(path) } catch { throw .dataset(error) }
            guard let start = dataset.service.panorama(id: dataset.startID) else { throw .step("\(path) has no start panorama") }
            let levelZero: EquirectPanorama
            do throws(PanoramaError) { levelZero = try dataset.load(start) } catch { throw .panorama(error) }
            // The pixels the half-block view is reprojected at: 1×2 a cell, supersampled twice.
            let size = (columns * ViewPicture.supersampling, (rows - 1) * 2 * ViewPicture.supersampling)
            let detailed = dataset.detailed(levelZero, of: start, camera: camera, width: size.0, height: size.1)
            guard detailed.failures.isEmpty else { throw .step("\(detailed.failures.count) tiles of \(path) did not load") }
            encodeFrame(detailed.panorama, camera: camera)
            return Int(detailed.panorama.detail?.coverage.fullWidthPixels ?? levelZero.coverage.fullWidthPixels)
        }
    }

    /// Milliseconds `body` takes, the peak resident bytes above the start, and what it returns.
    private static func timed(_ body: () throws(BenchmarkError) -> Int) throws(BenchmarkError) -> (Double, Int, Int) {
        ProcessMemory.resetPeak()
        let before = ProcessMemory.resident()
        let clock = ContinuousClock()
        let started = clock.now
        let width = try body()
        return ((clock.now - started) / .milliseconds(1), max(0, ProcessMemory.peak() - before), width)
    }

    /// Composes and encodes the frame a `columns`×`rows` terminal shows of `panorama`.
    private static func encodeFrame(_ panorama: EquirectPanorama, camera: PanoramaCamera) {
        var composer = FrameComposer()
        let grid = composer.compose(
            panorama: panorama, camera: camera, columns: columns, rows: rows,
            statusLeft: "", statusRight: "", header: nil, runner: DispatchRunner())
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        encoder.encode(grid, into: &bytes)
    }
}
