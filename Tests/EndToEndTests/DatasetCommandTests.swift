import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@Suite("Datasets from the command line")
struct DatasetCommandTests {
    @Test("tile says how many tiles it wrote, and how many were there already only when some were")
    func tileCounts() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-tiled-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let plaza = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/default-panorama.png").path
        // Before, a fresh folder was told "11 tiles written, the rest already there".
        let first = try ProgramRun.sidewalk(["tile", plaza, "--output", output])
        #expect(first.standardOutput == "tiled 1 of 1 panoramas into \(output): 11 tiles written\n", "\(first.standardOutput)")
        let again = try ProgramRun.sidewalk(["tile", plaza, "--output", output])
        #expect(again.standardOutput == "tiled 1 of 1 panoramas into \(output): 0 tiles written, 11 already there\n")
    }

    @Test("info summarises a valid dataset")
    func infoValid() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let run = try ProgramRun.sidewalk(["info", try fixture.write(DatasetFixture.validManifest())])
        #expect(run.status == 0, "\(run.standardError)")
        let out = run.standardOutput
        #expect(out.contains("Test street (valid)"))
        #expect(out.contains("panoramas:  3 (2 outdoor, 1 indoor), start 'b'"))
        #expect(out.contains("links:      4"))
        #expect(out.contains("building:   museum, levels 1"))
        #expect(out.contains("dates:      2024-06"))
        #expect(out.contains("markers:    1"))
    }

    @Test("info lists every problem of an invalid dataset, with its JSON path, and exits 1")
    func infoInvalid() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        panoramas[0]["lat"] = 100
        panoramas[2]["date"] = "later"
        manifest["panoramas"] = panoramas
        let run = try ProgramRun.sidewalk(["info", try fixture.write(manifest)])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("invalid, 2 problems"))
        #expect(run.standardOutput.contains("$.panoramas[0].lat: 100 is outside -90...90"))
        #expect(run.standardOutput.contains("$.panoramas[2].date: must be a real date as YYYY-MM or YYYY-MM-DD, not 'later'"))
    }

    @Test("a snapshot of a dataset panorama faces by its centre heading")
    func snapshotByID() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let output = fixture.folder.appendingPathComponent("view.png").path
        // Panorama b's image centre (red in the synthetic panorama) faces east.
        let run = try ProgramRun.sidewalk(["snapshot", folder, "--pano", "b", "--heading", "90", "--size", "32x18", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try ImageDecoder.decodeFile(output)[16, 9] == SyntheticPanorama.north)
    }

    @Test("a panorama's initial view is where a snapshot looks unless --heading or --pitch say otherwise")
    func initialView() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        panoramas[0]["initialView"] = ["heading": 180, "pitch": 0]
        manifest["panoramas"] = panoramas
        let folder = try fixture.write(manifest)
        let out = fixture.folder.appendingPathComponent("v.png").path
        func centre(_ extra: [String]) throws -> RGB {
            let run = try ProgramRun.sidewalk(["snapshot", folder, "--pano", "a", "--size", "16x9", "--output", out] + extra)
            #expect(run.status == 0, "\(run.standardError)")
            return try ImageDecoder.decodeFile(out)[8, 4]
        }
        #expect(try centre([]) == SyntheticPanorama.south, "starts facing the initial view, south")
        #expect(try centre(["--heading", "90"]) == SyntheticPanorama.east)
    }

    @Test("near a place: the nearest panorama, or 'No street-level imagery available' and status 3")
    func snapshotNearPlace() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let output = fixture.folder.appendingPathComponent("near.png").path
        let near = try ProgramRun.sidewalk(["snapshot", folder, "--at", "48.20001,16.37", "--size", "8x8", "--output", output])
        #expect(near.status == 0, "\(near.standardError)")
        let far = try ProgramRun.sidewalk(["snapshot", folder, "--at", "48.3,16.37", "--radius", "200", "--output", output])
        #expect(far.status == 3)
        // 0.1° of latitude north of panorama a: 11.1 km.
        #expect(
            far.errorLines == [
                "sidewalk: No street-level imagery available within 200 m of 48.3,16.37; nearest imagery 11 km south, Main Street 1"
            ])
        let indoorOnly = try ProgramRun.sidewalk([
            "snapshot", folder, "--at", "48.2,16.3704", "--radius", "5", "--source", "outdoor", "--output", output
        ])
        #expect(indoorOnly.status == 3, "only the indoor panorama is within 5 m")
    }

    @Test("an unknown id, --pano with an image, and --pano with --at are refused")
    func refusals() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let folder = try fixture.write(DatasetFixture.validManifest())
        let out = fixture.folder.appendingPathComponent("x.png").path
        let unknown = try ProgramRun.sidewalk(["snapshot", folder, "--pano", "zzz", "--output", out])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines.first?.hasSuffix("no panorama with id 'zzz'") == true)
        let image = try ProgramRun.sidewalk([
            "snapshot", fixture.folder.appendingPathComponent("images/a.png").path, "--pano", "a", "--output", out
        ])
        #expect(image.status == 2)
        let both = try ProgramRun.sidewalk(["snapshot", folder, "--pano", "a", "--at", "48.2,16.37", "--output", out])
        #expect(both.status == 2)
        let badPlace = try ProgramRun.sidewalk(["snapshot", folder, "--at", "north pole", "--output", out])
        #expect(badPlace.status == 2)
    }
}

