import CompassPanorama
import Explorer
import ExplorerView
import PanoCore
import StreetMap
import StreetModel
import TermRender

/// Does a busy street slow the explorer down or bury its picture? A panorama on a street whose
/// map holds `placeCount` named places within 150 m (and a house number by each), against the
/// same panorama with a map of the streets alone: the median time of a frame while turning (the
/// view, its labels, the minimap over the street map, and the bytes for the terminal), the
/// markers drawn in each frame, and the time the places around are read in on arrival.
package enum PlacesBenchmark {
    package struct Report: Codable {
        package var columns: Int
        package var rows: Int
        package var frames: Int
        package var places_within_150_m: Int
        /// Median milliseconds a frame takes with the map's streets only.
        package var frame_ms_without: Double
        /// Median milliseconds a frame takes with the places as well.
        package var frame_ms_with: Double
        /// frame_ms_with / frame_ms_without: the goal is under 1.2.
        package var ratio: Double
        /// The most markers any frame drew (labels and edge hints); the goal is at most 8.
        package var most_markers_drawn: Int
        /// The places kept as markers around the panorama (`PlacesAround.mostKept`).
        package var markers_kept: Int
        /// Median milliseconds reading the places around the panorama from the map, on arrival.
        package var places_read_ms: Double
    }

    /// Where the benchmark's panorama stands.
    static let here = Coordinate(latitude: 45.7597, longitude: 4.8320)!

    package static func run(placeCount: Int = 300, frames: Int = 120, columns: Int = 160, rows: Int = 48) -> Report {
        let image = EquirectPanorama(image: CompassSphere.render(width: 2048))
        let streets = BenchStreetMap.streets(around: here)
        let places = BenchStreetMap.places(placeCount, around: here, within: 150)
        let without = timeFrames(image: image, map: BenchStreetMap(features: streets), frames: frames, columns: columns, rows: rows)
        let with = timeFrames(image: image, map: BenchStreetMap(features: streets + places), frames: frames, columns: columns, rows: rows)
        var reads: [Double] = []
        let map = BenchStreetMap(features: streets + places)
        for _ in 0..<20 {
            let start = ContinuousClock.now
            _ = PlacesAround.markers(around: here, within: Navigation.markerRange, of: map, waits: false)
            reads.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
        }
        return Report(
            columns: columns, rows: rows, frames: frames, places_within_150_m: placeCount, frame_ms_without: without.median,
            frame_ms_with: with.median, ratio: without.median > 0 ? with.median / without.median : 0,
            most_markers_drawn: with.mostMarkers, markers_kept: with.kept, places_read_ms: BenchViews.median(reads))
    }

    /// Frames of a turn through a full circle over `map`: the median milliseconds one takes, the
    /// most markers one drew, and how many places the state kept.
    static func timeFrames(image: EquirectPanorama, map: BenchStreetMap, frames: Int, columns: Int, rows: Int) -> (
        median: Double, mostMarkers: Int, kept: Int
    ) {
        let panorama = Panorama(
            id: "here", imagePath: "", coordinate: here, description: "Rue de la République",
            links: [
                Link(target: "east", heading: 80, description: "Rue de la République"),
                Link(target: "west", heading: 260, description: "Rue de la République")
            ])
        var state = ExplorerState(camera: PanoramaCamera(), panorama: panorama, service: PanoramaService(panoramas: [panorama]))
        state.minimapShown = true
        state.placesAround(PlacesAround.markers(around: here, within: Navigation.markerRange, of: map, waits: false))
        var display = DisplayOptions()
        display.basemap = map
        var composer = FrameComposer()
        var encoder = FrameEncoder(colorMode: .truecolor)
        var times: [Double] = []
        var mostMarkers = 0
        for frame in 0..<frames {
            state.camera.heading = Double(frame) * 360 / Double(frames)
            let start = ContinuousClock.now
            let drawn = ExplorerFrame.draw(
                composer: &composer, panorama: image, state: state, header: panorama.description, display: display, columns: columns,
                rows: rows)
            var bytes: [UInt8] = []
            encoder.encode(drawn.grid, quality: .motion, into: &bytes)
            times.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - start))
            let markers = drawn.clickTargets.filter { if case .marker = $0.item { true } else { false } }.count
            mostMarkers = max(mostMarkers, markers)
        }
        return (BenchViews.median(times), mostMarkers, state.markers.count)
    }
}

/// A street map held in memory for `bench places`: a grid of named streets, and places with
/// house numbers scattered along them (seeded, so each run draws the same).
struct BenchStreetMap: Basemap {
    let features: [MapFeature]
    var attribution: String { "bench" }

    func features(near centre: Coordinate, within metres: Double, metresPerDot: Double) -> [MapFeature] {
        features.filter { $0.meets(centre, within: metres) }
    }

    /// Streets every 60 m both ways over 600 m round `centre`, with buildings between them.
    static func streets(around centre: Coordinate) -> [MapFeature] {
        var streets: [MapFeature] = []
        for step in -5...5 {
            let offset = Double(step) * 60
            let northSouth = [
                centre.offset(by: offset, bearing: 90).offset(by: 300, bearing: 0),
                centre.offset(by: offset, bearing: 90).offset(by: 300, bearing: 180)
            ]
            let eastWest = [
                centre.offset(by: offset, bearing: 0).offset(by: 300, bearing: 90),
                centre.offset(by: offset, bearing: 0).offset(by: 300, bearing: 270)
            ]
            streets.append(MapFeature(kind: .road, name: "Rue \(step + 6)", lines: [northSouth]))
            streets.append(MapFeature(kind: .road, name: "Avenue \(step + 6)", lines: [eastWest]))
            for block in -5...4 {
                let corner = centre.offset(by: offset + 10, bearing: 0).offset(by: Double(block) * 60 + 10, bearing: 90)
                let box = [0.0, 90, 180, 270].reduce(into: [corner]) { points, bearing in
                    points.append(points.last!.offset(by: 40, bearing: bearing))
                }
                streets.append(MapFeature(kind: .building, lines: [box]))
            }
        }
        return streets
    }

    /// `count` named places within `metres` of `centre`, each with a house number beside it.
    static func places(_ count: Int, around centre: Coordinate, within metres: Double) -> [MapFeature] {
        let kinds = ["bakery", "cafe", "pharmacy", "bus stop", "restaurant", "bank", "clothes", "hairdresser"]
        var seed: UInt64 = 0x5eed
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var features: [MapFeature] = []
        for index in 0..<count {
            let point = centre.offset(by: metres * next().squareRoot(), bearing: next() * 360)
            features.append(
                MapFeature(
                    kind: .place, name: "Place \(index)", lines: [[point]], category: kinds[index % kinds.count], rank: 1 + Int(next() * 60)
                ))
            features.append(MapFeature(kind: .address, name: "\(index + 1)", lines: [[point.offset(by: 3, bearing: 0)]]))
        }
        return features
    }
}
