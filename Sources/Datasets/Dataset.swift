import BoundedJSON
import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import RemoteData
import StreetModel
import SystemIO

/// A dataset: a folder holding `manifest.json` and its images (docs/dataset-format.md).
package struct Dataset: Sendable {
    /// The folder, as given (for a dataset on the web, its address).
    package let folder: URL
    /// Where the files are read from when the dataset is on a web server; nil for a local folder.
    package let remote: RemoteFolder?
    /// The manifest's path: `folder/manifest.json` (for a dataset on the web, its address).
    package var manifestPath: String { remote?.address(of: "manifest.json") ?? folder.appendingPathComponent("manifest.json").path }
    package let name: String?
    /// Where the explorer starts: the manifest's `start`, else the first panorama.
    package let startID: String
    /// The panoramas read so far (all of them, unless the dataset is sharded) and the markers.
    package let service: PanoramaService
    /// For a sharded dataset: its shards; nil for one manifest.
    package let shards: ShardIndex?
    /// Which of `shards` `service` holds, in the order read, with how many panoramas each gave:
    /// `service.panoramas` is their panoramas in this order, so a shard can be let go again.
    let shardSpans: [ShardSpan]
    /// For a street-level service (Panoramax): how to read more, and what was read; nil for a
    /// manifest.
    package internal(set) var source: (any ImagerySource)?

    /// Largest manifest read, bytes.
    package static let manifestByteLimit = 64 << 20

    /// What parsing one manifest may take: 2,000,000 values (about 200,000 panoramas) and 128 MB
    /// (docs/reliability.md); nesting deeper than the format's 5 levels is never needed.
    package static let manifestLimits = JSONLimits(maxDepth: 32, maxValues: 2_000_000, maxBytes: 128 << 20)

    /// True when `path` looks like a dataset: a folder, or a file named manifest.json.
    package static func isDataset(_ path: String) -> Bool {
        guard let kind = FileKind.following(path) else { return false }
        return kind == .directory || path.hasSuffix("manifest.json")
    }

    /// Opens a dataset folder (or its manifest.json) and validates the manifest.
    package static func open(_ path: String) throws(DatasetError) -> Dataset {
        guard let kind = FileKind.following(path) else { throw .notFound(path: path) }
        let manifest = kind == .directory ? URL(fileURLWithPath: path).appendingPathComponent("manifest.json") : URL(fileURLWithPath: path)
        let folder = manifest.deletingLastPathComponent()
        let manifestPath = manifest.path
        guard FileKind.following(manifestPath) != nil else { throw .notFound(path: path) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(manifestPath, limit: manifestByteLimit) } catch {
            if case .tooLarge(_, let size, let limit) = error { throw .tooLarge(path: manifestPath, bytes: size, limit: limit) }
            throw .file(error)
        }
        return try parse(manifest: bytes, folder: folder, manifestPath: manifestPath)
    }

    /// Opens the dataset at a web address (its folder or its manifest.json), its files fetched
    /// through `cache`. Blocking: the manifest is fetched now.
    package static func open(web address: String, cache: HTTPCache) throws(DatasetError) -> Dataset {
        let remote = RemoteFolder(address, cache: cache)
        let manifestAddress = remote.address(of: "manifest.json")
        let bytes: [UInt8]
        do { bytes = try remote.read("manifest.json", limit: manifestByteLimit) } catch {
            if case .tooLarge(_, let size, let limit) = error { throw .tooLarge(path: manifestAddress, bytes: size, limit: limit) }
            throw .file(error)
        }
        guard let folder = URL(string: remote.base) else { throw .notFound(path: address) }
        return try parse(manifest: bytes, folder: folder, manifestPath: manifestAddress, remote: remote)
    }

    /// Reads and validates a manifest's bytes; image paths are resolved in `folder`, and
    /// problems are reported against `manifestPath`.
    package static func parse(
        manifest data: [UInt8], folder: URL, manifestPath: String,
        remote: RemoteFolder? = nil
    ) throws(DatasetError) -> Dataset {
        guard data.count <= manifestByteLimit else { throw .tooLarge(path: manifestPath, bytes: data.count, limit: manifestByteLimit) }
        let root: JSONValue
        do { root = try JSONParser.parse(data, limits: manifestLimits) } catch {
            throw .notJSON(path: manifestPath, detail: error.description)
        }
        var decoder = ManifestDecoder(checksFiles: remote == nil)
        guard let contents = decoder.decode(root, folder: folder) else { throw .invalid(path: manifestPath, problems: decoder.problems) }
        guard let shards = contents.shards else {
            return Dataset(
                folder: folder, remote: remote, name: contents.name, startID: contents.start ?? contents.panoramas[0].id,
                service: PanoramaService(panoramas: contents.panoramas, markers: contents.markers), shards: nil, shardSpans: [])
        }
        // Sharded: the shard holding the start comes first (ShardWriter puts it there).
        let empty = Dataset(
            folder: folder, remote: remote, name: contents.name, startID: contents.start ?? "",
            service: PanoramaService(panoramas: [], markers: contents.markers), shards: shards, shardSpans: [])
        var opened = try empty.withShards([0])
        if let start = contents.start, opened.service.panorama(id: start) == nil {
            guard let found = try opened.findingPanorama(id: start) else {
                throw .invalid(path: manifestPath, problems: [ManifestProblem("$.start", "'\(start)' is in no shard")])
            }
            opened = found
        }
        guard let first = opened.service.panoramas.first else {
            throw .invalid(path: manifestPath, problems: [ManifestProblem("$.shards[0]", "holds no panorama")])
        }
        return opened.starting(at: contents.start ?? first.id)
    }

    /// The folder of photos whose import wrote the manifest in `folder` (its `importedFrom`),
    /// or nil when there is none or the manifest cannot be read.
    static func importOrigin(ofManifestIn folder: URL) -> String? {
        guard let bytes = try? InputFile.read(folder.appendingPathComponent("manifest.json").path, limit: manifestByteLimit),
            let root = try? JSONParser.parse(bytes, limits: manifestLimits)
        else { return nil }
        return root.object?["importedFrom"]?.string
    }

    /// The full-sphere image at `path` (one of `panorama`'s) decoded facing its centre heading.
    private func loadSphere(
        _ path: String, _ panorama: Panorama, minimumWidth: Int?,
        limits: DecodeLimits
    ) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int) {
        // A tiled panorama's image is its level-0 tile, held to what a tile can be.
        let level0 = panorama.tiles.flatMap { $0.grid.rect(of: TileGrid.Key(level: 0, row: 0, column: 0)) }
        let limit = level0.map { Self.tileFileLimit($0, limits: limits) } ?? limits.maxFileBytes
        let bytes: [UInt8]
        do { bytes = try read(path, limit: limit) } catch { throw .image(.file(error)) }
        return try PanoramaLoader.loadScaled(
            bytes, name: fileName(of: path), centerHeading: panorama.centerHeading, limits: limits, minimumWidth: minimumWidth,
            tilt: panorama.tilt, runner: DispatchRunner())
    }

    /// Why `panorama`'s image cannot be shown, found without decoding it (the file, its format,
    /// its size and shape), or nil. For the fronts that show no picture (`--headless`,
    /// `--describe`), so that they meet a missing or broken image as the full view does.
    package func problem(showing panorama: Panorama) -> String? {
        let name = fileName(of: panorama.imagePath)
        let bytes: [UInt8]
        do { bytes = try read(panorama.imagePath, limit: DecodeLimits.standard.maxFileBytes) } catch {
            return "\(name): \(error.reason)"
        }
        guard let (width, height) = ImageDecoder.jpegSize(bytes) ?? ImageDecoder.pngSize(bytes) else {
            return ImageError.unknownFormat(path: name).description
        }
        let limits = DecodeLimits.standard
        guard width <= limits.maxDimension, height <= limits.maxDimension, width * height <= limits.maxPixels else {
            return ImageError.dimensionsTooLarge(path: name, detail: "\(width)×\(height) pixels").description
        }
        if panorama.crop == nil, !EquirectPanorama.isFullSphere(width: width, height: height) {
            return PanoramaError.notEquirectangular(path: name, width: width, height: height).description
        }
        return nil
    }

    /// How messages name `relative` (a path the manifest gave): as the manifest says for a
    /// folder, by its address for a dataset on the web (where the path alone says nothing of
    /// which server gave the broken file).
    package func fileName(of relative: String) -> String {
        remote?.address(of: relative) ?? relative
    }

    /// The bytes of `relative` (a path the manifest or the source gave) in the dataset, at most
    /// `limit`: from the folder (never through a link that leads out of it), from the web server
    /// through the HTTP cache, or from the street-level service as it gives pictures.
    package func read(_ relative: String, limit: Int) throws(FileError) -> [UInt8] {
        if let source { return try source.picture(at: relative, limit: limit) }
        if let remote { return try remote.read(relative, limit: limit) }
        return try InputFile.read(DatasetPath.Resolver(folder: folder).inside(relative), limit: limit)
    }

    /// Decodes a panorama's image as a full sphere facing its centre heading. `minimumWidth` and
    /// `limits` as for `PanoramaLoader.load`.
    package func load(_ panorama: Panorama, minimumWidth: Int? = nil, limits: DecodeLimits = .standard) throws(PanoramaError)
        -> EquirectPanorama
    {
        try loadScaled(panorama, minimumWidth: minimumWidth, limits: limits).panorama
    }

    /// As `load`, with the widest the image can be decoded within `limits`, pixels round the
    /// circle (a cropped panorama is always decoded at that).
    package func loadScaled(
        _ panorama: Panorama, minimumWidth: Int? = nil,
        limits: DecodeLimits = .standard
    ) throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int) {
        if panorama.crop == nil, let larger = panorama.largerImage {
            // The larger image only when the view needs more than the usual one's pixels, and
            // the usual one when the larger cannot be had.
            if let minimumWidth, minimumWidth > larger.usualWidth,
                let loaded = try? loadSphere(larger.path, panorama, minimumWidth: minimumWidth, limits: limits)
            {
                return loaded
            }
            let loaded = try loadSphere(panorama.imagePath, panorama, minimumWidth: minimumWidth, limits: limits)
            // Said as wide as the larger image, so a view that needs more asks for it.
            return (loaded.panorama, max(loaded.widest, min(larger.width, limits.maxDimension)))
        }
        let path = panorama.imagePath
        guard let crop = panorama.crop else { return try loadSphere(path, panorama, minimumWidth: minimumWidth, limits: limits) }
        let bytes: [UInt8]
        do { bytes = try read(path, limit: limits.maxFileBytes) } catch { throw .image(.file(error)) }
        let decoded: (image: RGBImage, scale: Int)
        do { decoded = try ImageDecoder.decodeScaled(bytes, name: fileName(of: path), limits: limits) } catch { throw .image(error) }
        let (image, scale) = decoded
        // A crop decoded scaled down sits in a sphere scaled down as much.
        guard
            let coverage = PanoramaCoverage(
                fullWidth: crop.fullWidth / scale, fullHeight: crop.fullHeight / scale,
                left: crop.left / scale, top: crop.top / scale,
                croppedWidth: image.width, croppedHeight: image.height)
        else {
            throw .badCrop(path: fileName(of: path))
        }
        let cropped = EquirectPanorama(image: image, centerHeading: panorama.centerHeading, coverage: coverage)
        return (cropped, Int(cropped.coverage.fullWidthPixels))
    }

}
