import Datasets
import Dispatch
import Foundation
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TestSupport
import Testing

@Suite("Panorama cache")
struct PanoramaCacheTests {
    /// Counts how often each panorama is decoded.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func count(_ id: String) { lock.withLock { counts[id, default: 0] += 1 } }
        subscript(id: String) -> Int { lock.withLock { counts[id, default: 0] } }
    }

    static func chain(_ count: Int) -> PanoramaService {
        let origin = Coordinate(latitude: 0, longitude: 0)!
        let panoramas = (0..<count).map { i in
            Panorama(
                id: "p\(i)", imagePath: "p\(i).png", coordinate: origin.offset(by: Double(i) * 10, bearing: 90),
                links: [
                    i + 1 < count ? Link(target: "p\(i + 1)", heading: 90) : nil,
                    i > 0 ? Link(target: "p\(i - 1)", heading: 270) : nil
                ].compactMap { $0 })
        }
        return PanoramaService(panoramas: panoramas)
    }

    static func cache(budget: Int, counter: Counter) -> PanoramaCache {
        PanoramaCache(byteBudget: budget, queue: BlockingQueue(name: "test-prefetch")) { panorama throws(PanoramaError) in
            counter.count(panorama.id)
            return (EquirectPanorama(image: RGBImage(width: 64, height: 32)), 64)
        }
    }

    static let oneCost = PanoramaCache.cost(of: EquirectPanorama(image: RGBImage(width: 64, height: 32)))

    @Test("a panorama is decoded once and then served from memory")
    func hits() throws {
        let counter = Counter()
        let cache = Self.cache(budget: 10 * Self.oneCost, counter: counter)
        let service = Self.chain(3)
        _ = try cache.panorama(service.panorama(id: "p0")!)
        _ = try cache.panorama(service.panorama(id: "p0")!)
        #expect(counter["p0"] == 1)
    }

    @Test("the byte budget holds: least recently used out first")
    func budget() throws {
        let counter = Counter()
        let cache = Self.cache(budget: 3 * Self.oneCost, counter: counter)
        let service = Self.chain(5)
        for id in ["p0", "p1", "p2", "p0", "p3"] { _ = try cache.panorama(service.panorama(id: id)!) }
        #expect(cache.residentIDs == ["p2", "p0", "p3"], "p1 was least recently used")
        #expect(cache.residentBytes <= 3 * Self.oneCost)
    }

    @Test("stepping along links finds each next panorama already decoded; memory stays within budget")
    func prefetchWalk() throws {
        let counter = Counter()
        let cache = Self.cache(budget: 4 * Self.oneCost, counter: counter)
        let service = Self.chain(200)
        var current = service.panorama(id: "p0")!
        var peak = 0
        for step in 1..<200 {
            _ = try cache.panorama(current)
            cache.prefetchNeighbours(of: current, in: service)
            cache.waitForPrefetches()
            let next = service.panorama(id: "p\(step)")!
            #expect(cache.residentIDs.contains(next.id), "p\(step) was decoded before the step")
            peak = max(peak, cache.residentBytes)
            current = next
        }
        #expect(peak <= 4 * Self.oneCost)
        #expect((0..<200).allSatisfy { counter["p\($0)"] <= 2 }, "no panorama decoded over and over")
    }

    @Test("a player's way ahead is decoded first, three steps on, not only the next panorama")
    func prefetchAhead() throws {
        let counter = Counter()
        let cache = PanoramaCache(byteBudget: 10 * Self.oneCost, prefetchLimit: 3, queue: BlockingQueue(name: "test-prefetch")) {
            panorama throws(PanoramaError) in
            counter.count(panorama.id)
            return (EquirectPanorama(image: RGBImage(width: 64, height: 32)), 64)
        }
        let service = Self.chain(10)
        let here = service.panorama(id: "p4")!
        let ahead = ["p5", "p6", "p7"].compactMap { service.panorama(id: $0) }
        cache.prefetchNeighbours(of: here, in: service, ahead: ahead)
        cache.waitForPrefetches()
        #expect(Set(cache.residentIDs) == ["p5", "p6", "p7"], "the way ahead within the limit, before the way back (p3)")
    }

    @Test("a dataset's cache decodes each image at what the first view needs, and remembers how wide it could be")
    func decodesAtTheViewsSize() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        // The fixture's images are 64 pixels wide: one wider, to be decoded smaller.
        try PNGEncoder.write(
            SyntheticPanorama.cardinal(width: 512).pyramid.image(level: 0),
            to: fixture.folder.appendingPathComponent("images/b.png").path)
        let dataset = try Dataset.open(try fixture.write(DatasetFixture.validManifest()))
        let b = try #require(dataset.service.panorama(id: "b"))
        let cache = PanoramaCache(dataset: dataset, byteBudget: 1 << 30, minimumWidth: 100)
        #expect(try cache.panorama(b).pyramid.levels[0].width == 128, "a quarter of 512 is enough for 100")
        #expect(cache.widest(of: b) == 512)
        let whole = PanoramaCache(dataset: dataset, byteBudget: 1 << 30)
        #expect(try whole.panorama(b).pyramid.levels[0].width == 512, "without a width, the most the limits allow")
    }
}
