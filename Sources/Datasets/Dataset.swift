import Explorer
import Foundation
import PanoCore
import PanoImage

/// A dataset: a folder holding `manifest.json` and its images (docs/dataset-format.md).
public struct Dataset: Sendable {
    /// The folder, as given.
    public let folder: URL
    public let name: String?
    /// Where the explorer starts: the manifest's `start`, else the first panorama.
    public let startID: String
    public let service: PanoramaService

    /// Largest manifest read, bytes.
    public static let manifestByteLimit = 64 << 20

    /// True when `path` looks like a dataset: a folder, or a file named manifest.json.
    public static func isDataset(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        return isFolder.boolValue || path.hasSuffix("manifest.json")
    }

    /// Opens a dataset folder (or its manifest.json) and validates the manifest.
    public static func open(_ path: String) throws(DatasetError) -> Dataset {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path: path) }
        let manifest = isFolder.boolValue ? URL(fileURLWithPath: path).appendingPathComponent("manifest.json") : URL(fileURLWithPath: path)
        let folder = manifest.deletingLastPathComponent()
        let manifestPath = manifest.path
        guard FileManager.default.fileExists(atPath: manifestPath) else { throw .notFound(path: path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: manifestPath)[.size] as? Int) ?? 0
        guard size <= manifestByteLimit else { throw .tooLarge(path: manifestPath, bytes: size, limit: manifestByteLimit) }
        let data: Data
        do { data = try Data(contentsOf: manifest) } catch { throw .unreadable(path: manifestPath, reason: error.localizedDescription) }
        return try parse(manifest: data, folder: folder, manifestPath: manifestPath)
    }

    /// Reads and validates a manifest's bytes; image paths are resolved in `folder`, and
    /// problems are reported against `manifestPath`.
    public static func parse(manifest data: Data, folder: URL, manifestPath: String) throws(DatasetError) -> Dataset {
        guard data.count <= manifestByteLimit else { throw .tooLarge(path: manifestPath, bytes: data.count, limit: manifestByteLimit) }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw .notJSON(path: manifestPath, detail: Self.jsonDetail(error))
        }
        var decoder = ManifestDecoder()
        guard let contents = decoder.decode(root, folder: folder) else { throw .invalid(path: manifestPath, problems: decoder.problems) }
        return Dataset(folder: folder, name: contents.name, startID: contents.start ?? contents.panoramas[0].id,
                       service: PanoramaService(panoramas: contents.panoramas, markers: contents.markers))
    }

    /// Decodes a panorama's image as a full sphere facing its centre heading. `minimumWidth` as
    /// for `PanoramaLoader.load`.
    public func load(_ panorama: Panorama, minimumWidth: Int? = nil) throws(PanoramaError) -> EquirectPanorama {
        let path = folder.appendingPathComponent(panorama.imagePath).path
        guard let crop = panorama.crop else {
            return try PanoramaLoader.load(path, centerHeading: panorama.centerHeading, minimumWidth: minimumWidth)
        }
        let image: RGBImage
        do { image = try ImageDecoder.decodeFile(path) } catch { throw .image(error) }
        guard let coverage = PanoramaCoverage(fullWidth: crop.fullWidth, fullHeight: crop.fullHeight, left: crop.left, top: crop.top,
                                              croppedWidth: image.width, croppedHeight: image.height) else {
            throw .badCrop(path: path)
        }
        return EquirectPanorama(image: image, centerHeading: panorama.centerHeading, coverage: coverage)
    }

    private static func jsonDetail(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return String(text.prefix(200))
    }
}
