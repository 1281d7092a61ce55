import Foundation
import PanoCore
import PanoImage
import TestSupport
import Testing
import WorldGen

@Suite("Demo town")
struct DemoTownTests {
    static func spot(_ id: String) -> DemoTown.Spot { DemoTown.spots.first { $0.id == id }! }

    static func coordinate(_ spot: DemoTown.Spot) -> Coordinate { TownPlan.coordinate(x: spot.x, z: spot.z) }

    @Test("a panorama re-rendered small matches the committed reference within tolerance")
    func reference() throws {
        let spot = Self.spot("main-3")
        let (scene, eye) = DemoTown.scene(for: spot)
        let image = PanoramaRenderer.render(scene, eye: eye, width: 128)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/main-3-128.png")
        if ProcessInfo.processInfo.environment["SIDEWALK_RECORD_GOLDENS"] == "1" {
            try PNGEncoder.write(image, to: url.path)
            Issue.record("recorded \(url.path); run again without SIDEWALK_RECORD_GOLDENS")
            return
        }
        let reference = try ImageDecoder.decodeFile(url.path)
        #expect(ImageMetrics.psnr(image, reference) >= 40, "the generator's output changed")
    }

    @Test("the town has what the demo promises: streets, a square, a museum on two floors, two dates")
    func contents() {
        let outdoor = DemoTown.spots.filter { $0.level == nil && $0.season == .summer }
        #expect(outdoor.count >= 20)
        #expect(Set(DemoTown.connections.map(\.2)).isSuperset(of: ["Main Street", "Station Road", "Harbour Lane", "Market Square"]))
        #expect(Set(DemoTown.spots.compactMap(\.level)) == [0, 1])
        #expect(Set(DemoTown.spots.map(\.date)).count == 2)
        #expect(DemoTown.landmarks.count >= 5)
        for (a, b, street) in DemoTown.connections where street != "Town Museum" && street != "Market Square" {
            let distance = Self.coordinate(Self.spot(a)).distance(to: Self.coordinate(Self.spot(b)))
            #expect(distance >= 10 && distance <= 15, "\(a)–\(b) is \(distance) m apart")
        }
    }

    @Test("following forward from the start walks down the street the camera faces")
    func forwardWalk() {
        var here = Self.spot("main-3")
        let heading = here.initialHeading
        var visited = [here.id]
        while true {
            let neighbours = DemoTown.connections.compactMap { pair -> DemoTown.Spot? in
                pair.0 == here.id ? Self.spot(pair.1) : pair.1 == here.id ? Self.spot(pair.0) : nil
            }
            let ahead = neighbours.map { ($0, abs(Degrees.wrap180(Self.coordinate(here).bearing(to: Self.coordinate($0)) - heading))) }
                .filter { $0.1 < 45 }
                .min { $0.1 < $1.1 }
            guard let next = ahead?.0 else { break }
            #expect(next.z == here.z && next.x > here.x, "\(next.id) is further east along Main Street")
            here = next
            visited.append(here.id)
        }
        #expect(visited == ["main-3", "main-4", "main-5", "main-6", "main-7", "main-8", "main-9", "main-10"])
    }

    @Test("each link's heading points at its target")
    func linkHeadings() throws {
        let manifestURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/demo/manifest.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
        let panoramas = root["panoramas"] as! [[String: Any]]
        let places = Dictionary(
            uniqueKeysWithValues: panoramas.map {
                ($0["id"] as! String, Coordinate(latitude: $0["lat"] as! Double, longitude: $0["lng"] as! Double)!)
            })
        var checked = 0
        for panorama in panoramas {
            let here = places[panorama["id"] as! String]!
            for link in panorama["links"] as! [[String: Any]] {
                let there = places[link["target"] as! String]!
                #expect(abs(Degrees.wrap180(here.bearing(to: there) - (link["heading"] as! Double))) < 0.5)
                checked += 1
            }
        }
        #expect(checked >= 40)
    }

    @Test("each marker, seen from the nearest outdoor panorama, is on the object it names")
    func markersOnTheirObjects() {
        let town = TownScene(season: .summer)
        for landmark in DemoTown.landmarks {
            let nearest = DemoTown.spots.filter { $0.level == nil && $0.season == .summer }.min {
                hypot($0.x - landmark.x, $0.z - landmark.z) < hypot($1.x - landmark.x, $1.z - landmark.z)
            }!
            let eye = Vector3(nearest.x, TownPlan.eyeHeight, nearest.z)
            // Aim just short of the marker, so the ray meets the surface the marker stands on.
            let target = Vector3(landmark.x, landmark.height, landmark.z)
            let offset = target - eye
            let direction = offset * (1 / offset.length)
            let hit = town.firstObjectHit(origin: eye, direction: direction)
            #expect(hit?.name == landmark.object, "\(landmark.title) from \(nearest.id): hit \(hit?.name ?? "nothing")")
        }
    }
}
