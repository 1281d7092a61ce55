import BoundedJSON
import PanoCore

extension ManifestDecoder {
    /// A sharded manifest's `shards`: each an object with `href` (the shard file, a path inside
    /// the dataset), `bbox` ([west, south, east, north] in degrees, GeoJSON's order) and `count`.
    mutating func decodeShardIndex(_ raw: JSONValue, names: String?) -> ShardIndex? {
        if let names, let trouble = DatasetPath.problem(with: names) { problem("$.names", trouble) }
        guard let list = raw.array else {
            problem("$.shards", "must be an array")
            return nil
        }
        if list.isEmpty { problem("$.shards", "holds no shard") }
        var shards: [ShardIndex.Shard] = []
        for (i, item) in list.enumerated() {
            let path = "$.shards[\(i)]"
            guard let entry = item.object else {
                problem(path, "must be an object")
                continue
            }
            let href = string(entry, "href", at: path, required: true)
            if let href, let trouble = DatasetPath.problem(with: href) { problem("\(path).href", trouble) }
            let count = wholeNumber(entry, "count", at: path, in: 0...Self.shardPanoramaLimit)
            let numbers = entry["bbox"]?.array?.compactMap(\.number) ?? []
            guard entry["bbox"]?.array?.count == 4, numbers.count == 4,
                (-180...180).contains(numbers[0]), (-90...90).contains(numbers[1]), (-180...180).contains(numbers[2]),
                (-90...90).contains(numbers[3]), numbers[0] <= numbers[2], numbers[1] <= numbers[3]
            else {
                problem("\(path).bbox", "must be [west, south, east, north] in degrees, west ≤ east and south ≤ north")
                continue
            }
            if let href, let count {
                shards.append(.init(path: href, south: numbers[1], west: numbers[0], north: numbers[3], east: numbers[2], count: count))
            }
        }
        return problems.isEmpty ? ShardIndex(shards: shards, names: names) : nil
    }

    /// Most panoramas one shard may hold.
    static let shardPanoramaLimit = 200_000
}
