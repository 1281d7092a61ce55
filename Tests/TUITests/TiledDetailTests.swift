import Datasets
import Dispatch
import PanoCore
import PanoImage
import StreetModel
import Testing

@testable import ExplorerSession

@Suite("A tiled panorama's detail, refining until its tiles are shown")
struct TiledDetailTests {
    /// A 2048×1024 panorama in 256-pixel tiles: level 0 is one 256×128 tile, level 3 the whole.
    private static let panorama = Panorama(
        id: "tiled", imagePath: "", coordinate: Coordinate(latitude: 0, longitude: 0)!,
        tiles: PanoramaTiles(template: "{level}/{row}/{col}.jpg", grid: TileGrid(width: 2048, height: 1024, tileSize: 256)!))
    /// A 320×180 view at fov 30, which needs level 3's tiles.
    private static let camera = PanoramaCamera(heading: 0, pitch: 0, fov: 30)

    /// The panorama's level 0, shown under the detail.
    private static let levelZero = EquirectPanorama(image: RGBImage(width: 256, height: 128))

    /// The tiles the view needs.
    private static func windowKeys() throws -> [TileGrid.Key] {
        let grid = panorama.tiles!.grid
        let window = try #require(TileWindow.forView(grid: grid, camera: camera, centerHeading: 0, width: 320, height: 180))
        return window.keys(in: grid)
    }

    /// A tile cache with `workers` fetching at once, whose fetches wait until `gate` is signalled
    /// once, then all go through; the tile `failing` fails.
    private static func cache(gate: DispatchSemaphore, workers: Int = 1, failing: TileGrid.Key? = nil) -> TileCache {
        TileCache(byteBudget: 64 << 20, workers: workers) { _, key throws(PanoramaError) in
            gate.wait()
            gate.signal()
            if key == failing { throw .badCrop(path: "\(key)") }
            let rect = panorama.tiles!.grid.rect(of: key)!
            return RGBImage(width: rect.width, height: rect.height)
        }
    }

    /// Takes arrivals until the detail stops refining (at most `limit` of them); true if it did.
    private static func settle(_ detail: inout TiledDetail, _ mailbox: ArrivalMailbox, limit: Int = 200) -> Bool {
        for _ in 0..<limit where detail.isRefining {
            guard waitForArrival(on: mailbox.descriptor) else { return false }
            _ = detail.arrived(from: mailbox.take(), mailbox: mailbox)
        }
        return !detail.isRefining
    }

    @Test(
        "it refines while the view's tiles are on their way, though a layer without them has been composed, and stops once they are shown"
    )
    func refinesUntilTilesShown() throws {
        let gate = DispatchSemaphore(value: 0)
        let cache = Self.cache(gate: gate)
        let mailbox = try ArrivalMailbox()
        var detail = try #require(TiledDetail(Self.panorama, base: Self.levelZero, cache: cache))
        let refiningBeforeAsking = detail.isRefining
        detail.ask(width: 320, height: 180, camera: Self.camera, mailbox: mailbox)
        let refiningAfterAsking = detail.isRefining
        #expect(!refiningBeforeAsking, "nothing asked yet")
        #expect(refiningAfterAsking)
        // The first composition (level 0 alone, the tiles held at the gate) comes back.
        #expect(waitForArrival(on: mailbox.descriptor))
        _ = detail.arrived(from: mailbox.take(), mailbox: mailbox)
        // A Bool of its own: a failed expectation on `detail` would describe it by reflection,
        // which stops at the tile cache's lock (a noncopyable field).
        let refiningBeforeTiles = detail.isRefining
        #expect(refiningBeforeTiles, "the tiles are still on their way")
        gate.signal()
        let settled = Self.settle(&detail, mailbox)
        #expect(settled)
        let keys = try Self.windowKeys()
        #expect(keys.allSatisfy { $0.level == 3 })
        let held = keys.filter { cache.tile($0, of: "tiled") != nil }.count
        #expect(held == keys.count, "every tile of the window came before it stopped")
    }

    @Test(
        "its first picture is composed while six tile fetches wait, more than a two-core machine's Dispatch threads (they held it back about a second)"
    )
    func composesWhileFetchesWait() throws {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let cache = Self.cache(gate: gate, workers: 6)
        let mailbox = try ArrivalMailbox()
        var detail = try #require(TiledDetail(Self.panorama, base: Self.levelZero, cache: cache))
        detail.ask(width: 320, height: 180, camera: Self.camera, mailbox: mailbox)
        // Half a second for a 320×180 composition of level 0, which takes milliseconds; Dispatch
        // on Linux starts another thread for it only after about a second with its own held.
        let composed = waitForArrival(on: mailbox.descriptor, within: 500)
        #expect(composed, "the composition waited for the fetches' threads")
    }

    @Test("a tile that fails ends the wait for it: the detail stops refining and says so")
    func failedTileEndsTheWait() throws {
        let failing = try #require(Self.windowKeys().first)
        let gate = DispatchSemaphore(value: 1)
        let mailbox = try ArrivalMailbox()
        let cache = Self.cache(gate: gate, failing: failing)
        var detail = try #require(TiledDetail(Self.panorama, base: Self.levelZero, cache: cache))
        detail.ask(width: 320, height: 180, camera: Self.camera, mailbox: mailbox)
        let settled = Self.settle(&detail, mailbox)
        #expect(settled)
        let note = detail.note ?? ""
        #expect(note.contains("tile \(failing) not loaded"))
    }
}
