import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import StreetModel
import SystemIO

/// `sidewalk tile`: a dataset whose full-sphere panoramas are tile pyramids (`PanoramaTiler`),
/// from one image or from a dataset. Cropped panoramas stay plain images (a dataset may mix
/// both); panoramas already tiled are kept as they are. The manifest is written last, so a run
/// that stops leaves the old manifest (or none) and the tiles done so far, which the next run
/// keeps.
package enum DatasetTiler {
    package struct Report: Sendable {
        package var panoramas = 0
        /// Panoramas now tiled (including those whose tiles were all there already).
        package var tiled = 0
        package var tilesWritten = 0
        /// Tiles that were there already and kept (an earlier run's).
        package var tilesKept = 0
    }

    /// Why tiling failed.
    package enum Failure: Error, CustomStringConvertible {
        case dataset(DatasetError)
        case image(path: String, PanoramaError)
        case file(FileError)
        case unplaceable(path: String, reason: String)

        package var description: String {
            switch self {
            case .dataset(let error): error.description
            case .image(_, let error): error.description
            case .file(let error): error.description
            case .unplaceable(let path, let reason): "\(path): \(reason)"
            }
        }
    }

    /// Decode limits for tiling: the full size of anything the explorer accepts.
    package static let limits: DecodeLimits = {
        var limits = DecodeLimits.standard
        limits.maxDecodedPixels = limits.maxPixels
        return limits
    }()

    /// Progress: panoramas done and their total, tiles done of the current panorama and its total.
    package typealias Progress = (_ panorama: Int, _ panoramas: Int, _ tiles: Int, _ tileTotal: Int) -> Void

    /// A one-panorama dataset in `output` from the 360° image at `path`; its position, heading and
    /// date from the photo's EXIF and GPano metadata when it has them, else at 0°, 0°.
    package static func tile(image path: String, into output: URL, progress: Progress = { _, _, _, _ in }) throws(Failure) -> Report {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .file(error) }
        var panorama: Panorama
        switch PhotoImporter.describe(photo: bytes) {
        case .success(let described): panorama = described
        case .failure: panorama = Panorama(id: "", imagePath: "", coordinate: Coordinate(latitude: 0, longitude: 0)!)
        }
        guard panorama.crop == nil else {
            throw .unplaceable(path: path, reason: "a cropped panorama cannot be tiled (tiles cover the full sphere)")
        }
        var used: Set<String> = []
        panorama.id = PhotoImporter.uniqueID(for: PathText.lastComponent(path), used: &used)
        panorama.description = panorama.description ?? PathText.stem(path)
        var report = Report(panoramas: 1)
        let tiled = try tile(panorama, imageAt: path, into: output, report: &report) { progress(0, 1, $0, $1) }
        try writeManifest(name: nil, start: nil, panoramas: [tiled], markers: [], importedFrom: nil, into: output)
        return report
    }

    /// The dataset at `input` with its full-sphere panoramas tiled, written to `output` (which may
    /// be `input` itself: its manifest is then rewritten and its images left where they are).
    package static func tile(dataset input: String, into output: URL, progress: Progress = { _, _, _, _ in }) throws(Failure) -> Report {
        let dataset: Dataset
        do { dataset = try Dataset.open(input).withAllShards() } catch { throw .dataset(error) }
        let inPlace = dataset.folder.standardizedFileURL.path == output.standardizedFileURL.path
        let total = dataset.service.panoramas.count
        var report = Report(panoramas: total)
        var panoramas: [Panorama] = []
        for (index, panorama) in dataset.service.panoramas.enumerated() {
            let imagePath = dataset.folder.appendingPathComponent(panorama.imagePath).path
            if panorama.crop != nil || panorama.tiles != nil {
                guard inPlace || panorama.tiles == nil else {
                    throw .unplaceable(path: imagePath, reason: "already tiled: tile its dataset in place, or copy the folder")
                }
                if !inPlace { try copy(imagePath, to: panorama.imagePath, under: output) }
                panoramas.append(panorama)
            } else {
                panoramas.append(
                    try tile(panorama, imageAt: imagePath, into: output, report: &report) {
                        progress(index, total, $0, $1)
                    })
            }
        }
        // Tiled in place, an import's output stays that import's, so the import can run again.
        let origin = inPlace ? Dataset.importOrigin(ofManifestIn: output) : nil
        try writeManifest(
            name: dataset.name, start: dataset.startID, panoramas: panoramas, markers: dataset.service.markers,
            importedFrom: origin, into: output)
        return report
    }

    /// `panorama` tiled from the image at `path` (decoded only when a tile is missing).
    static func tile(
        _ panorama: Panorama, imageAt path: String, into output: URL, report: inout Report,
        progress: (Int, Int) -> Void
    ) throws(Failure) -> Panorama {
        do { try OutputFile.makeFolder(output.path) } catch { throw .file(error) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .file(error) }
        guard let (width, height) = ImageDecoder.jpegSize(bytes) ?? ImageDecoder.pngSize(bytes) else {
            throw .image(path: path, .image(.unknownFormat(path: path)))
        }
        guard EquirectPanorama.isFullSphere(width: width, height: height) else {
            throw .image(path: path, .notEquirectangular(path: path, width: width, height: height))
        }
        guard let tiles = PanoramaTiler.tiles(for: panorama.id, width: width, height: height) else {
            throw .unplaceable(path: path, reason: "\(width)×\(height) is too large to tile")
        }
        let total = (0..<tiles.grid.levelCount).reduce(0) { $0 + tiles.grid.keys(level: $1).count }
        var written = 0
        defer {
            report.tilesWritten += written
            report.tilesKept += total - written
        }
        if !PanoramaTiler.isComplete(tiles, in: output) {
            let image: RGBImage
            do { image = try ImageDecoder.decode(bytes, name: path, limits: limits) } catch { throw .image(path: path, .image(error)) }
            guard image.width == width, image.height == height else {
                throw .unplaceable(path: path, reason: "decoded at \(image.width)×\(image.height), not its full \(width)×\(height)")
            }
            // Tiles are cut from the levelled sphere: the tiled panorama has no tilt left to undo.
            let level = panorama.tilt.map { EquirectLevelling.level(image, tilt: $0, runner: DispatchRunner()) } ?? image
            do { written = try PanoramaTiler.write(level, as: tiles, into: output, progress: progress) } catch {
                throw .file(error)
            }
        }
        report.tiled += 1
        var tiled = panorama
        tiled.tilt = nil
        tiled.imagePath = tiles.path(of: .init(level: 0, row: 0, column: 0))
        tiled.tiles = tiles
        return tiled
    }

    private static func copy(_ source: String, to relative: String, under root: URL) throws(Failure) {
        do {
            let bytes = try InputFile.read(source, limit: limits.maxFileBytes)
            let destination = try DatasetPath.Resolver(folder: root).inside(relative)
            try PanoramaTiler.makeParents(of: destination, under: root.path)
            try OutputFile.replaceWhole(destination, with: bytes)
        } catch {
            throw .file(error)
        }
    }

    private static func writeManifest(
        name: String?, start: String?, panoramas: [Panorama], markers: [Marker], importedFrom: String?,
        into output: URL
    ) throws(Failure) {
        do {
            let files = try ShardWriter.manifestFiles(
                name: name, start: start, panoramas: panoramas, markers: markers, importedFrom: importedFrom)
            try ShardWriter.write(files, into: output)
        } catch let error as DatasetError {
            throw .dataset(error)
        } catch let error as FileError {
            throw .file(error)
        } catch {
            throw .unplaceable(path: output.path, reason: "\(error)")
        }
    }
}
