import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing

@testable import Datasets

/// Photos without GPS placed on a GPS track by when they were taken.
@Suite("GPX tracks")
struct GPXTrackTests {
    static let start = Coordinate(latitude: 46.9479, longitude: 7.4474)!
    /// 2024-06-21 10:00:00 UTC.
    static let tenUTC = 1_718_964_000.0

    /// A GPX 1.1 track with a prefix on its namespace: three fixes, 100 s apart, walking east
    /// 20 m each, then a gap of 20 minutes before a fourth.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1" creator="test">
          <g:trk><g:name>walk</g:name><g:trkseg>
            <g:trkpt lat="\(start.latitude)" lon="\(start.longitude)"><g:ele>540</g:ele><g:time>2024-06-21T10:00:00Z</g:time></g:trkpt>
            <g:trkpt lat="\(at(20).latitude)" lon="\(at(20).longitude)"><g:time>2024-06-21T12:01:40+02:00</g:time></g:trkpt>
            <g:trkpt lat="\(at(40).latitude)" lon="\(at(40).longitude)"><g:time>2024-06-21T10:03:20.000Z</g:time></g:trkpt>
            <g:trkpt lat="\(at(180).latitude)" lon="\(at(180).longitude)"><g:time>2024-06-21T10:23:20Z</g:time></g:trkpt>
          </g:trkseg></g:trk>
        </g:gpx>
        """

    static func at(_ metresEast: Double) -> Coordinate { start.offset(by: metresEast, bearing: 90) }

    @Test("times: EXIF local time with its zone, ISO 8601 with Z, offsets and fractions")
    func times() {
        #expect(PhotoTime.exif("2024:06:21 12:00:00", offset: 7200) == Self.tenUTC)
        #expect(PhotoTime.iso8601("2024-06-21T10:00:00Z") == Self.tenUTC)
        #expect(PhotoTime.iso8601("2024-06-21T05:30:00.5-04:30") == Self.tenUTC + 0.5)
        #expect(PhotoTime.iso8601("2024-06-21T10:00:00") == Self.tenUTC, "no zone: UTC")
        #expect(PhotoTime.exif("1970:01:01 00:00:00", offset: 0) == 0)
        #expect(PhotoTime.exif("2000:03:01 00:00:00", offset: 0) == 951_868_800, "after a century leap day")
        for bad in ["2024-06-21", "2024-13-01T00:00:00Z", "2024-06-21T10:00:00+25:00", "2024-06-21T10:00:00Zjunk", "2024-06-21T1x:00:00Z"] {
            #expect(PhotoTime.iso8601(bad) == nil, "\(bad)")
        }
        #expect(
            PhotoTime.offsetSeconds("-05:30") == -19800 && PhotoTime.offsetSeconds("+0200") == 7200 && PhotoTime.offsetSeconds("2") == nil)
        #expect(GPXTrack.clock(Self.tenUTC + 61) == "2024-06-21 10:01:01 UTC")
    }

    @Test("a photo is placed between the fixes around it, at an end fix within a minute, and not in a gap or off the track")
    func placing() throws {
        let track = try GPXTrack.parse(Array(Self.gpx.utf8), name: "walk.gpx")
        #expect(track.fixes.count == 4 && track.fixes[1].time == Self.tenUTC + 100, "12:01:40+02:00 is 10:01:40 UTC")
        func place(_ seconds: Double) -> Coordinate? { try? track.place(at: Self.tenUTC + seconds).get() }
        #expect(try #require(place(150)).distance(to: Self.at(30)) < 0.1)
        #expect(try #require(place(-30)).distance(to: Self.start) < 0.01)
        #expect(try #require(place(1400 + 50)).distance(to: Self.at(180)) < 0.01)
        guard case .failure(let gap) = track.place(at: Self.tenUTC + 600) else {
            Issue.record("a 20-minute gap places nothing")
            return
        }
        #expect(gap.reason == "taken at 2024-06-21 10:10:00 UTC, in a 1200 s gap in the track")
        guard case .failure(let outside) = track.place(at: Self.tenUTC - 3600) else {
            Issue.record("an hour early is off the track")
            return
        }
        #expect(
            outside.reason == "taken at 2024-06-21 09:00:00 UTC, outside the track (2024-06-21 10:00:00 UTC to 2024-06-21 10:23:20 UTC)")
    }

    @Test(
        "a track that cannot be used is one line naming the file and what is wrong",
        arguments: [
            (
                "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-06-21T10:00:00Z</time></trkpt>",
                "not well-formed GPX (or it declares a DOCTYPE)"
            ),
            ("<!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx/>", "not well-formed GPX (or it declares a DOCTYPE)"),
            ("<gpx><trkpt lat=\"north\" lon=\"2\"/></gpx>", "track point 1 has no valid lat and lon"),
            ("<gpx><trkpt lat=\"91\" lon=\"2\"/></gpx>", "track point 1 has no valid lat and lon"),
            (
                "<gpx><trkpt lat=\"1\" lon=\"2\"/><wpt lat=\"1\" lon=\"2\"><time>2024-06-21T10:00:00Z</time></wpt></gpx>",
                "no track point with a time"
            ),
            ("<gpx><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt></gpx>", "track point 1 has a time that is not ISO 8601")
        ])
    func badTracks(text: String, problem: String) {
        #expect(throws: GPXTrack.Failure.self) { try GPXTrack.parse(Array(text.utf8), name: "t.gpx") }
        do { _ = try GPXTrack.parse(Array(text.utf8), name: "t.gpx") } catch {
            #expect(error.description == "t.gpx: \(problem)")
        }
    }

    @Test(
        "importing with a track: photos without GPS go where the track was, by their own zone or the one given; others are skipped with the reason"
    )
    func importAlongATrack() throws {
        let source = try ImportTests.folder()
        let output = try ImportTests.folder().appendingPathComponent("dataset")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 128, height: 64))
        let photos: [(String, [UInt8])] = [
            ("a.jpg", TestPhotoMetadata.exif(dateTimeOriginal: "2024:06:21 12:00:50", offsetTimeOriginal: "+02:00")),
            ("b.jpg", TestPhotoMetadata.exif(dateTimeOriginal: "2024:06:21 13:02:30")),
            ("late.jpg", TestPhotoMetadata.exif(dateTimeOriginal: "2024:06:21 14:00:00", offsetTimeOriginal: "+02:00")),
            ("undated.jpg", [])
        ]
        for (name, exif) in photos {
            try Data(TestPhotoMetadata.insert(exif.isEmpty ? [] : [exif], into: jpeg)).write(to: source.appendingPathComponent(name))
        }
        let track = try GPXTrack.parse(Array(Self.gpx.utf8), name: "walk.gpx")
        let report = try PhotoImporter.importFolder(source, into: output, placement: PhotoPlacement(track: track, zoneOffset: 3 * 3600))
        #expect(report.imported.map(\.id).sorted() == ["a", "b"])
        #expect(try #require(report.imported.first { $0.id == "a" }).coordinate.distance(to: Self.at(10)) < 0.1, "12:00:50+02:00, 50 s in")
        #expect(
            try #require(report.imported.first { $0.id == "b" }).coordinate.distance(to: Self.at(30)) < 0.1,
            "13:02:30 at --time-zone +03:00")
        #expect(report.imported.first { $0.id == "a" }?.links.map(\.target) == ["b"], "20 m apart along the track: linked")
        #expect(Dictionary(uniqueKeysWithValues: report.skipped)["late.jpg"]?.contains("outside the track") == true)
        #expect(
            Dictionary(uniqueKeysWithValues: report.skipped)["undated.jpg"]
                == "no GPS position and no capture time (DateTimeOriginal) to find on the track")
    }
}
