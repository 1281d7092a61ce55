import Datasets
import Foundation
import PanoCore
import PanoImage
import StreetModel
import TestSupport
import Testing

@Suite("Dataset manifests")
struct ManifestTests {
    @Test("a valid manifest loads: panoramas, links (headings computed when omitted), markers, start")
    func validManifest() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let dataset = try Dataset.open(try fixture.write(DatasetFixture.validManifest()))
        #expect(dataset.name == "Test street")
        #expect(dataset.startID == "b")
        let service = dataset.service
        #expect(service.panoramas.map(\.id) == ["a", "b", "c"])
        let a = try #require(service.panorama(id: "a"))
        #expect(abs(a.links[0].heading - 90) < 0.01, "computed from the coordinates: due east")
        #expect(a.links[0].description == "Main Street")
        let b = try #require(service.panorama(id: "b"))
        #expect(abs(b.links[0].heading - 270) < 0.01)
        #expect(b.links[1].heading == 91.5, "given headings are kept")
        #expect(b.centerHeading == 90)
        let c = try #require(service.panorama(id: "c"))
        #expect(c.source == .indoor && c.building == "museum" && c.level == 1)
        #expect(service.markers.first?.title == "Café Aurora")
        let image = try dataset.load(b)
        #expect(image.centerHeading == 90)
    }

    /// Breaks one thing in the valid manifest and names the JSON path that must be reported.
    static let breakages: [(String, String, @Sendable (inout [String: Any]) -> Void)] = [
        ("unknown link target", "$.panoramas[0].links[0].target", { m in setLink(&m, 0, 0, "target", "nowhere") }),
        ("duplicate id", "$.panoramas[1].id", { m in setPanorama(&m, 1, "id", "a") }),
        ("heading out of range", "$.panoramas[1].links[1].heading", { m in setLink(&m, 1, 1, "heading", 400) }),
        ("centre heading out of range", "$.panoramas[0].centerHeading", { m in setPanorama(&m, 0, "centerHeading", -5) }),
        ("missing image", "$.panoramas[2].image", { m in setPanorama(&m, 2, "image", "images/none.png") }),
        ("image missing field", "$.panoramas[0].image", { m in removePanoramaField(&m, 0, "image") }),
        ("latitude out of range", "$.panoramas[0].lat", { m in setPanorama(&m, 0, "lat", 95) }),
        ("longitude not a number", "$.panoramas[0].lng", { m in setPanorama(&m, 0, "lng", "east") }),
        ("latitude a boolean", "$.panoramas[0].lat", { m in setPanorama(&m, 0, "lat", true) }),
        ("bad source", "$.panoramas[0].source", { m in setPanorama(&m, 0, "source", "underwater") }),
        ("indoor without building", "$.panoramas[2].building", { m in removePanoramaField(&m, 2, "building") }),
        ("bad date", "$.panoramas[0].date", { m in setPanorama(&m, 0, "date", "June 2024") }),
        ("a day the calendar has not", "$.panoramas[0].date", { m in setPanorama(&m, 0, "date", "2024-02-31") }),
        ("no 29 February in 2023", "$.panoramas[0].date", { m in setPanorama(&m, 0, "date", "2023-02-29") }),
        ("a level where sums overflow", "$.panoramas[2].level", { m in setPanorama(&m, 2, "level", Int.max) }),
        ("a level that is a boolean", "$.panoramas[2].level", { m in setPanorama(&m, 2, "level", true) }),
        ("a fractional level", "$.panoramas[2].level", { m in setPanorama(&m, 2, "level", 1.5) }),
        (
            "a crop whose full size is not 2:1", "$.panoramas[0].crop",
            { m in
                setPanorama(&m, 0, "crop", ["fullWidth": 100, "fullHeight": 100, "left": 0, "top": 0])
            }
        ),
        (
            "a crop offset outside the sphere", "$.panoramas[0].crop.top",
            { m in
                setPanorama(&m, 0, "crop", ["fullWidth": 200, "fullHeight": 100, "left": 0, "top": 100])
            }
        ),
        (
            "an initial view with neither heading nor fov", "$.panoramas[0].initialView.heading",
            { m in
                setPanorama(&m, 0, "initialView", ["pitch": 10])
            }
        ),
        (
            "an initial roll with no heading to roll at", "$.panoramas[0].initialView.heading",
            { m in
                setPanorama(&m, 0, "initialView", ["fov": 60, "roll": 5])
            }
        ),
        (
            "an initial field of view wider than 160°", "$.panoramas[0].initialView.fov",
            { m in
                setPanorama(&m, 0, "initialView", ["fov": 200])
            }
        ),
        ("self link", "$.panoramas[2].links[0].target", { m in setLink(&m, 2, 0, "target", "c") }),
        ("unknown start", "$.start", { m in m["start"] = "zzz" }),
        ("wrong format", "$.format", { m in m["format"] = "something-else" }),
        ("panoramas not an array", "$.panoramas", { m in m["panoramas"] = "many" }),
        (
            "marker without title", "$.markers[0].title",
            { m in
                var markers = m["markers"] as! [[String: Any]]
                markers[0].removeValue(forKey: "title")
                m["markers"] = markers
            }
        ),
        ("parent directory", "$.panoramas[0].image", { m in setPanorama(&m, 0, "image", "../../etc/passwd") }),
        ("absolute path", "$.panoramas[0].image", { m in setPanorama(&m, 0, "image", "/etc/passwd") }),
        ("percent-encoded dots stay literal", "$.panoramas[0].image", { m in setPanorama(&m, 0, "image", "%2e%2e/etc/passwd") }),
        ("pose pitch out of range", "$.panoramas[0].pose.pitch", { m in setPanorama(&m, 0, "pose", ["pitch": 95, "roll": 0]) }),
        ("pose not an object", "$.panoramas[0].pose", { m in setPanorama(&m, 0, "pose", 3) })
    ]

    @Test("a camera's pose is written and read back, and its image is levelled when decoded")
    func pose() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let place = try #require(Coordinate(latitude: 48.2, longitude: 16.37))
        var tilted = Panorama(id: "a", imagePath: "images/a.png", coordinate: place)
        tilted.tilt = CameraTilt(pitch: 12, roll: -4)
        var level = tilted
        level.id = "b"
        level.tilt = CameraTilt(pitch: 0.01, roll: 0)
        try FileManager.default.createDirectory(at: fixture.folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        let image = SyntheticPanorama.gradient(width: 128, height: 64)
        try PNGEncoder.write(image, to: fixture.folder.appendingPathComponent("images/a.png").path)
        let bytes = try ManifestEncoder.encode(name: nil, start: nil, panoramas: [tilted, level], markers: [])
        try bytes.write(to: fixture.folder.appendingPathComponent("manifest.json"))
        let dataset = try Dataset.open(fixture.folder.path)
        let read = try #require(dataset.service.panorama(id: "a"))
        #expect(read.tilt == CameraTilt(pitch: 12, roll: -4))
        #expect(dataset.service.panorama(id: "b")?.tilt == nil, "a pose within 0.05° of level is no pose")
        let decoded = try dataset.load(read).pyramid.image(level: 0)
        #expect(decoded == EquirectLevelling.level(image, tilt: CameraTilt(pitch: 12, roll: -4)) && decoded != image)
    }

    @Test("a written manifest reads back: a link heading just under 360° is not rounded up to an invalid 360 (bench data found it)")
    func encodedHeadingsStayInRange() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let place = try #require(Coordinate(latitude: 48.2, longitude: 16.37))
        let panoramas = [
            Panorama(id: "a", imagePath: "images/a.png", coordinate: place, links: [Link(target: "b", heading: 359.996)]),
            Panorama(
                id: "b", imagePath: "images/b.png", coordinate: place.offset(by: 10, bearing: 0),
                links: [Link(target: "a", heading: 179.999)])
        ]
        let bytes = try ManifestEncoder.encode(name: nil, start: nil, panoramas: panoramas, markers: [])
        try bytes.write(to: fixture.folder.appendingPathComponent("manifest.json"))
        let service = try Dataset.open(fixture.folder.path).service
        #expect(service.panorama(id: "a")?.links.first?.heading == 0)
        #expect(service.panorama(id: "b")?.links.first?.heading == 180)
    }

    @Test("an initial view reads back with its direction, its field of view, or both, and its roll")
    func initialViews() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let place = try #require(Coordinate(latitude: 48.2, longitude: 16.37))
        let views = [
            InitialView(orientation: Orientation(heading: 45, pitch: -10)), InitialView(orientation: nil, fieldOfView: 60),
            InitialView(orientation: Orientation(heading: 300, pitch: 5), fieldOfView: 120),
            InitialView(orientation: Orientation(heading: 10, pitch: 0), roll: -7.5)
        ]
        let panoramas = views.enumerated().map { index, view in
            Panorama(
                id: "p\(index)", imagePath: "images/a.png", coordinate: place.offset(by: Double(index) * 10, bearing: 0), initialView: view)
        }
        try ManifestEncoder.encode(name: nil, start: nil, panoramas: panoramas, markers: []).write(
            to: fixture.folder.appendingPathComponent("manifest.json"))
        let service = try Dataset.open(fixture.folder.path).service
        #expect(views.indices.map { service.panorama(id: "p\($0)")?.initialView } == views)
    }

    @Test("each validation problem is reported with its JSON path", arguments: breakages.indices)
    func problems(index: Int) throws {
        let (name, path, breakIt) = Self.breakages[index]
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        breakIt(&manifest)
        let folder = try fixture.write(manifest)
        let error = #expect(throws: DatasetError.self, "\(name)") { try Dataset.open(folder) }
        guard case .invalid(_, let problems) = error else {
            Issue.record("\(name): expected validation problems, got \(String(describing: error))")
            return
        }
        #expect(problems.contains { $0.path == path }, "\(name): \(problems)")
    }

    @Test(
        "a number far out of range is reported, not a crash (fuzzing found Int(1e300) trapping in the message)",
        arguments: [1e300, -1e300, 9.3e18])
    func hugeNumberOutOfRange(value: Double) throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var markers = manifest["markers"] as! [[String: Any]]
        markers[0]["height"] = value
        manifest["markers"] = markers
        let folder = try fixture.write(manifest)
        let error = #expect(throws: DatasetError.self) { try Dataset.open(folder) }
        guard case .invalid(_, let problems) = error else {
            Issue.record("expected validation problems, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.path) == ["$.markers[0].height"])
        #expect(problems.first?.message == "\(value) is outside [-1000, 10000)")
    }

    @Test("all problems are reported, not just the first")
    func everyProblem() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        Self.setPanorama(&manifest, 0, "lat", 99)
        Self.setLink(&manifest, 1, 0, "target", "nowhere")
        Self.setPanorama(&manifest, 2, "date", "soon")
        let folder = try fixture.write(manifest)
        let error = #expect(throws: DatasetError.self) { try Dataset.open(folder) }
        guard case .invalid(_, let problems) = error else {
            Issue.record("not a validation error")
            return
        }
        #expect(Set(problems.map(\.path)) == ["$.panoramas[0].lat", "$.panoramas[1].links[0].target", "$.panoramas[2].date"])
    }

    @Test("a symbolic link that leads out of the dataset is refused")
    func symlinkEscape() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("images/escape.png").path,
            withDestinationPath: "/etc/hostname")
        var manifest = DatasetFixture.validManifest()
        Self.setPanorama(&manifest, 0, "image", "images/escape.png")
        let folder = try fixture.write(manifest)
        let error = #expect(throws: DatasetError.self) { try Dataset.open(folder) }
        guard case .invalid(_, let problems) = error else {
            Issue.record("not a validation error")
            return
        }
        #expect(problems.first { $0.path == "$.panoramas[0].image" }?.message.contains("outside the dataset") == true)
    }

    @Test("no manifest, truncated JSON and a non-object root are clear errors")
    func unreadable() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        #expect(throws: DatasetError.notFound(path: fixture.folder.path)) { try Dataset.open(fixture.folder.path) }
        let truncated = try fixture.writeRaw("{\"panoramas\": [{\"id\": \"a\"")
        let error = #expect(throws: DatasetError.self) { try Dataset.open(truncated) }
        if case .notJSON = error {} else { Issue.record("expected notJSON, got \(String(describing: error))") }
        let array = try fixture.writeRaw("[1, 2]")
        let arrayError = #expect(throws: DatasetError.self) { try Dataset.open(array) }
        guard case .invalid(_, let problems) = arrayError else {
            Issue.record("expected invalid")
            return
        }
        #expect(problems == [ManifestProblem("$", "must be a JSON object")])
    }

    static func setPanorama(_ m: inout [String: Any], _ i: Int, _ key: String, _ value: Any) {
        var panoramas = m["panoramas"] as! [[String: Any]]
        panoramas[i][key] = value
        m["panoramas"] = panoramas
    }

    static func removePanoramaField(_ m: inout [String: Any], _ i: Int, _ key: String) {
        var panoramas = m["panoramas"] as! [[String: Any]]
        panoramas[i].removeValue(forKey: key)
        m["panoramas"] = panoramas
    }

    static func setLink(_ m: inout [String: Any], _ i: Int, _ k: Int, _ key: String, _ value: Any) {
        var panoramas = m["panoramas"] as! [[String: Any]]
        var links = panoramas[i]["links"] as! [[String: Any]]
        links[k][key] = value
        panoramas[i]["links"] = links
        m["panoramas"] = panoramas
    }
}
