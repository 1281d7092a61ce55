import Foundation
import PanoCore
import RemoteData
import TestSupport
import Testing

@testable import Datasets

extension MapillaryFixture {
    /// The server as a `MapillaryServer`: graph API and tiles both here.
    var server: MapillaryServer { MapillaryServer(graph: address, tiles: address)! }
}

@Suite("Mapillary's graph API asked")
struct MapillaryClientTests {
    private func client(_ fixture: MapillaryFixture, token: String = MapillaryFixture.token) -> MapillaryClient {
        let cache = HTTPCache(folder: fixture.folder.appendingPathComponent("cache").path, client: HTTPClient(timeout: 5))
        return MapillaryClient(server: fixture.server, cache: cache, token: Secret(token)!)
    }

    @Test("an image by id, asked with the token in an OAuth header, never in the address")
    func imageByID() throws {
        let fixture = try MapillaryFixture()
        let image = try client(fixture).image("1003")
        #expect(image.id == "1003" && image.sequence == "seq-main" && image.isPanorama && image.heading == 90)
        #expect(image.creator == "lindenfeld" && image.capturedDay == "2024-06-21")
        let requests = fixture.requests()
        #expect(requests.count == 1 && requests[0].authorised)
        #expect(requests[0].path.hasPrefix("/1003?fields=id,geometry,computed_geometry,"))
        #expect(!requests[0].path.contains("4142433049200173"))
    }

    @Test("a search near a place asks in boxes the API answers, and gives each image once, nearest first")
    func searchNear() throws {
        let fixture = try MapillaryFixture()
        let found = try client(fixture).search(near: MapillaryFixture.first, radius: 30)
        #expect(found.map(\.id) == ["1001", "1002", "3001", "1003"])
        let wide = try client(fixture).search(near: MapillaryFixture.first, radius: 500)
        #expect(Set(wide.map(\.id)) == Set(MapillaryFixture.main + MapillaryFixture.cross + ["3001", "4001", "4002", "4003"]))
        let searches = fixture.requests().filter { $0.path.hasPrefix("/images?") }
        // 30 m is one box; 500 m takes a grid of 0.005° boxes, none refused as too large.
        #expect(searches.count == 1 + MapillaryClient.boxes(around: MapillaryFixture.first, radius: 500).count)
        #expect(searches.allSatisfy { $0.authorised })
    }

    @Test("the boxes cover the circle, each within the API's size, at most 36")
    func boxes() {
        for radius in [1.0, 30, 300, 1000] {
            let boxes = MapillaryClient.boxes(around: MapillaryFixture.first, radius: radius)
            #expect(!boxes.isEmpty && boxes.count <= MapillaryClient.mostBoxes)
            #expect(
                boxes.allSatisfy {
                    $0.east - $0.west <= MapillaryServer.searchSide + 1e-12 && $0.north - $0.south <= MapillaryServer.searchSide + 1e-12
                })
            let span = radius / 111_320
            #expect(boxes.map(\.south).min()! <= MapillaryFixture.first.latitude - span + 1e-9)
            #expect(boxes.map(\.north).max()! >= MapillaryFixture.first.latitude + span - 1e-9)
        }
    }

    @Test("a sequence's ids in capture order")
    func sequence() throws {
        let fixture = try MapillaryFixture()
        #expect(try client(fixture).sequence("seq-main") == MapillaryFixture.main)
        #expect(try client(fixture).sequence("seq-none") == [])
    }

    @Test("a refused token is one request and one line, never retried, the token in neither")
    func refusedToken() throws {
        let fixture = try MapillaryFixture()
        #expect(throws: DatasetError.tokenRefused(service: "Mapillary", status: 401)) {
            try client(fixture, token: "MLY|1|wrongwrongwrong").image("1001")
        }
        #expect(fixture.requests().count == 1)
        #expect(!DatasetError.tokenRefused(service: "Mapillary", status: 401).description.contains("wrong"))
    }

    @Test("an answer is used again without asking; asked afresh when told to; a 429 waited out; a 500 and broken JSON are errors")
    func faults() throws {
        let fixture = try MapillaryFixture()
        let client = client(fixture)
        _ = try client.image("1002")
        _ = try client.image("1002")
        #expect(fixture.requests().count == 1)
        _ = try client.image("1002", refresh: true)
        #expect(fixture.requests().count == 2)
        #expect(try client.image("9429").id == "9429")
        #expect(fixture.requests().filter { $0.path.hasPrefix("/9429?") }.count == 2)
        #expect(throws: DatasetError.web(.status(url: fixture.server.imageAddress("9500"), code: 500))) { try client.image("9500") }
        do {
            _ = try client.image("9999")
            Issue.record("broken JSON taken")
        } catch {
            guard case .notJSON = error else { return #expect(Bool(false), "\(error)") }
        }
    }

    @Test("a picture is kept under its image's id and size; an expired address is read afresh once, then the picture")
    func pictures() throws {
        let fixture = try MapillaryFixture(urls: "first-expired")
        let client = client(fixture)
        let image = try client.image("1002")
        let jpeg = try client.picture(of: image)
        let demo = try Data(contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo/images/main-1.jpg"))
        #expect(Data(jpeg) == demo)
        let paths = fixture.requests().map(\.path)
        #expect(paths.count == 4)
        #expect(
            paths[1].hasPrefix("/thumbs/1002-2048.jpg?") && paths[2].hasPrefix("/1002?") && paths[3].hasPrefix("/thumbs/1002-2048.jpg?"))
        // Under its id: the old, expired address finds it in the cache with no request.
        #expect(try client.picture(of: image) == jpeg)
        #expect(fixture.requests().count == 4)
        // Expired for good (another image, every address of it already gone): one line, not a loop.
        let gone = try MapillaryFixture(urls: "-5")
        let goneClient = self.client(gone)
        let stale = try goneClient.image("1003")
        #expect(throws: DatasetError.self) { try goneClient.picture(of: stale) }
        #expect(gone.requests().count == 4)
    }

    @Test("the HTTP cache holds what was read and not the token, in no file and no name")
    func cacheHoldsNoToken() throws {
        let fixture = try MapillaryFixture()
        let client = client(fixture)
        _ = try client.image("1001")
        _ = try client.search(near: MapillaryFixture.first, radius: 20)
        _ = try client.sequence("seq-main")
        let folder = fixture.folder.appendingPathComponent("cache").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count >= 3)
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(bytes.range(of: Data("4142433049200173".utf8)) == nil && !name.contains("4142433049200173"))
        }
    }
}
