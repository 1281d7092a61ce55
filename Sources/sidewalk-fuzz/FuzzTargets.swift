import CastRender
import Datasets
import Explorer
import ExplorerScripts
import Foundation
import PanoImage
import RemoteData
import TextSafety
import VectorTiles
import VirtualTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The inputs Sidewalk reads from other people, each as a fuzz target: bytes in, and a check
/// that what comes out keeps its promises. A broken promise is a trap, which the fuzzer reports
/// as a finding (docs/reliability.md).
enum FuzzTarget: String, CaseIterable {
    case manifest, metadata, jpeg, png, url, sanitizer, panoramax, script, names, mvt, cast, mbtiles, suite, mapillary

    /// Draws screens in small cells, text in the bitmap font.
    nonisolated(unsafe) static let painter = ScreenPainter(cell: (4, 8), fontPath: nil)

    /// Small enough that a 2:1 panorama decodes fast, large enough to reach every decoder path.
    static let limits = DecodeLimits(
        maxFileBytes: 1 << 20, maxDimension: 2048, maxPixels: 1 << 20, maxScans: 100, maxDecodedPixels: 1 << 20)

    func run(_ bytes: [UInt8]) {
        switch self {
        case .manifest:
            if let dataset = try? Dataset.parse(manifest: bytes, folder: Self.datasetFolder, manifestPath: "manifest.json") {
                let service = dataset.service
                precondition(service.panorama(id: dataset.startID) != nil, "the start panorama must exist")
                for panorama in service.panoramas {
                    for link in panorama.links { precondition(link.heading.isFinite, "link headings are finite") }
                }
            }
        case .metadata:
            if case .success(let panorama) = PhotoImporter.describe(photo: bytes) {
                precondition(panorama.centerHeading.isFinite, "headings are finite")
            }
            // The same bytes as a GPS track, which places photos without GPS.
            if let track = try? GPXTrack.parse(bytes, name: "fuzz") {
                precondition(zip(track.fixes, track.fixes.dropFirst()).allSatisfy { $0.time <= $1.time }, "fixes are in time order")
                if case .success(let place) = track.place(at: track.fixes[0].time + 30) { precondition(place.latitude.isFinite) }
            }
        case .jpeg, .png:
            if let image = try? ImageDecoder.decode(bytes, name: rawValue, limits: Self.limits) {
                precondition(image.width > 0 && image.height > 0 && image.width * image.height <= Self.limits.maxPixels)
            }
        case .url:
            let text = String(decoding: bytes, as: UTF8.self)
            if let url = try? PanoramaURL.parse(text) {
                if let id = url.panoramaID { precondition(TextSanitizer.sanitize(id) == id, "an accepted id carries no controls") }
                let printed = PanoramaURL.sidewalkURL(panorama: nil, camera: url.camera(from: .init()))
                precondition((try? PanoramaURL.parse(printed)) != nil, "the URL printed for a view parses")
            }
        case .panoramax:
            // A server's answer: a search or a page of a sequence, else one item.
            let pictures =
                (try? PanoramaxAnswer.pictures(bytes, address: "fuzz").pictures)
                ?? (try? PanoramaxAnswer.picture(bytes, address: "fuzz")).map { [$0] } ?? []
            for picture in pictures { Self.check(picture) }
            precondition(Set(pictures.map(\.panorama.id)).count == pictures.count, "an answer lists each picture once")
        case .script:
            // A suite file: parsed as a script, and each line as a pattern searched for in the
            // whole text (a search is bounded by the text's length times the pattern's).
            let text = String(decoding: bytes, as: UTF8.self)
            _ = try? KeyScript.parse(text, form: .file)
            for line in text.split(separator: "\n").prefix(64) {
                if let pattern = try? TextPattern(String(line)) { _ = pattern.isFound(in: text) }
            }
        case .names:
            // A names index from a dataset on the web: the vocabulary, a zero byte, then the bucket
            // every read gets.
            let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let bucket = parts.count > 1 ? Array(parts[1]) : []
            for query in ["main street 1", "stpo", "a"] {
                let found = NamesIndex.search(query, vocabulary: Array(parts[0]), near: nil, limit: 5) { _ in bucket }
                precondition(found.count <= 5 && found.allSatisfy { !$0.place.name.isEmpty }, "at most the limit, each named")
            }
        case .mvt: Self.readMap(bytes)
        case .cast: Self.drawCast(bytes)
        case .mbtiles: Self.readMBTiles(bytes)
        case .suite: Self.readSuite(bytes)
        case .mapillary: Self.readMapillary(bytes)
        case .sanitizer:
            let clean = TextSanitizer.sanitize(bytes: bytes)
            for scalar in clean.unicodeScalars {
                precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "no control reaches the terminal")
                precondition(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value), "no bidi override")
            }
            precondition(TextSanitizer.sanitize(clean) == clean, "sanitising is idempotent")
        }
    }

    /// A map tile, and the same bytes as a PMTiles archive asked for a few tiles.
    private static func readMap(_ bytes: [UInt8]) {
        if let tile = try? VectorTile.decode(bytes) {
            let limits = VectorTile.Limits()
            precondition(tile.layers.count <= limits.layers && tile.layers.allSatisfy { $0.extent > 0 }, "layers within the limits")
            let points = tile.layers.flatMap(\.features).flatMap(\.geometry).flatMap { $0 }
            precondition(points.count <= limits.points + 1 && points.allSatisfy { abs($0.x) <= 1 << 30 && abs($0.y) <= 1 << 30 })
        }
        if let archive = try? PMTilesArchive(read: { offset, length in
            offset >= 0 && length >= 0 && offset <= bytes.count - length ? Array(bytes[offset..<(offset + length)]) : nil
        }) {
            for id in [TileID(z: 0, x: 0, y: 0), TileID(z: 14, x: 8531, y: 5792), TileID(z: 3, x: 9, y: 1)] {
                if let tile = archive.tile(id) { _ = try? VectorTile.decode(tile) }
            }
        }
    }

    /// A Mapillary answer read each way it can be (an entity, a list, a sequence's ids), and the same bytes as text whose credentials are hidden.
    private static func readMapillary(_ bytes: [UInt8]) {
        let images =
            (try? MapillaryAnswer.images(bytes, address: "fuzz")) ?? (try? MapillaryAnswer.image(bytes, address: "fuzz")).map { [$0] } ?? []
        for image in images {
            precondition(!image.id.isEmpty && image.id.allSatisfy(\.isASCII) && image.id.allSatisfy(\.isNumber), "an id of digits")
            precondition(image.heading.map { (0..<360).contains($0) } ?? true, "a heading in [0, 360)")
            precondition(image.thumbnail.lowercased().hasPrefix("http"), "thumbnails only from the web")
            precondition(image.fieldOfView.map { $0 > 0 && $0 < 180 } ?? true, "a flat camera's field of view in (0, 180)")
            let panorama = MapillaryWays.panorama(image, previous: nil, next: nil, nearby: images)
            precondition(panorama.links.count <= StreetPictures.mostWays, "at most eight ways")
            precondition(MapillaryWays.picture(panorama.imagePath)?.id == image.id, "a picture path names its image")
        }
        precondition(Set(images.map(\.id)).count == images.count, "an answer lists each image once")
        if let ids = try? MapillaryAnswer.imageIDs(bytes, address: "fuzz") {
            precondition(Set(ids).count == ids.count && ids.count <= MapillaryAnswer.sequenceLimit, "each id once, within the limit")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let (id, _) = MapillaryWays.picture(text) {
            precondition(!id.isEmpty && id.utf8.allSatisfy { (0x30...0x39).contains($0) }, "a picture path's id is digits")
        }
        let hidden = URLSecrets.redacted(text)
        precondition(URLSecrets.redacted(hidden) == hidden, "hiding credentials is idempotent")
        let lower = hidden.lowercased()
        for separator in ["?", "&", ";"] {
            for piece in lower.components(separatedBy: separator + "access_token=").dropFirst() {
                precondition(piece.hasPrefix("redacted"), "no access token is left in sight")
            }
        }
    }

    /// What a decoded Panoramax picture promises the explorer.
    /// A recording played and drawn, or the same bytes as a program's output to a screen that
    /// keeps its pictures (sixels, kitty, iTerm2).
    private static func drawCast(_ bytes: [UInt8]) {
        if let cast = try? Cast(bytes), cast.columns * cast.rows <= 20_000 {
            var playback = CastPlayback(cast, cell: (4, 8))
            playback.play(through: cast.events.count)
            let image = painter.paint(playback.screen, pictures: playback.pictures, columns: cast.columns, rows: cast.rows)
            precondition(image.width == cast.columns * 4 && image.height == cast.rows * 8, "the picture is the screen's size")
        }
        var screen = VirtualScreen(columns: 20, rows: 6)
        screen.pictures = PictureStore(cell: (4, 8))
        screen.feed(bytes)
        let pictures = screen.pictures as? PictureStore ?? PictureStore(cell: (4, 8))
        precondition(painter.paint(screen, pictures: pictures).pixels.count == 80 * 48 * 3, "the picture is the screen's size")
    }

    private static func check(_ picture: PanoramaxPicture) {
        let panorama = picture.panorama
        precondition(!panorama.id.isEmpty && panorama.centerHeading.isFinite, "an id and a finite heading")
        precondition(panorama.imagePath.lowercased().hasPrefix("http"), "images only from the web")
        for link in panorama.links { precondition(!link.target.isEmpty && link.heading.isFinite, "ways lead somewhere, in a direction") }
        if let crop = panorama.crop {
            precondition(crop.fullWidth == 2 * crop.fullHeight && crop.left >= 0 && crop.top >= 0, "a crop on a sphere")
        }
        if let tilt = panorama.tilt { precondition(abs(tilt.pitch) <= 90 && abs(tilt.roll) <= 180, "a tilt in range") }
    }

    /// A dataset folder whose images the seed manifests name (images/a.png, b.png, c.png, all
    /// empty: the manifest target checks paths, it decodes nothing), so fuzzed manifests get past
    /// the image checks into the rest of the validation.
    static let datasetFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-fuzz-dataset-\(getpid())")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("images/\(name).png").path, contents: Data())
        }
        return folder
    }()

    /// The target named by SIDEWALK_FUZZ_TARGET.
    static var selected: FuzzTarget {
        guard let name = getenv("SIDEWALK_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
            fatalError("set SIDEWALK_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if !SIDEWALK_LIBFUZZER
/// Without libFuzzer (a normal build): replays corpus files, `sidewalk-fuzz TARGET FILE|DIR...`,
/// so CI checks every saved input on every build.
@main
enum CorpusReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            print("usage: sidewalk-fuzz TARGET FILE|DIR...  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                print("sidewalk-fuzz: \(path): no such file")
                exit(1)
            }
            let files =
                isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" } : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run([UInt8](data))
                count += 1
            }
        }
        print("sidewalk-fuzz \(name): \(count) inputs replayed, no finding")
    }
}
#endif
