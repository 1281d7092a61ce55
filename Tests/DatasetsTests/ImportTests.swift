import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

@Suite("Importing folders of 360° photos")
struct ImportTests {
    static let origin = Coordinate(latitude: 46.947_9, longitude: 7.447_4)!

    /// A camera-like photo: a 2:1 (or given) JPEG with EXIF GPS and date, and optional GPano XMP.
    static func photo(
        at coordinate: Coordinate?, pose: Double? = nil, projection: String? = nil,
        width: Int = 128, height: Int = 64
    ) throws -> [UInt8] {
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: width, height: height))
        var payloads: [[UInt8]] = []
        if let coordinate {
            payloads.append(
                TestPhotoMetadata.exif(
                    latitude: coordinate.latitude, longitude: coordinate.longitude,
                    dateTimeOriginal: "2024:06:21 10:30:00"))
        }
        var properties: [(String, String)] = []
        if let projection { properties.append(("ProjectionType", projection)) }
        if let pose { properties.append(("PoseHeadingDegrees", String(pose))) }
        if !properties.isEmpty { payloads.append(TestPhotoMetadata.xmp(properties)) }
        return TestPhotoMetadata.insert(payloads, into: jpeg)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("photos are placed at their EXIF position, face their GPano heading, and link to neighbours; others are reported")
    func importFolder() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let east = Self.origin.offset(by: 12, bearing: 90)
        let west = Self.origin.offset(by: 12, bearing: 270)
        let files: [(String, [UInt8])] = [
            ("Street 1.jpg", try Self.photo(at: Self.origin, pose: 30, projection: "equirectangular")),
            ("street-2.JPG", try Self.photo(at: east, pose: 200)),
            ("street-3.jpeg", try Self.photo(at: west)),
            ("no-gps.jpg", try Self.photo(at: nil, pose: 10)),
            ("flat.jpg", try Self.photo(at: Self.origin, width: 96, height: 72)),
            ("cylinder.jpg", try Self.photo(at: Self.origin, projection: "cylindrical"))
        ]
        for (name, bytes) in files { try Data(bytes).write(to: source.appendingPathComponent(name)) }

        let report = try PhotoImporter.importFolder(source, into: output)
        #expect(report.imported.map(\.id) == ["street-1", "street-2", "street-3"])
        #expect(
            Dictionary(uniqueKeysWithValues: report.skipped) == [
                "no-gps.jpg": "no GPS position in its EXIF data (--place LAT,LNG or --track FILE.gpx places such photos)",
                "flat.jpg": "not a 360° photo: 96×72 is not 2:1 and no GPano cropped area says where it lies",
                "cylinder.jpg": "its GPano projection is 'cylindrical', not equirectangular"
            ])
        let dataset = try Dataset.open(output.path)
        let first = try #require(dataset.service.panorama(id: "street-1"))
        #expect(first.coordinate.distance(to: Self.origin) < 0.01, "position from EXIF GPS")
        #expect(first.centerHeading == 30, "centre heading from GPano PoseHeadingDegrees")
        #expect(first.captureDate == "2024-06-21")
        #expect(dataset.service.panorama(id: "street-2")?.centerHeading == 200)
        #expect(Set(first.links.map(\.target)) == ["street-2", "street-3"])
        let toEast = try #require(first.links.first { $0.target == "street-2" })
        #expect(abs(toEast.heading - 90) < 0.1)

        let manifest = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        _ = try PhotoImporter.importFolder(source, into: output)
        #expect(try Data(contentsOf: output.appendingPathComponent("manifest.json")) == manifest, "running again gives the same result")
    }

    @Test("links never point two ways in nearly the same direction: the nearer neighbour wins")
    func linkSeparation() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let near = Self.origin.offset(by: 8, bearing: 90)
        let farSameWay = Self.origin.offset(by: 20, bearing: 100)
        for (name, place) in [("a.jpg", Self.origin), ("b.jpg", near), ("c.jpg", farSameWay)] {
            try Data(try Self.photo(at: place)).write(to: source.appendingPathComponent(name))
        }
        let report = try PhotoImporter.importFolder(source, into: output)
        #expect(report.imported.first { $0.id == "a" }?.links.map(\.target) == ["b"])
    }

    @Test("two photos at the same place (within a metre) are never linked to each other as a way")
    func samePlaceIsNotAWay() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let beside = Self.origin.offset(by: 0.4, bearing: 10)
        let along = Self.origin.offset(by: 10, bearing: 90)
        for (name, place) in [("a.jpg", Self.origin), ("a-again.jpg", beside), ("b.jpg", along)] {
            try Data(try Self.photo(at: place)).write(to: source.appendingPathComponent(name))
        }
        let report = try PhotoImporter.importFolder(source, into: output)
        #expect(report.imported.first { $0.id == "a" }?.links.map(\.target) == ["b"])
        #expect(report.imported.first { $0.id == "a-again" }?.links.map(\.target) == ["b"])
    }

    @Test("file names that clean to the same id get distinct ids, none starting with a dash (an option on the command line)")
    func distinctIDs() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let names = ["+45.jpg", "-45.jpg", "45.jpg", "--45.jpg", "Ä b.jpg", "ä-b.jpg", "_.jpg", "-.jpg"]
        for (index, name) in names.enumerated() {
            try Data(try Self.photo(at: Self.origin.offset(by: Double(index) * 50, bearing: 0))).write(
                to: source.appendingPathComponent(name))
        }
        let ids = try PhotoImporter.importFolder(source, into: output).imported.map(\.id)
        #expect(ids.count == names.count && Set(ids).count == names.count, "\(ids)")
        #expect(ids.allSatisfy { !$0.hasPrefix("-") && !$0.isEmpty }, "\(ids)")
        #expect(Set(try Dataset.open(output.path).service.panoramas.map(\.id)) == Set(ids), "the manifest keeps them")
    }

    @Test("photos without GPS are placed at --place instead of skipped; with GPS they keep their own")
    func placeForPhotosWithoutGPS() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let elsewhere = Self.origin.offset(by: 12, bearing: 90)
        for (name, place) in [("no-gps.jpg", nil), ("also-no-gps.jpg", nil), ("gps.jpg", elsewhere)] as [(String, Coordinate?)] {
            try Data(try Self.photo(at: place)).write(to: source.appendingPathComponent(name))
        }
        let skipped = try PhotoImporter.importFolder(source, into: output)
        #expect(skipped.imported.count == 1 && skipped.skipped.count == 2)
        #expect(skipped.skipped.allSatisfy { $0.reason.contains("--place LAT,LNG or --track FILE.gpx places such photos") })
        let placed = try PhotoImporter.importFolder(source, into: output, mode: .force, placement: PhotoPlacement(place: Self.origin))
        #expect(placed.imported.count == 3 && placed.skipped.isEmpty)
        #expect(placed.imported.first { $0.id == "no-gps" }?.coordinate == Self.origin)
        #expect(placed.imported.first { $0.id == "gps" }?.coordinate.distance(to: elsewhere) ?? 99 < 0.01)
        #expect(placed.imported.first { $0.id == "no-gps" }?.links.map(\.target) == ["gps"], "the two at --place are one place, not a way")
    }

    @Test("GPano read from attributes and from elements; EXIF south and west are negative")
    func metadataForms() throws {
        let source = try Self.folder()
        let output = try Self.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let southWest = Coordinate(latitude: -33.857, longitude: -70.651)!
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        let bytes = TestPhotoMetadata.insert(
            [
                TestPhotoMetadata.exif(
                    latitude: southWest.latitude, longitude: southWest.longitude, dateTimeOriginal: "2023:12:01 08:00:00"),
                TestPhotoMetadata.xmp(
                    [
                        ("ProjectionType", "equirectangular"), ("PoseHeadingDegrees", "271.5"),
                        ("InitialViewHeadingDegrees", "45"), ("InitialViewPitchDegrees", "-10"),
                        ("InitialHorizontalFOVDegrees", "60")
                    ], asElements: true)
            ], into: jpeg)
        try Data(bytes).write(to: source.appendingPathComponent("sw.jpg"))
        let report = try PhotoImporter.importFolder(source, into: output)
        let panorama = try #require(report.imported.first)
        #expect(panorama.coordinate.distance(to: southWest) < 0.01)
        #expect(panorama.centerHeading == 271.5)
        #expect(panorama.captureDate == "2023-12-01")
        let initialView = InitialView(orientation: Orientation(heading: 45, pitch: -10), fieldOfView: 60)
        #expect(panorama.initialView == initialView, "GPano's initial view")
        #expect(try Dataset.open(output.path).service.panorama(id: "sw")?.initialView == initialView)
    }
}
