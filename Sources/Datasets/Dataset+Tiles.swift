import PanoCore
import PanoImage
import StreetModel
import SystemIO

extension Dataset {
    /// `image` (the panorama's level 0) with the detail a `width`×`height`-pixel view through
    /// `camera` needs, its tiles loaded now, in parallel (for snapshots; the explorer loads them
    /// in the background through `TileCache`). Tiles that cannot be loaded are filled from
    /// coarser ones; the keys of those are returned with the reason. As many tiles are fetched
    /// at once as the explorer's `TileCache` fetches, whatever the number of cores.
    package func detailed(
        _ image: EquirectPanorama, of panorama: Panorama, camera: PanoramaCamera, width: Int,
        height: Int
    ) -> (panorama: EquirectPanorama, failures: [(TileGrid.Key, PanoramaError)]) {
        guard let tiles = panorama.tiles,
            let window = TileWindow.forView(
                grid: tiles.grid, camera: camera, centerHeading: panorama.centerHeading,
                width: width, height: height)
        else { return (image, []) }
        let keys = [TileGrid.Key(level: 0, row: 0, column: 0)] + window.keys(in: tiles.grid)
        let loaded = BlockingThread.map(keys.count, workers: TileCache.defaultWorkers, name: "tile-fetch") { index in
            Result { () throws(PanoramaError) in try loadTile(keys[index], of: panorama) }
        }
        let results = Dictionary(zip(keys, loaded)) { first, _ in first }
        var shown = image
        shown.detail = DetailComposer.compose(grid: tiles.grid, window: window) { try? results[$0]?.get() }.layer
        let failures = results.compactMap { key, result in
            if case .failure(let error) = result { (key, error) } else { nil }
        }
        return (shown, failures.sorted { $0.0.description < $1.0.description })
    }

    /// The most bytes a `width`×`height`-pixel tile's file may hold: 8 a pixel (a 16-bit RGBA PNG
    /// stored uncompressed) and 1 MB for its headers, so a 512×512 tile may be 3 MB and a tile
    /// that inflates on its way from a server (gzip) is stopped there, not at an image's cap.
    package static func tileByteLimit(width: Int, height: Int) -> Int {
        (1 << 20) + 8 * width * height
    }

    /// The most bytes the file of a tile covering `rect` may hold under `limits`.
    static func tileFileLimit(_ rect: (x: Int, y: Int, width: Int, height: Int), limits: DecodeLimits) -> Int {
        min(limits.maxFileBytes, tileByteLimit(width: rect.width, height: rect.height))
    }

    /// Decodes one tile of a tiled panorama, checking it has the size its place in the grid says.
    package func loadTile(_ key: TileGrid.Key, of panorama: Panorama, limits: DecodeLimits = .standard) throws(PanoramaError) -> RGBImage {
        guard let tiles = panorama.tiles, let rect = tiles.grid.rect(of: key) else {
            throw .image(.file(.notFound(path: "\(panorama.id) tile \(key)")))
        }
        let path = tiles.path(of: key)
        let image: RGBImage
        let bytes: [UInt8]
        let limit = Self.tileFileLimit(rect, limits: limits)
        do { bytes = try read(path, limit: limit) } catch { throw .image(.file(error)) }
        do { image = try ImageDecoder.decode(bytes, name: fileName(of: path), limits: limits) } catch { throw .image(error) }
        guard image.width == rect.width, image.height == rect.height else {
            throw .image(
                .corrupt(
                    path: fileName(of: path), format: "tile",
                    detail: "\(image.width)×\(image.height), not the \(rect.width)×\(rect.height) of tile \(key)"))
        }
        return image
    }
}
