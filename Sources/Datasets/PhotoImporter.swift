import Explorer
import Foundation
import PanoCore
import PanoImage

/// Builds a dataset from a folder of 360° JPEGs as consumer cameras write them: position and
/// date from EXIF, orientation and cropping from Google's Photo Sphere XMP (GPano).
public enum PhotoImporter {
    /// What an import did.
    public struct Report: Sendable {
        public var imported: [Panorama]
        /// Photos that could not be placed, by file name, with why.
        public var skipped: [(file: String, reason: String)]
    }

    /// Why an import failed as a whole.
    public enum Failure: Error, CustomStringConvertible {
        case unreadableFolder(path: String, reason: String)
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case let .unreadableFolder(path, reason): "\(path): cannot read the folder: \(reason)"
            case let .cannotWrite(path, reason): "\(path): cannot write the dataset: \(reason)"
            }
        }
    }

    /// Largest photo read, bytes.
    static let photoByteLimit = 256 << 20

    /// Imports every .jpg/.jpeg in `source` (sorted by name) into the dataset folder `output`,
    /// copying the photos into `output/images/`. `progress(done, total)` is called after each.
    public static func importFolder(_ source: URL, into output: URL, progress: (Int, Int) -> Void = { _, _ in }) throws(Failure) -> Report {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source.path)
                .filter { ["jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
        } catch {
            throw .unreadableFolder(path: source.path, reason: error.localizedDescription)
        }
        let images = output.appendingPathComponent("images")
        do { try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: output.path, reason: error.localizedDescription)
        }
        var placed: [Panorama] = []
        var skipped: [(String, String)] = []
        var usedIDs: Set<String> = []
        for (done, name) in names.enumerated() {
            defer { progress(done + 1, names.count) }
            let file = source.appendingPathComponent(name)
            switch describe(file, name: name) {
            case let .failure(problem):
                skipped.append((name, problem.reason))
            case var .success(panorama):
                panorama.id = uniqueID(for: name, used: &usedIDs)
                panorama.imagePath = "images/\(name)"
                do { try copy(file, to: images.appendingPathComponent(name)) } catch {
                    throw .cannotWrite(path: images.appendingPathComponent(name).path, reason: error.localizedDescription)
                }
                placed.append(panorama)
            }
        }
        let linked = NeighbourLinker.link(placed)
        if !linked.isEmpty {
            do {
                let data = try ManifestEncoder.encode(name: source.lastPathComponent, start: linked[0].id, panoramas: linked, markers: [])
                try data.write(to: output.appendingPathComponent("manifest.json"), options: .atomic)
            } catch {
                throw .cannotWrite(path: output.path, reason: error.localizedDescription)
            }
        }
        return Report(imported: linked, skipped: skipped)
    }

    /// A panorama for one photo (id and image path still to be set), or why it cannot be placed.
    static func describe(_ file: URL, name: String) -> Result<Panorama, ImportProblem> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? Int, size <= photoByteLimit,
              let data = try? Data(contentsOf: file) else { return .failure(ImportProblem("cannot be read, or is over 256 MB")) }
        return describe(photo: [UInt8](data)).map { panorama in
            var named = panorama
            named.description = (name as NSString).deletingPathExtension
            return named
        }
    }

    /// A panorama for a photo's bytes from its EXIF position and GPano metadata (id and image
    /// path still to be set), or why it cannot be placed. Reads only the metadata, never pixels.
    public static func describe(photo bytes: [UInt8]) -> Result<Panorama, ImportProblem> {
        guard let (width, height) = ImageDecoder.jpegSize(bytes) else { return .failure(ImportProblem("not a readable JPEG")) }
        let payloads = JPEGSegments.app1Payloads(bytes)
        let exif = payloads.lazy.compactMap(EXIFReader.read).first
        let sphere = payloads.lazy.compactMap(XMPReader.read).first
        guard let coordinate = exif?.coordinate else { return .failure(ImportProblem("no GPS position in its EXIF data")) }
        if let projection = sphere?.projectionType, projection.lowercased() != "equirectangular" {
            return .failure(ImportProblem("its GPano projection is '\(projection)', not equirectangular"))
        }
        var crop: PanoramaCrop?
        if let sphere, let fullWidth = sphere.fullWidth, let fullHeight = sphere.fullHeight,
           fullWidth != width || fullHeight != height {
            let left = sphere.croppedLeft ?? 0
            let top = sphere.croppedTop ?? 0
            guard PanoramaCoverage(fullWidth: fullWidth, fullHeight: fullHeight, left: left, top: top,
                                   croppedWidth: width, croppedHeight: height) != nil else {
                return .failure(ImportProblem("its GPano cropped area does not fit the image"))
            }
            crop = PanoramaCrop(fullWidth: fullWidth, fullHeight: fullHeight, left: left, top: top)
        } else if !EquirectPanorama.isFullSphere(width: width, height: height) {
            return .failure(ImportProblem("not a 360° photo: \(width)×\(height) is not 2:1 and no GPano cropped area says where it lies"))
        }
        let heading = sphere?.poseHeading ?? 0
        guard heading.isFinite, (-360...720).contains(heading) else {
            return .failure(ImportProblem("its GPano PoseHeadingDegrees is out of range"))
        }
        var initialView: Orientation?
        if let initialHeading = sphere?.initialHeading, initialHeading.isFinite {
            let pitch = sphere?.initialPitch.flatMap { $0.isFinite ? min(max($0, -90), 90) : nil } ?? 0
            initialView = Orientation(heading: Degrees.wrap360(initialHeading), pitch: pitch)
        }
        return .success(Panorama(id: "", imagePath: "", coordinate: coordinate, centerHeading: heading,
                                 captureDate: exif?.captureDate, crop: crop,
                                 initialView: initialView))
    }

    /// An id from a file name: lower-case letters, digits and dashes, made unique with -2, -3...
    static func uniqueID(for name: String, used: inout Set<String>) -> String {
        let stem = (name as NSString).deletingPathExtension.lowercased()
        let cleaned = String(stem.map { $0.isLetter || $0.isNumber ? $0 : "-" }).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let base = cleaned.isEmpty ? "photo" : cleaned
        var id = base
        var n = 2
        while used.contains(id) { id = "\(base)-\(n)"; n += 1 }
        used.insert(id)
        return id
    }

    /// Copies a photo unless an identical-sized copy is already there (so a re-run is cheap).
    private static func copy(_ file: URL, to destination: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.attributesOfItem(atPath: destination.path)[.size] as? Int,
           let original = try? manager.attributesOfItem(atPath: file.path)[.size] as? Int, existing == original { return }
        if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
        try manager.copyItem(at: file, to: destination)
    }
}

/// Why one photo could not be imported.
public struct ImportProblem: Error, Sendable {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
}