@Suite("sidewalk import")
struct ImportCommandTests {
    @Test("an imported photo and the photo opened alone show the same view at each heading: both face PoseHeadingDegrees")
    func headingFollowsPose() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-cli-\(UUID().uuidString)")
        let photos = work.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 256, height: 128), quality: 95)
        let photo = TestPhotoMetadata.insert(
            [
                TestPhotoMetadata.exif(latitude: 59.3293, longitude: 18.0686, dateTimeOriginal: "2022:08:15 12:00:00"),
                TestPhotoMetadata.xmp([("ProjectionType", "equirectangular"), ("PoseHeadingDegrees", "123")])
            ], into: jpeg)
        let raw = photos.appendingPathComponent("plaza.jpg").path
        try Data(photo).write(to: URL(fileURLWithPath: raw))
        let dataset = work.appendingPathComponent("dataset").path

        let imported = try ProgramRun.sidewalk(["import", photos.path, "--output", dataset])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("imported 1 panoramas"))

        let throughDataset = work.appendingPathComponent("a.png").path
        let fromRaw = work.appendingPathComponent("b.png").path
        for (heading, pitch) in [(200.0, 10.0), (5.0, -20.0)] {
            let a = try ProgramRun.sidewalk([
                "snapshot", dataset, "--pano", "plaza", "--heading", "\(heading)", "--pitch", "\(pitch)",
                "--size", "64x36", "--output", throughDataset
            ])
            let b = try ProgramRun.sidewalk([
                "snapshot", raw, "--heading", "\(heading)", "--pitch", "\(pitch)",
                "--size", "64x36", "--output", fromRaw
            ])
            #expect(a.status == 0 && b.status == 0, "\(a.standardError) \(b.standardError)")
            #expect(try ImageDecoder.decodeFile(throughDataset) == ImageDecoder.decodeFile(fromRaw), "heading \(heading)")
        }
    }

    @Test("a folder with nothing placeable fails with one line and reasons")
    func nothingPlaceable() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))).write(to: work.appendingPathComponent("x.jpg"))
        let run = try ProgramRun.sidewalk(["import", work.path, "--output", work.appendingPathComponent("out").path])
        #expect(run.status == 1)
        #expect(
            run.errorLines.first
                == "skipped x.jpg: no GPS position in its EXIF data (--place LAT,LNG or --track FILE.gpx places such photos)")
        #expect(run.errorLines.last?.hasSuffix("no photo could be placed, so nothing was written") == true)
    }

    @Test("--track places a photo without GPS by its capture time; a bad track or zone is one line and a non-zero exit")
    func alongATrack() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-track-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let photos = work.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        try Data(TestPhotoMetadata.insert([TestPhotoMetadata.exif(dateTimeOriginal: "2024:06:21 10:00:30")], into: jpeg))
            .write(to: photos.appendingPathComponent("walk.jpg"))
        let track = work.appendingPathComponent("walk.gpx")
        try Data(
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
            <trkpt lat="46.9479" lon="7.4474"><time>2024-06-21T08:00:00Z</time></trkpt>
            <trkpt lat="46.9479" lon="7.4484"><time>2024-06-21T08:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """.utf8
        ).write(to: track)
        let output = work.appendingPathComponent("out").path
        let run = try ProgramRun.sidewalk(["import", photos.path, "--track", track.path, "--time-zone", "+02:00", "--output", output])
        #expect(run.status == 0, "\(run.standardError)")
        let info = try ProgramRun.sidewalk(["info", output, "--pano", "walk"])
        #expect(info.standardOutput.contains("place:    46.9479,7.4479,"), "half way along the track: \(info.standardOutput)")
        let badZone = try ProgramRun.sidewalk(["import", photos.path, "--track", track.path, "--time-zone", "CEST", "--output", output])
        #expect(
            badZone.status == 2 && badZone.errorLines.first?.contains("'CEST' is not a zone like +02:00 or -05:30") == true,
            "\(badZone.standardError)")
        let missing = try ProgramRun.sidewalk([
            "import", photos.path, "--track", work.appendingPathComponent("none.gpx").path, "--output", output
        ])
        #expect(
            missing.status == 1 && missing.errorLines == ["sidewalk: \(work.appendingPathComponent("none.gpx").path): no such file"],
            "\(missing.standardError)")
    }
}

@Suite("sidewalk info --deep")
struct DeepInfoTests {
    @Test("a truncated image passes the manifest's checks but not --deep, which names it and exits 1")
    func truncatedImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-deep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo"), to: folder)
        let image = folder.appendingPathComponent("images/main-3.jpg")
        let bytes = try Data(contentsOf: image)
        try bytes.prefix(bytes.count / 2).write(to: image)
        let shallow = try ProgramRun.sidewalk(["info", folder.path])
        #expect(shallow.status == 0)
        let deep = try ProgramRun.sidewalk(["info", folder.path, "--deep"], timeLimit: 120)
        #expect(deep.status == 1)
        #expect(deep.standardOutput.contains("images:     32 decoded, 1 broken"), "\(deep.standardOutput)")
        #expect(deep.standardOutput.contains("  main-3: images/main-3.jpg: corrupt JPEG"), "\(deep.standardOutput)")
    }
}
