import Foundation
import PanoImage
import RemoteData
import StreetModel

/// `sidewalk import panoramax:...`: Panoramax pictures written as a normal, tiled dataset, for a
/// walk without the network or to share as a static site. Each panorama keeps its Panoramax id,
/// its credit (producer and licence), date and pose; its ways are Panoramax's own, to the
/// pictures the dataset holds; its `sd` image is cut into tiles (`DatasetTiler`, levelled first
/// when the camera was tilted), so a view over the web loads only the tiles it shows.
public enum PanoramaxImporter {
    /// Which pictures: those inside an area, or one sequence.
    public enum Selection: Sendable {
        case area(GeoBox)
        case sequence(String)
    }

    /// Pictures one import takes at most.
    public static let mostPictures = 1000

    /// Writes the pictures `selection` names (at most `limit`; only 360° ones unless
    /// `allPictures`) from `server` into `output`, `mode` as for a folder of photos.
    /// `progress` is told (done, total) as images arrive. Nothing is written when it fails.
    public static func importPictures(
        _ selection: Selection, from server: PanoramaxServer, limit: Int, allPictures: Bool, cache: HTTPCache,
        into output: URL, mode: PhotoImporter.Mode,
        progress: @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(PhotoImporter.Failure) -> PhotoImporter.Report {
        let client = PanoramaxClient(server: server, cache: cache)
        let origin: String
        var pictures: [PanoramaxPicture]
        var skipped: [(file: String, reason: String)] = []
        do {
            switch selection {
            case .area(let box):
                origin = "\(server)?bbox=\(box)"
                // Search results are not promised their ways: each picture's own item is read.
                let ids = try client.search(in: box, limit: min(limit, mostPictures)).map(\.panorama.id)
                let read = client.pictures(ids)
                pictures = []
                for id in ids {
                    switch read[id] {
                    case .success(let picture)?: pictures.append(picture)
                    case .failure(let error)?: skipped.append((id, error.description))
                    case nil: break
                    }
                }
            case .sequence(let id):
                origin = "\(server)?sequence=\(id)"
                pictures = try client.sequence(id, limit: min(limit, mostPictures))
            }
        } catch {
            throw .unreadableFolder(path: server.address, reason: error.description)
        }
        skipped += pictures.filter { !(allPictures || $0.isFullSphere) }.map {
            ($0.panorama.id, "a flat picture (add --all-pictures to take it)")
        }
        pictures.removeAll { !(allPictures || $0.isFullSphere) }
        let existing = try PhotoImporter.existingDataset(at: output, origin: origin, mode: mode)
        let images = fetchImages(of: pictures.map(\.panorama), cache: cache, progress: progress)
        var added: [Panorama] = []
        for picture in pictures {
            guard case .success = images[picture.panorama.id] else {
                if case .failure(let error)? = images[picture.panorama.id] { skipped.append((picture.panorama.id, error.description)) }
                continue
            }
            var panorama = picture.panorama
            panorama.imagePath = "images/\(Self.fileName(panorama.id))"
            added.append(panorama)
        }
        guard !added.isEmpty else { return PhotoImporter.Report(imported: [], skipped: skipped) }
        let known = Set(added.map(\.id))
        added = added.map { panorama in
            var kept = panorama
            kept.links.removeAll { !known.contains($0.target) }
            return kept
        }
        let kept = (existing?.service.panoramas ?? []).filter { !known.contains($0.id) }
        var writer = DatasetWriter(folder: output)
        do {
            let manifest = try ShardWriter.manifestFiles(
                name: existing?.name ?? "Panoramax (\(server.host))", start: existing?.startID ?? added[0].id,
                panoramas: kept + added, markers: existing?.service.markers ?? [], importedFrom: origin)
            try writer.makeFolders()
            for panorama in added {
                guard case .success(let bytes)? = images[panorama.id] else { continue }
                try writer.write(bytes, to: panorama.imagePath)
            }
            try writer.writeManifest(manifest)
        } catch {
            writer.undo()
            throw .cannotWrite(path: output.path, reason: "\(error)")
        }
        do { _ = try DatasetTiler.tile(dataset: output.path, into: output) } catch {
            throw .cannotWrite(path: output.path, reason: "the pictures were fetched, but could not be tiled: \(error.description)")
        }
        return PhotoImporter.Report(imported: added, skipped: skipped)
    }

    /// A file name for a picture id: its letters, digits, dashes and dots, and ".jpg".
    static func fileName(_ id: String) -> String {
        String(
            id.unicodeScalars.map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
            }) + ".jpg"
    }

    /// Each panorama's image bytes, or why not, `PanoramaxClient.concurrentRequests` at a time.
    private static func fetchImages(
        of panoramas: [Panorama], cache: HTTPCache,
        progress: @Sendable (Int, Int) -> Void
    ) -> [String: Result<[UInt8], HTTPError>] {
        let addresses = Dictionary(panoramas.map { ($0.id, $0.imagePath) }, uniquingKeysWith: { first, _ in first })
        return PanoramaxClient.requests(for: panoramas.map(\.id), done: progress) { id in
            Result { () throws(HTTPError) in try cache.fetch(addresses[id] ?? "", maxBytes: DecodeLimits.standard.maxFileBytes) }
        }
    }
}
