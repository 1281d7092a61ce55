import FoundationEssentials
import PanoCore
import PanoImage
import StreetModel
import SystemIO

/// Builds a dataset from a folder of 360° JPEGs as consumer cameras write them: position and
/// date from EXIF, orientation and cropping from Google's Photo Sphere XMP (GPano).
package enum PhotoImporter {
    /// What an import did.
    package struct Report: Sendable {
        package var imported: [Panorama]
        /// Photos that could not be placed, by file name, with why.
        package var skipped: [(file: String, reason: String)]
    }

    /// Why an import failed as a whole. Nothing is written when it fails.
    package enum Failure: Error, CustomStringConvertible {
        case unreadableFolder(path: String, reason: String)
        case cannotWrite(path: String, reason: String)
        /// The output is there but is no folder.
        case outputNotAFolder(path: String, kind: String)
        /// The output folder holds something this import did not make.
        case outputNotOurs(path: String, source: String)

        package var description: String {
            switch self {
            case .unreadableFolder(let path, let reason): "\(path): cannot read the folder: \(reason)"
            case .cannotWrite(let path, let reason): "\(path): cannot write the dataset: \(reason)"
            case .outputNotAFolder(let path, let kind): "\(path): is \(kind), not a folder; --output names the dataset folder to write"
            case .outputNotOurs(let path, let source):
                "\(path): already holds files that importing \(source) did not make; add --update to add these photos to it, or --force to write over it"
            }
        }
    }

    /// What to do with an output folder that already holds something.
    package enum Mode: Sendable {
        /// Write only into a new or empty folder, or over this same import's earlier output.
        case fresh
        /// Write the new dataset over whatever the folder holds (files of other names are left).
        case force
        /// Add the photos to the dataset there: its panoramas, links and markers are kept, a
        /// photo of a name it already holds is replaced.
        case update
    }

    /// Largest photo read, bytes.
    static let photoByteLimit = 256 << 20

    /// Imports every .jpg/.jpeg in `source` (sorted by name) into the dataset folder `output`,
    /// copying the photos into `output/images/` and writing `output/manifest.json` last.
    /// `progress(done, total)` is called after each photo is read. Nothing is written when no
    /// photo can be placed or anything fails (what this run wrote is removed again).
    /// Photos without a GPS position are placed as `placement` says, else skipped.
    package static func importFolder(
        _ source: URL, into output: URL, mode: Mode = .fresh, placement: PhotoPlacement = PhotoPlacement(),
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(Failure) -> Report {
        guard let entries = Directory.entries(in: source.path) else {
            throw .unreadableFolder(path: source.path, reason: "not a folder that can be read")
        }
        let names = entries.filter { ["jpg", "jpeg"].contains(PathText.fileExtension($0).lowercased()) }.sorted()
        let origin = source.standardizedFileURL.resolvingSymlinksInPath().path
        let existing = try existingDataset(at: output, origin: origin, mode: mode)
        var panoramas = existing?.service.panoramas ?? []
        var usedIDs = Set(panoramas.map(\.id))
        var added: Set<String> = []
        var skipped: [(String, String)] = []
        for (done, name) in names.enumerated() {
            defer { progress(done + 1, names.count) }
            switch describe(source.appendingPathComponent(name), name: name, placement: placement) {
            case .failure(let problem):
                skipped.append((name, problem.reason))
            case .success(var panorama):
                panorama.imagePath = "images/\(name)"
                if let index = panoramas.firstIndex(where: { $0.imagePath == panorama.imagePath }) {
                    // --update with a photo the dataset already holds: the new one, under the old id.
                    panorama.id = panoramas[index].id
                    panoramas[index] = panorama
                } else {
                    panorama.id = uniqueID(for: name, used: &usedIDs)
                    panoramas.append(panorama)
                }
                added.insert(panorama.id)
            }
        }
        guard !added.isEmpty else { return Report(imported: [], skipped: skipped) }
        let linked = link(panoramas, added: added, keepingLinksOf: existing == nil ? [] : Set(panoramas.map(\.id)).subtracting(added))
        let manifest: [(path: String, bytes: Data)]
        do {
            manifest = try ShardWriter.manifestFiles(
                name: existing?.name ?? source.lastPathComponent, start: existing?.startID ?? linked[0].id,
                panoramas: linked, markers: existing?.service.markers ?? [], importedFrom: origin)
        } catch {
            throw .cannotWrite(path: output.path, reason: error.description)
        }
        var writer = DatasetWriter(folder: output)
        do {
            try writer.makeFolders()
            for panorama in linked where added.contains(panorama.id) {
                try writer.copy(
                    source.appendingPathComponent(String(panorama.imagePath.dropFirst("images/".count))), to: panorama.imagePath)
            }
            try writer.writeManifest(manifest)
        } catch {
            writer.undo()
            throw .cannotWrite(path: output.path, reason: error.description)
        }
        return Report(imported: linked.filter { added.contains($0.id) }, skipped: skipped)
    }

    /// What an import adds to: nil for a new or empty folder (or, with `.force` or when it is this
    /// import's own earlier output, one to write over); the dataset there with `.update`.
    static func existingDataset(at output: URL, origin: String, mode: Mode) throws(Failure) -> Dataset? {
        guard let kind = FileKind.of(output.path) else { return nil }
        let resolved = output.resolvingSymlinksInPath().path
        guard FileKind.of(resolved) == .directory else { throw .outputNotAFolder(path: output.path, kind: kind.phrase) }
        let entries = Directory.entries(in: output.path) ?? []
        guard !entries.isEmpty else { return nil }
        switch mode {
        case .force: return nil
        case .update:
            do { return try Dataset.open(output.path).withAllShards() } catch {
                throw .cannotWrite(path: output.path, reason: "cannot add to it: \(error.description)")
            }
        case .fresh:
            guard Dataset.importOrigin(ofManifestIn: output) == origin else { throw .outputNotOurs(path: output.path, source: origin) }
            return nil
        }
    }

    /// Links the panoramas to their neighbours; those in `keep` keep the links they had and gain
    /// only links to the panoramas `added`.
    private static func link(_ panoramas: [Panorama], added: Set<String>, keepingLinksOf keep: Set<String>) -> [Panorama] {
        let original = Dictionary(panoramas.map { ($0.id, $0.links) }, uniquingKeysWith: { first, _ in first })
        return NeighbourLinker.link(panoramas).map { linked in
            guard keep.contains(linked.id), let links = original[linked.id] else { return linked }
            var kept = linked
            kept.links = links + linked.links.filter { link in added.contains(link.target) && !links.contains { $0.target == link.target } }
            return kept
        }
    }

    /// A panorama for one photo (id and image path still to be set), or why it cannot be placed.
    static func describe(_ file: URL, name: String, placement: PhotoPlacement) -> Result<Panorama, ImportProblem> {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(file.path, limit: photoByteLimit) } catch { return .failure(ImportProblem(error.reason)) }
        return describe(photo: bytes, placement: placement).map { panorama in
            var named = panorama
            named.description = PathText.stem(name)
            return named
        }
    }

    /// A panorama for a photo's bytes from its EXIF position (or `placement`) and GPano metadata
    /// (id and image path still to be set), or why it cannot be placed. Reads only the metadata,
    /// never pixels.
    package static func describe(photo bytes: [UInt8], placement: PhotoPlacement = PhotoPlacement()) -> Result<Panorama, ImportProblem> {
        guard let (width, height) = ImageDecoder.jpegSize(bytes) else { return .failure(ImportProblem("not a readable JPEG")) }
        let payloads = JPEGSegments.app1Payloads(bytes)
        let exif = payloads.lazy.compactMap(EXIFReader.read).first
        let sphere = payloads.lazy.compactMap(XMPReader.read).first
        let coordinate: Coordinate
        switch placement.coordinate(for: exif) {
        case .success(let placed): coordinate = placed
        case .failure(let problem): return .failure(problem)
        }
        if let projection = sphere?.projectionType, projection.lowercased() != "equirectangular" {
            return .failure(ImportProblem("its GPano projection is '\(projection)', not equirectangular"))
        }
        var crop: PanoramaCrop?
        if let sphere, let fullWidth = sphere.fullWidth, let fullHeight = sphere.fullHeight,
            fullWidth != width || fullHeight != height
        {
            let left = sphere.croppedLeft ?? 0
            let top = sphere.croppedTop ?? 0
            guard
                PanoramaCoverage(
                    fullWidth: fullWidth, fullHeight: fullHeight, left: left, top: top,
                    croppedWidth: width, croppedHeight: height) != nil
            else {
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
        var panorama = Panorama(
            id: "", imagePath: "", coordinate: coordinate, centerHeading: heading,
            captureDate: exif?.captureDate, crop: crop, initialView: sphere.flatMap(initialView))
        panorama.tilt = crop == nil ? sphere.flatMap(tilt) : nil
        return .success(panorama)
    }

    /// The camera's tilt a photo's GPano pose gives (PosePitchDegrees, PoseRollDegrees), nil
    /// when level or out of range.
    static func tilt(_ sphere: PhotoSphereMetadata) -> CameraTilt? {
        let pitch = sphere.posePitch.flatMap { $0.isFinite && (-90...90).contains($0) ? $0 : nil } ?? 0
        let roll = sphere.poseRoll.flatMap { $0.isFinite && (-180...180).contains($0) ? $0 : nil } ?? 0
        let tilt = CameraTilt(pitch: pitch, roll: roll)
        return tilt.isLevel ? nil : tilt
    }

    /// Where a photo's GPano metadata says to look first (InitialViewHeadingDegrees,
    /// InitialViewPitchDegrees clamped to -90...90, InitialViewRollDegrees kept in -180...180) and
    /// how wide (InitialHorizontalFOVDegrees, kept when in `PanoramaCamera.fovRange`); nil when it
    /// says neither.
    static func initialView(_ sphere: PhotoSphereMetadata) -> InitialView? {
        let orientation = sphere.initialHeading.flatMap { heading in
            heading.isFinite
                ? Orientation(
                    heading: Degrees.wrap360(heading),
                    pitch: sphere.initialPitch.flatMap { $0.isFinite ? min(max($0, -90), 90) : nil } ?? 0) : nil
        }
        let width = sphere.initialFieldOfView.flatMap { PanoramaCamera.fovRange.contains($0) ? $0 : nil }
        let roll = sphere.initialRoll.flatMap { $0.isFinite && (-180...180).contains($0) && $0 != 0 ? $0 : nil }
        return InitialView(orientation: orientation, fieldOfView: width, roll: roll)
    }

    /// What a single 360° photo's own GPano metadata says about showing it: the heading of its
    /// centre, its camera's tilt, and where to look first. Reads only the metadata.
    package static func sphereHints(photo bytes: [UInt8]) -> (centerHeading: Double, tilt: CameraTilt?, initialView: InitialView?) {
        guard let sphere = JPEGSegments.app1Payloads(bytes).lazy.compactMap(XMPReader.read).first else { return (0, nil, nil) }
        let heading = sphere.poseHeading.flatMap { $0.isFinite && (-360...720).contains($0) ? Degrees.wrap360($0) : nil } ?? 0
        return (heading, tilt(sphere), initialView(sphere))
    }

    /// An id from a file name: lower-case letters, digits and dashes, made unique with -2, -3...
    static func uniqueID(for name: String, used: inout Set<String>) -> String {
        let stem = PathText.stem(name).lowercased()
        let cleaned = String(stem.map { $0.isLetter || $0.isNumber ? $0 : "-" }).trimming("-")
        let base = cleaned.isEmpty ? "photo" : cleaned
        var id = base
        var n = 2
        while used.contains(id) {
            id = "\(base)-\(n)"
            n += 1
        }
        used.insert(id)
        return id
    }
}

/// Why one photo could not be imported.
package struct ImportProblem: Error, Sendable {
    package let reason: String
    init(_ reason: String) { self.reason = reason }
}
