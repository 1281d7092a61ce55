import Datasets
import PanoCore
import StreetModel

/// What `sidewalk info` says of a dataset's panoramas, gathered a shard at a time, so a dataset
/// of millions is summed without holding them all.
struct DatasetSummary {
    /// Panoramas added, and of them outdoor ones.
    private(set) var count = 0
    private var outdoor = 0
    private var links = 0
    /// The box holding every panorama, degrees; empty (south > north) before the first.
    private var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
    private var levelsByBuilding: [String: Set<Int>] = [:]
    private var dates: Set<String> = []

    mutating func add(_ panoramas: [Panorama]) {
        for panorama in panoramas {
            count += 1
            if panorama.source == .outdoor { outdoor += 1 }
            links += panorama.links.count
            south = min(south, panorama.coordinate.latitude)
            north = max(north, panorama.coordinate.latitude)
            west = min(west, panorama.coordinate.longitude)
            east = max(east, panorama.coordinate.longitude)
            if let building = panorama.building { levelsByBuilding[building, default: []].insert(panorama.level ?? 0) }
            if let date = panorama.captureDate { dates.insert(date) }
        }
    }

    /// The summary's lines: name, counts, area, links, buildings, dates, markers, shards and server.
    func lines(of dataset: Dataset) -> [String] {
        var lines = [
            "dataset:    \(dataset.name ?? dataset.folder.lastPathComponent) (valid)",
            "panoramas:  \(count) (\(outdoor) outdoor, \(count - outdoor) indoor), start '\(dataset.startID)'"
        ]
        if let southWest = Coordinate(latitude: south, longitude: west), let southEast = Coordinate(latitude: south, longitude: east),
            let northWest = Coordinate(latitude: north, longitude: west),
            let centre = Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
        {
            let width = southWest.distance(to: southEast)
            let height = southWest.distance(to: northWest)
            lines.append("area:       \(Int(width.rounded())) m east-west × \(Int(height.rounded())) m north-south, around \(centre)")
        }
        lines.append("links:      \(links)")
        for building in levelsByBuilding.keys.sorted() {
            let levels = levelsByBuilding[building]!.sorted().map(String.init).joined(separator: ", ")
            lines.append("building:   \(building), levels \(levels)")
        }
        lines.append("dates:      \(dates.isEmpty ? "none given" : dates.sorted().joined(separator: ", "))")
        lines.append("markers:    \(dataset.service.markers.count)")
        if let shards = dataset.shards { lines.append("shards:     \(shards.shards.count) (docs/dataset-format.md, \"Sharded datasets\")") }
        if let source = dataset.source { lines.append("server:     " + source.summary) }
        return lines
    }
}
