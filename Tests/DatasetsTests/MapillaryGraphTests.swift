import Foundation
import PanoCore
import RemoteData
import StreetModel
import SystemIO
import TestSupport
import Testing

@testable import Datasets

/// Mapillary walked as a dataset against the loopback graph API (MapillaryFixture): the start,
/// its ways made on the client, the walk's reading ahead, and the pictures through the source.
@Suite("Mapillary walked as a dataset")
struct MapillaryGraphTests {
    private func cache(_ fixture: MapillaryFixture, offline: Bool = false, retries: Int? = nil) -> HTTPCache {
        var client = HTTPClient(timeout: 2)
        if let retries { client.retries = retries }
        return HTTPCache(folder: fixture.folder.appendingPathComponent("cache").path, offline: offline, client: client)
    }

    private func open(
        _ fixture: MapillaryFixture, near place: Coordinate? = MapillaryFixture.first, image: String? = nil, allPictures: Bool = false,
        offline: Bool = false, token: String = MapillaryFixture.token
    ) throws -> Dataset {
        try Dataset.open(
            mapillary: fixture.server, token: Secret(token)!, near: image == nil ? place : nil, radius: 50, image: image,
            allPictures: allPictures, cache: cache(fixture, offline: offline))
    }

    /// Reads what the walk would read next around `id`, as the explorer's follower does.
    private func readAround(_ dataset: Dataset, _ id: String) throws -> Dataset {
        let panorama = try #require(dataset.service.panorama(id: id))
        return try dataset.readingPictures(dataset.source!.unread(around: panorama, in: dataset.service))
    }

    @Test("near a place: the nearest 360° image, credited, facing its heading, its way along the sequence read with it")
    func start() throws {
        let fixture = try MapillaryFixture()
        let dataset = try open(fixture)
        let start = try #require(dataset.service.panorama(id: dataset.startID))
        #expect(start.id == "1001" && start.copyright == "Mapillary · @lindenfeld · CC BY-SA 4.0" && start.captureDate == "2024-06-21")
        #expect(start.centerHeading == 90 && start.initialView?.orientation?.heading == 90)
        #expect(start.links.map(\.target) == ["1002"] && abs(start.links[0].heading - 90) < 1)
        // The flat picture beside 1002 is no way: only 360° images are walked.
        #expect(dataset.service.panoramas.allSatisfy { $0.id != "3001" })
        #expect(!start.imagePath.contains("http") && !start.imagePath.contains("oh="))
    }

    @Test("walked to the crossing: both ways along Main Street and the other sequence's ways, one each way and date")
    func crossing() throws {
        let fixture = try MapillaryFixture()
        var dataset = try open(fixture, image: "1004")
        let here = try #require(dataset.service.panorama(id: "1004"))
        #expect(Set(here.links.map(\.target)) == ["1003", "1005", "2002", "2001"])
        // Every way leads somewhere at once, before the pictures there are read.
        #expect(here.links.allSatisfy { dataset.service.panorama(id: $0.target) != nil })
        let crossing = try #require(here.links.first { $0.target == "2002" })
        #expect(crossing.description == "another sequence (2023-01-15)" && abs(crossing.heading) < 1)
        dataset = try readAround(dataset, "1004")
        let across = try #require(dataset.service.panorama(id: "2002"))
        #expect(Set(across.links.map(\.target)).isSuperset(of: ["2001", "2003", "1004"]))
    }

    @Test("walked along: each image read keeps its ways as the next are read")
    func walkAlong() throws {
        let fixture = try MapillaryFixture()
        var dataset = try open(fixture)
        for id in MapillaryFixture.main {
            dataset = try readAround(dataset, id)
            let here = try #require(dataset.service.panorama(id: id))
            #expect(!here.links.isEmpty, "\(id) has no ways; read: \(dataset.service.panoramas.map { "\($0.id):\($0.links.count)" })")
        }
    }

    @Test("a picture is read through the source, by id and size, and an expired address is renewed")
    func picture() throws {
        let fixture = try MapillaryFixture(urls: "first-expired")
        let dataset = try open(fixture)
        let start = try #require(dataset.service.panorama(id: "1001"))
        #expect(start.imagePath == "mapillary:1001/2048")
        let bytes = try dataset.read(start.imagePath, limit: 8 << 20)
        let demo = try Data(contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo/images/main-0.jpg"))
        #expect(Data(bytes) == demo)
        _ = try dataset.load(start)
        #expect(throws: FileError.self) { try dataset.read("mapillary:../etc/2048", limit: 100) }
    }

    @Test("a flat picture by id: one line naming it, unless all pictures are walked; then it sits at its field of view")
    func flat() throws {
        let fixture = try MapillaryFixture()
        // Focal 0.8 of the larger side: 2·atan(1 / 1.6), 64.0°.
        let wide = 2 * atan(1 / 1.6) * 180 / Double.pi
        do {
            _ = try open(fixture, image: "3001")
            Issue.record("a flat picture opened")
        } catch {
            guard case .flatPicture(let address, let fieldOfView?) = error as? DatasetError else { return #expect(Bool(false), "\(error)") }
            #expect(address == "Mapillary image 3001" && abs(fieldOfView - wide) < 1e-9)
        }
        let all = try open(fixture, image: "3001", allPictures: true)
        let crop = try #require(all.service.panorama(id: "3001")?.crop)
        #expect(crop.fullHeight == Int((2048 * 180 / wide).rounded()) && crop.fullWidth == 2 * crop.fullHeight)
        #expect(abs(crop.fullHeight - 2 * crop.top - 1536) <= 1)
    }

    @Test("offline, a walk read before is walked again from the cache, with no request")
    func offline() throws {
        let fixture = try MapillaryFixture()
        var dataset = try open(fixture)
        for id in ["1001", "1002", "1003"] { dataset = try readAround(dataset, id) }
        for panorama in dataset.service.panoramas.prefix(3) { _ = try dataset.read(panorama.imagePath, limit: 8 << 20) }
        let asked = fixture.requests().count
        var again = try open(fixture, offline: true)
        for id in ["1001", "1002", "1003"] { again = try readAround(again, id) }
        #expect(again.service.panorama(id: "1004") != nil)
        #expect(try again.read("mapillary:1002/2048", limit: 8 << 20).count > 1000)
        #expect(fixture.requests().count == asked)
    }

    @Test("a refused token is one request and one line; a stalled answer gives up within its time")
    func faults() throws {
        let fixture = try MapillaryFixture()
        #expect(throws: DatasetError.tokenRefused(service: "Mapillary", status: 401)) { try open(fixture, token: "MLY|9|nope") }
        #expect(fixture.requests().count == 1)
        #expect(throws: DatasetError.self) {
            try Dataset.open(
                mapillary: fixture.server, token: Secret(MapillaryFixture.token)!, near: nil, radius: 50, image: "9300", allPictures: false,
                cache: cache(fixture, retries: 0))
        }
    }
}
