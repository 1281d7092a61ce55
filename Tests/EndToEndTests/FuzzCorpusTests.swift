import Datasets
import Foundation
import PanoCore
import PanoImage
import TermRender
import TestSupport
import Testing
import VectorTiles

/// The fuzz targets' seed corpora (Tests/FuzzCorpus, docs/reliability.md): made by the same
/// encoders the tests use, kept in the repository, and replayed through every target on every
/// test run, findings included.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let corpus = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Tests/FuzzCorpus")

    /// The seeds, by target: file name and bytes.
    /// A GPX track, for the metadata target's track reading.
    static let track = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="sidewalk">
          <trk><trkseg>
            <trkpt lat="46.9479" lon="7.4474"><ele>540</ele><time>2024-06-21T10:00:00Z</time></trkpt>
            <trkpt lat="46.9479" lon="7.4477"><time>2024-06-21T12:00:40+02:00</time></trkpt>
            <trkpt lat="46.9480" lon="7.4480"><time>2024-06-21T10:01:20.500Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    static func seeds() throws -> [String: [(String, [UInt8])]] {
        let image = SyntheticPanorama.gradient(width: 16, height: 8)
        let jpeg = try JPEGEncoder.encode(image)
        let manifest = try JSONSerialization.data(withJSONObject: DatasetFixture.validManifest(), options: [.sortedKeys])
        let exif = TestPhotoMetadata.exif(latitude: 48.2, longitude: -16.37, dateTimeOriginal: "2024:06:21 10:30:00")
        let gpano: [(String, String)] = [
            ("ProjectionType", "equirectangular"), ("PoseHeadingDegrees", "30"), ("FullPanoWidthPixels", "32"),
            ("FullPanoHeightPixels", "16"),
            ("CroppedAreaLeftPixels", "8"), ("CroppedAreaTopPixels", "4"), ("InitialViewHeadingDegrees", "90"),
            ("InitialViewPitchDegrees", "-10"),
            ("InitialHorizontalFOVDegrees", "75")
        ]
        return [
            "manifest": [
                ("valid.json", [UInt8](manifest)), ("truncated.json", Array([UInt8](manifest).prefix(100))),
                ("empty-object.json", Array("{}".utf8))
            ],
            "metadata": [
                ("exif-and-xmp.jpg", TestPhotoMetadata.insert([exif, TestPhotoMetadata.xmp(gpano)], into: jpeg)),
                ("xmp-elements.jpg", TestPhotoMetadata.insert([exif, TestPhotoMetadata.xmp(gpano, asElements: true)], into: jpeg)),
                ("exif-only.jpg", TestPhotoMetadata.insert([exif], into: jpeg)),
                ("track.gpx", Array(Self.track.utf8))
            ],
            "jpeg": [
                ("baseline.jpg", jpeg), ("progressive.jpg", try JPEGEncoder.encode(image, progressive: true)),
                ("grey.jpg", try JPEGEncoder.encode(image, grayscale: true)), ("cmyk.jpg", try JPEGEncoder.encode(image, storage: .cmyk)),
                ("ycck.jpg", try JPEGEncoder.encode(image, storage: .ycck))
            ],
            "png": [
                ("rgb.png", TestPNG.encode(width: 16, height: 8, colorType: .rgb) { x, y in [x * 16, y * 32, 128] }),
                (
                    "rgb16-interlaced.png",
                    TestPNG.encode(width: 16, height: 8, colorType: .rgb, bitDepth: 16, interlaced: true) { x, y in [x * 4096, y * 8192, 0]
                    }
                ),
                (
                    "palette-transparent.png",
                    TestPNG.encode(
                        width: 4, height: 2, colorType: .palette, palette: [(255, 0, 0), (0, 255, 0)],
                        transparency: [255, 0]
                    ) { x, _ in [x % 2] }
                ),
                ("grey-alpha.png", TestPNG.encode(width: 4, height: 2, colorType: .greyAlpha) { x, _ in [x * 60, 128] }),
                ("compressed.png", try PNGEncoder.encode(image, name: "seed"))
            ],
            "url": [
                (
                    "google-viewpoint.txt",
                    Array(
                        "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=48.857832,2.295226&heading=-45&pitch=38&fov=80".utf8)
                ),
                (
                    "google-pano.txt",
                    Array("https://www.google.com/maps/@?api=1&map_action=pano&pano=tu510ie_z4ptBZYo2BGEJg&heading=270".utf8)
                ),
                ("ios.txt", Array("comgooglemaps://?center=46.414382,10.013988&mapmode=streetview".utf8)),
                ("sidewalk.txt", Array("sidewalk://view?pano=caf%C3%A9+corner&viewpoint=46.9412,7.4453&heading=90&pitch=-5&fov=45".utf8)),
                (
                    "mapillary.txt",
                    Array("https://www.mapillary.com/app/?lat=40.758&lng=-73.9855&z=17.5&pKey=498763468214164&focus=photo".utf8)
                )
            ],
            "panoramax": [
                ("item.json", Array(PanoramaxItemJSON.geovisio.utf8)),
                (
                    "search.json",
                    Array(
                        "{\"type\": \"FeatureCollection\", \"features\": [\(PanoramaxItemJSON.geovisio)], \"links\": [{\"rel\": \"next\", \"href\": \"https://example.org/api/search?page=2\"}]}"
                            .utf8)
                ),
                (
                    "flat.json",
                    Array(PanoramaxItemJSON.geovisio.replacingOccurrences(of: "\"field_of_view\": 360", with: "\"field_of_view\": 67").utf8)
                )
            ],
            "script": [
                (
                    "hostile-patterns.txt",
                    Array("(\\w|\\s|.)*@@@\n(a+)+b\n(a*)*b\n((a|b)*c)+\n(a{1000}){1000}\n[^\\d]{2,}$\n(?:x|y|)*z\n".utf8)
                ),
                (
                    "suite.txt",
                    Array(
                        "# a suite line\nRight; expect heading 105\nexpect said /(\\w|\\s|.)*@@@/ within 1\nSECRET=\u{1B}]52:c:AAAA\u{07}x\n"
                            .utf8)
                )
            ],
            "sanitizer": [
                ("escapes.txt", Array("Title\u{1B}]0;owned\u{07}\u{1B}]52;c;eA==\u{07}\u{1B}[2J\u{9B}31m\r\n\u{202E}x\u{2066}y".utf8)),
                ("invalid-utf8.bin", [0x41, 0xFF, 0xC2, 0x9B, 0xE2, 0x80, 0xAE, 0xF0, 0x9F, 0x98]),
                ("wide-and-combining.txt", Array("東京 e\u{301} 🚶".utf8))
            ],
            "mapillary": Self.mapillarySeeds(),
            "mvt": try Self.mapSeeds(),
            "cast": try Self.castSeeds(),
            "names": [
                ("index.bin", try Self.namesIndex()),
                // A run of buckets beyond the count trapped building its range (5...2).
                ("run-beyond-count.bin", Array("sidewalk-names\t1\t3\nmain\t5-10\nstreet\t0-2\n\0street\t1\t2\t-\tstreet\tStreet\n".utf8))
            ]
        ]
    }

    /// Mapillary's graph API answers as its documentation shapes them: an image entity, a search's
    /// list, a sequence's ids, the error a refused token gets; and a tile address with a token.
    static func mapillarySeeds() -> [(String, [UInt8])] {
        let entity = """
            {"id": "498763468214164", "geometry": {"type": "Point", "coordinates": [13.40495, 52.52001]}, \
            "computed_geometry": {"type": "Point", "coordinates": [13.40501, 52.52004]}, "compass_angle": 122, \
            "computed_compass_angle": 133, "camera_type": "spherical", "captured_at": 1600000000000, \
            "creator": {"id": "100", "username": "user-name"}, "sequence": "zcY1sY3ld5WAsvlwUcc0JK", "width": 5760, "height": 2880, \
            "thumb_2048_url": "https://scontent.example.net/m1/v/t6/An8_2048.jpg?stp=s2048x1024&oh=00_AYAx&oe=675A1B2C", \
            "thumb_original_url": "https://scontent.example.net/m1/v/t6/An8_original.jpg?oh=00_AYAy&oe=675A1B2C"}
            """
        let refused = """
            {"error": {"message": "Invalid OAuth access token - Cannot parse access token", "type": "OAuthException", "code": 190, \
            "fbtrace_id": "A1b2C3"}}
            """
        return [
            ("entity.json", Array(entity.utf8)), ("list.json", Array("{\"data\": [\(entity), {\"id\": \"1\"}]}".utf8)),
            ("image-ids.json", Array("{\"data\": [{\"id\": \"3\"}, {\"id\": \"1\"}, {\"id\": \"3\"}]}".utf8)),
            ("error.json", Array(refused.utf8)),
            ("tile-address.txt", Array("https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/8800/5373?access_token=MLY|1|abc&x=1".utf8)),
            (
                "perspective.json",
                Array(
                    entity.replacingOccurrences(of: "\"spherical\"", with: "\"perspective\"")
                        .replacingOccurrences(of: "\"width\": 5760", with: "\"camera_parameters\": [0.8, -0.01, 0.002], \"width\": 4000")
                        .utf8)
            ),
            ("picture-path.txt", Array("mapillary:498763468214164/original".utf8))
        ]
    }

    /// A recording with a picture in each protocol (a sixel, a kitty image in two chunks, an
    /// iTerm2 PNG), block symbols, a marker and a resize; and the same output without the cast.
    static func castSeeds() throws -> [(String, [UInt8])] {
        let image = SyntheticPanorama.gradient(width: 8, height: 12)
        let sixel = SixelEncoder.encode(PalettedImage(image, colours: 16, dithered: false))
        let payload = Base64.encode(image.pixels)
        let kitty =
            "\u{1B}_Ga=T,f=24,s=8,v=12,i=3,c=2,r=1,C=1,q=2,m=1;" + String(decoding: payload.prefix(64), as: UTF8.self) + "\u{1B}\\"
            + "\u{1B}_Gm=0;" + String(decoding: payload.dropFirst(64), as: UTF8.self) + "\u{1B}\\"
        let iterm =
            "\u{1B}]1337;File=inline=1;width=2;height=1;doNotMoveCursor=1:"
            + String(decoding: Base64.encode(try PNGEncoder.encode(image, name: "seed")), as: UTF8.self)
            + "\u{07}"
        let output =
            String(decoding: sixel, as: UTF8.self) + "\u{1B}[2;3H" + kitty + "\u{1B}[1;8H" + iterm + "\u{1B}[38;2;1;2;3m▀\u{1FB00}\u{2801}x"
        let events = [[0.5, "o", output], [0.6, "m", "Main Street 16"], [1.0, "r", "30x8"], [1.2, "o", "\u{1B}[2J"]] as [[Any]]
        let lines = try events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let cast = (["{\"version\": 2, \"width\": 20, \"height\": 6, \"x_sidewalk_cell_pixels\": [4, 8]}"] + lines).joined(separator: "\n")
        return [("pictures.cast", Array(cast.utf8)), ("pictures.out", Array(output.utf8))]
    }

    /// The demo town's basemap, whole (the target reads it as a PMTiles archive), and one of its
    /// tiles (read as a vector tile).
    static func mapSeeds() throws -> [(String, [UInt8])] {
        let path = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo/basemap.pmtiles")
        let archive = [UInt8](try Data(contentsOf: path))
        let reader = try PMTilesArchive { offset, length in
            offset >= 0 && length >= 0 && offset + length <= archive.count ? Array(archive[offset..<(offset + length)]) : nil
        }
        return [("demo-basemap.pmtiles", archive), ("main-street.mvt", try #require(reader.tile(TileID(z: 17, x: 68246, y: 46132))))]
    }

    /// The names index of a short street, as the fuzz target reads it: the vocabulary, a zero
    /// byte, the first bucket.
    static func namesIndex() throws -> [UInt8] {
        let files = NamesIndex.files(for: NorthwardStreet.panoramas(count: 5))
        let words = try #require(files.first { $0.path == NamesIndex.wordsPath })
        let bucket = try #require(files.first { $0.path == "names/0.tsv" })
        return [UInt8](words.bytes) + [0] + [UInt8](bucket.bytes)
    }

    @Test("the seed corpora are what the encoders make (SIDEWALK_RECORD_GOLDENS=1 writes them)")
    func seedsAreCurrent() throws {
        let recording = ProcessInfo.processInfo.environment["SIDEWALK_RECORD_GOLDENS"] == "1"
        for (target, files) in try Self.seeds() {
            let folder = Self.corpus.appendingPathComponent(target)
            for (name, bytes) in files {
                let url = folder.appendingPathComponent(name)
                if recording {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                    Issue.record("recorded \(url.path)")
                } else {
                    #expect(try [UInt8](Data(contentsOf: url)) == bytes, "\(target)/\(name) is stale: record the goldens again")
                }
            }
        }
    }

    @Test(
        "every saved input, seeds and findings alike, replays through its target without a finding",
        arguments: [
            "manifest", "metadata", "jpeg", "png", "url", "sanitizer", "panoramax", "script", "names", "mvt", "cast", "mbtiles", "suite",
            "mapillary"
        ])
    func replay(target: String) throws {
        let folder = Self.corpus.appendingPathComponent(target)
        let run = try Subprocess.run([BuiltProducts.directory.appendingPathComponent("sidewalk-fuzz").path, target, folder.path])
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 0, "\(output)\(String(decoding: run.standardError, as: UTF8.self))")
        let count = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
        #expect(output.contains("\(target): \(count) inputs replayed, no finding"), "\(output)")
    }
}
