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

    /// A tile cache whose fetches wait until `gate` is signalled once, then all go through; the
    /// tile `failing` fails. One worker: held at the gate, it leaves Dispatch's other threads to
    /// compose (with every thread of a two-core machine held, a composition waits about a second
    /// for Dispatch to start another).
    private static func cache(gate: DispatchSemaphore, failing: TileGrid.Key? = nil) -> TileCache {
        TileCache(byteBudget: 64 << 20, workers: 1) { _, key throws(PanoramaError) in
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
