import FoundationEssentials
import Locking
import PanoImage
import RemoteData
import StreetModel
import SystemIO

/// `sidewalk import panoramax:...`: Panoramax pictures written as a normal, tiled dataset, for a
/// walk without the network or to share as a static site. Each panorama keeps its Panoramax id,
/// its credit (producer and licence), date and pose; its ways are Panoramax's own, to the
/// pictures the dataset holds; its `sd` image is cut into tiles (`DatasetTiler`, levelled first
/// when the camera was tilted), so a view over the web loads only the tiles it shows.
package enum PanoramaxImporter {
    /// Which pictures: those inside an area, or one sequence.
    package enum Selection: Sendable {
        case area(GeoBox)
        case sequence(String)
    }

    /// Pictures one import takes at most.
    package static let mostPictures = 1000

    /// Writes the pictures `selection` names (at most `limit`, each id once; only 360° ones unless
    /// `allPictures`) from `server` into `output`, `mode` as for a folder of photos. Each image is
    /// written and tiled as it arrives, so no more than `PanoramaxClient.concurrentRequests`
    /// images are held at once. `progress` is told (done, total) as images arrive. When it fails,
    /// everything it wrote is taken back.
    package static func importPictures(
        _ selection: Selection, from server: PanoramaxServer, limit: Int, allPictures: Bool, cache: HTTPCache,
        into output: URL, mode: PhotoImporter.Mode,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(PhotoImporter.Failure) -> PhotoImporter.Report {
        var (origin, pictures, skipped) = try listed(selection, from: PanoramaxClient(server: server, cache: cache), limit: limit)
        skipped += pictures.filter { !(allPictures || $0.isFullSphere) }.map {
            ($0.panorama.id, "a flat picture (add --all-pictures to take it)")
        }
        pictures.removeAll { !(allPictures || $0.isFullSphere) }
        let existing = try PhotoImporter.existingDataset(at: output, origin: origin, mode: mode)
        let writer = Locked(DatasetWriter(folder: output))
        do throws(FileError) {
            try writer.withLock { (writer) throws(FileError) in try writer.makeFolders() }
            let byID = Dictionary(pictures.map { ($0.panorama.id, $0.panorama) }, uniquingKeysWith: { first, _ in first })
            // After a write fails, the pictures not yet asked for are not fetched.
            let writeFailed = Locked(false)
            let arrivals = PanoramaxClient.requests(for: pictures.map(\.panorama.id), done: progress) { id in
                guard !writeFailed.withLock({ $0 }) else { return Arrival.skipped("not fetched: the import failed") }
                let arrival = arrive(byID[id]!, cache: cache, writer: writer)
                if case .failed = arrival { writeFailed.withLock { $0 = true } }
                return arrival
            }
            var added: [Panorama] = []
            for picture in pictures {
                switch arrivals[picture.panorama.id] {
                case .placed(let panorama)?: added.append(panorama)
                case .skipped(let reason)?: skipped.append((picture.panorama.id, reason))
                case .failed(let error)?: throw error
                case nil: break
                }
            }
            guard !added.isEmpty else {
                writer.withLock { $0.undo() }
                return PhotoImporter.Report(imported: [], skipped: skipped)
            }
            added = linkedAmong(added)
            let addedIDs = Set(added.map(\.id))
            let kept = (existing?.service.panoramas ?? []).filter { !addedIDs.contains($0.id) }
            let manifest: [(path: String, bytes: Data)]
            do {
                manifest = try ShardWriter.manifestFiles(
                    name: existing?.name ?? "Panoramax (\(server.host))", start: existing?.startID ?? added[0].id,
                    panoramas: kept + added, markers: existing?.service.markers ?? [], importedFrom: origin)
            } catch {
                throw .notWritable(path: output.appendingPathComponent("manifest.json").path, reason: error.description)
            }
            try writer.withLock { (writer) throws(FileError) in try writer.writeManifest(manifest) }
            return PhotoImporter.Report(imported: added, skipped: skipped)
        } catch {
            writer.withLock { $0.undo() }
            throw .cannotWrite(path: output.path, reason: error.description)
        }
    }

    /// The pictures `selection` lists, each once, what the import records as its origin, and the
    /// pictures listed whose own item could not be read, with why.
    private static func listed(
        _ selection: Selection, from client: PanoramaxClient, limit: Int
    ) throws(PhotoImporter.Failure) -> (origin: String, pictures: [PanoramaxPicture], skipped: [(file: String, reason: String)]) {
        let server = client.server
        do {
            switch selection {
            case .area(let box):
                // Search results are not promised their ways: each picture's own item is read.
                let ids = try client.search(in: box, limit: min(limit, mostPictures)).map(\.panorama.id)
                let read = client.pictures(ids)
                var pictures: [PanoramaxPicture] = []
                var skipped: [(file: String, reason: String)] = []
                for id in ids {
                    switch read[id] {
                    case .success(let picture)?: pictures.append(picture)
                    case .failure(let error)?: skipped.append((id, error.description))
                    case nil: break
                    }
                }
                return ("\(server)?bbox=\(box)", pictures, skipped)
            case .sequence(let id):
                return ("\(server)?sequence=\(id)", try client.sequence(id, limit: min(limit, mostPictures)), [])
            }
        } catch {
            throw .unreadableFolder(path: server.address, reason: error.description)
        }
    }

    /// What became of one picture: written (and tiled when it is a full sphere), left out with
    /// why, or a write that failed, which fails the import.
    private enum Arrival: Sendable {
        case placed(Panorama)
        case skipped(String)
        case failed(FileError)
    }

    /// Fetches `panorama`'s image, writes it to `images/`, and cuts a full sphere into tiles
    /// (`DatasetTiler`), holding its bytes only until then.
    private static func arrive(_ panorama: Panorama, cache: HTTPCache, writer: Locked<DatasetWriter>) -> Arrival {
        let bytes: [UInt8]
        do { bytes = try cache.fetch(panorama.imagePath, maxBytes: DecodeLimits.standard.maxFileBytes) } catch {
            return .skipped(error.description)
        }
        guard ImageDecoder.jpegSize(bytes) ?? ImageDecoder.pngSize(bytes) != nil else {
            return .skipped("\(panorama.imagePath): not a JPEG or PNG image")
        }
        var placed = panorama
        placed.imagePath = "images/\(Self.fileName(panorama.id))"
        let output = writer.withLock { $0.folder }
        do throws(FileError) {
            try writer.withLock { (writer) throws(FileError) in
                try writer.write(bytes, to: placed.imagePath)
                if placed.crop == nil {
                    try writer.makeFolder("tiles")
                    try writer.makeFolder("tiles/\(PanoramaTiler.folderName(for: placed.id))")
                }
            }
        } catch {
            return .failed(error)
        }
        // A flat picture stays a plain image, as `sidewalk tile` leaves cropped panoramas.
        guard placed.crop == nil else { return .placed(placed) }
        var report = DatasetTiler.Report()
        let imageFile = output.appendingPathComponent(placed.imagePath).path
        do {
            return .placed(try DatasetTiler.tile(placed, imageAt: imageFile, into: output, report: &report, progress: { _, _ in }))
        } catch .file(let error) {
            return .failed(error)
        } catch {
            writer.withLock {
                $0.takeBack(placed.imagePath)
                $0.takeBack("tiles/\(PanoramaTiler.folderName(for: placed.id))")
            }
            return .skipped("\(panorama.imagePath): could not be tiled: \(error.description)")
        }
    }

    /// `panoramas` with only the ways that lead to one of them.
    private static func linkedAmong(_ panoramas: [Panorama]) -> [Panorama] {
        let known = Set(panoramas.map(\.id))
        return panoramas.map { panorama in
            var kept = panorama
            kept.links.removeAll { !known.contains($0.target) }
            return kept
        }
    }

    /// A file name for a picture id: the name of its tile folder (`PanoramaTiler.folderName`:
    /// letters, digits, `-`, `_` and `.` as they are, anything else as `%XX`, so two ids never
    /// share a file), and ".jpg".
    static func fileName(_ id: String) -> String {
        PanoramaTiler.folderName(for: id) + ".jpg"
    }
}
