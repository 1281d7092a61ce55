import PanoCore

extension MapPicture {
    /// The basemap's lines, under everything else: areas first (water, parks, buildings), then
    /// railways, paths and roads over them.
    static func drawBasemap(_ features: [MapFeature], on canvas: inout BrailleCanvas, dot: (Coordinate) -> (x: Int, y: Int)) {
        let order: [MapFeature.Kind] = [.water, .park, .building, .rail, .path, .road, .coverage]
        for kind in order {
            for feature in features where feature.kind == kind {
                for line in feature.lines {
                    for (from, to) in zip(line, line.dropFirst()) {
                        canvas.line(from: dot(from), to: dot(to), color: feature.color, rank: 0)
                    }
                }
            }
        }
    }

    /// The names of the basemap's streets and waters not among `besides` (the panoramas' own
    /// ways), each once, at its segment nearest the map's centre, nearest first.
    static func basemapNames(_ features: [MapFeature], besides: Set<String>, projection: MapProjection) -> [(
        String, Coordinate, Coordinate
    )] {
        var nearest: [String: (Coordinate, Coordinate, Double)] = [:]
        for feature in features where feature.kind != .building && feature.kind != .park {
            guard let name = feature.name, !name.isEmpty, !besides.contains(name) else { continue }
            for line in feature.lines {
                for (from, to) in zip(line, line.dropFirst()) {
                    let distance = projection.center.distance(to: from)
                    if distance < nearest[name]?.2 ?? .infinity { nearest[name] = (from, to, distance) }
                }
            }
        }
        return nearest.sorted { $0.value.2 < $1.value.2 }.map { ($0.key, $0.value.0, $0.value.1) }
    }
}
