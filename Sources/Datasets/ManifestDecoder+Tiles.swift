import BoundedJSON
import PanoCore
import StreetModel

extension ManifestDecoder {
    /// A panorama's `tiles` (docs/dataset-format.md, "Tiled panoramas"): the address template,
    /// the finest level's size, and a `tileMatrix` entry per level that must agree with the grid
    /// those give (STAC tiled-assets' names). Tiles are not checked on disk: there can be
    /// millions, and a missing one is shown from a coarser level.
    mutating func decodeTiles(_ raw: JSONValue?, at path: String) -> PanoramaTiles? {
        guard let raw else { return nil }
        guard let entry = raw.object else {
            problem(path, "must be an object")
            return nil
        }
        let template = string(entry, "href", at: path, required: true)
        if let template {
            for placeholder in PanoramaTiles.placeholders where !template.contains(placeholder) {
                problem("\(path).href", "must hold \(placeholder)")
            }
            let sample = PanoramaTiles(template: template, grid: TileGrid(width: 1, height: 1)!).path(
                of: .init(level: 0, row: 0, column: 0))
            if let trouble = DatasetPath.problem(with: sample) { problem("\(path).href", trouble) }
        }
        let width = wholeNumber(entry, "width", at: path, in: 2...TileGrid.maxSide)
        let height = wholeNumber(entry, "height", at: path, in: 1...TileGrid.maxSide)
        if let width, let height, !EquirectPanorama.isFullSphere(width: width, height: height) {
            problem(path, "width must be twice height (a full sphere is 2:1)")
        }
        guard let matrices = entry["tileMatrix"]?.array else {
            problem("\(path).tileMatrix", entry["tileMatrix"] == nil ? "is missing" : "must be an array")
            return nil
        }
        guard let first = matrices.first?.object else {
            problem("\(path).tileMatrix", "must hold an object per level")
            return nil
        }
        let tileSize = wholeNumber(first, "tileWidth", at: "\(path).tileMatrix[0]", in: 16...TileGrid.maxTileSize)
        guard let template, let width, let height, let tileSize, let grid = TileGrid(width: width, height: height, tileSize: tileSize)
        else {
            return nil
        }
        if matrices.count != grid.levelCount {
            problem(
                "\(path).tileMatrix",
                "must have \(grid.levelCount) levels for \(width)×\(height) in \(tileSize)-pixel tiles, not \(matrices.count)")
            return nil
        }
        for (level, item) in matrices.enumerated() {
            let itemPath = "\(path).tileMatrix[\(level)]"
            guard let matrix = item.object else {
                problem(itemPath, "must be an object")
                continue
            }
            let (columns, rows) = grid.matrix(level: level)
            let expected = ["level": level, "tileWidth": tileSize, "tileHeight": tileSize, "matrixWidth": columns, "matrixHeight": rows]
            for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
                guard let given = wholeNumber(matrix, key, at: itemPath, in: 0...TileGrid.maxSide) else { continue }
                if given != value { problem("\(itemPath).\(key)", "must be \(value) for this grid, not \(given)") }
            }
        }
        return PanoramaTiles(template: template, grid: grid)
    }
}
