import Datasets
import Explorer
import FoundationEssentials
import PanoCore
import PanoImage
import StreetModel
import SystemIO

#if canImport(Glibc)
import CompassPanorama
import Glibc
#endif

/// Measures the data side: nearest-panorama queries on a million-panorama index, loading a
/// 100,000-panorama manifest, and memory while walking 200 linked panoramas with prefetch.
package enum DataBenchmark {
    package struct Report: Codable {
        package var index_panoramas: Int
        package var index_build_s: Double
        package var nearest_median_us: Double
        package var manifest_panoramas: Int
        package var manifest_load_s: Double
        package var sharded_panoramas: Int
        package var sharded_shards: Int
        package var sharded_open_s: Double
        package var sharded_open_peak_mb: Double
        /// Finding places by name in the sharded dataset's names index, each search in a fresh
        /// process: what was searched, the median milliseconds and the largest peak memory.
        package var names_searches: [String]
        package var names_search_median_ms: Double
        package var names_search_peak_mb: Double
        package var names_search_added_mb: Double
        package var walk_steps: Int
        package var walk_cache_budget_mb: Double
        package var walk_cache_peak_mb: Double
        package var walk_rss_before_mb: Double
        package var walk_rss_peak_mb: Double
        package var walk_decode_waits: Int
    }

    package static func run(work: URL, scale: BenchScale) throws(BenchmarkError) -> Report {
        let (indexed, listed, walked) = scale.pick((1_000_000, 100_000, 200), quick: (2000, 1000, 10))
        let walk = try walkWithPrefetch(steps: walked, work: work)
        let (buildSeconds, nearest) = nearestQueries(count: indexed)
        let manifestSeconds = try manifestLoad(count: listed, work: work)
        let sharded = try shardedOpen(count: indexed, work: work)
        let finds = try searches.map { (text) throws(BenchmarkError) in
            try BenchChild.measure(
                ["bench", "data", "--input", sharded.folder.path, "--find", text, "--json"], as: Finding.self,
                what: "finding '\(text)' in the sharded dataset")
        }
        return Report(
            index_panoramas: indexed, index_build_s: buildSeconds, nearest_median_us: nearest,
            manifest_panoramas: listed, manifest_load_s: manifestSeconds,
            sharded_panoramas: indexed, sharded_shards: sharded.shards, sharded_open_s: sharded.seconds,
            sharded_open_peak_mb: sharded.peak, names_searches: searches, names_search_median_ms: BenchViews.median(finds.map(\.find_ms)),
            names_search_peak_mb: finds.map(\.peak_mb).max() ?? 0, names_search_added_mb: finds.map(\.search_added_mb).max() ?? 0,
            walk_steps: walked,
            walk_cache_budget_mb: ProcessMemory.megabytes(walk.budget), walk_cache_peak_mb: ProcessMemory.megabytes(walk.cachePeak),
            walk_rss_before_mb: ProcessMemory.megabytes(walk.rssBefore), walk_rss_peak_mb: ProcessMemory.megabytes(walk.rssPeak),
            walk_decode_waits: walk.waits)
    }

    /// A deterministic random number in [0, 1).
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    private static let origin = Coordinate(latitude: 47.3769, longitude: 8.5417)!

    /// Median microseconds for `nearest` within 50 m, at random places in a disc 28 km across
    /// holding `count` panoramas; and the seconds the index took to build.
    private static func nearestQueries(count: Int) -> (Double, Double) {
        var random = Random(state: 1)
        let start = ContinuousClock.now
        let panoramas = (0..<count).map { i in
            Panorama(id: "p\(i)", imagePath: "", coordinate: origin.offset(by: random.next() * 14_000, bearing: random.next() * 360))
        }
        let service = PanoramaService(panoramas: panoramas)
        let build = ReprojectBenchmark.milliseconds(ContinuousClock.now - start) / 1000
        var times: [Double] = []
        for _ in 0..<2000 {
            let place = origin.offset(by: random.next() * 14_000, bearing: random.next() * 360)
            let queryStart = ContinuousClock.now
            _ = service.nearest(to: place)
            times.append(ReprojectBenchmark.milliseconds(ContinuousClock.now - queryStart) * 1000)
        }
        return (build, BenchViews.median(times))
    }

    /// Seconds to open and validate a manifest of `count` panoramas (all sharing one image).
    private static func manifestLoad(count: Int, work: URL) throws(BenchmarkError) -> Double {
        let folder = try makeFolder(work.appendingPathComponent("manifest-\(count)"))
        try writeManifest(try scattered(count: count, seed: 2, in: folder), in: folder)
        let start = ContinuousClock.now
        do { _ = try Dataset.open(folder.path) } catch { throw .dataset(error) }
        return ReprojectBenchmark.milliseconds(ContinuousClock.now - start) / 1000
    }

    /// What opening one dataset took (`bench data --input DATASET`): the explorer's way, the
    /// manifest (or a sharded dataset's index and start shard) read and the start chosen.
    package struct Opening: Codable {
        package var seconds: Double
        package var peak_mb: Double
        package var panoramas_read: Int
    }

    /// Measures `open` (which opens a dataset as the explorer does and says how many panoramas
    /// it read), in this process.
    package static func opening<Failure: Error>(_ open: () throws(Failure) -> Int) throws(Failure) -> Opening {
        let start = ContinuousClock.now
        let read = try open()
        return Opening(
            seconds: ReprojectBenchmark.milliseconds(ContinuousClock.now - start) / 1000,
            peak_mb: ProcessMemory.megabytes(ProcessMemory.peak()), panoramas_read: read)
    }

    /// A search by name in a dataset (`bench data --input DATASET --find TEXT`): the dataset
    /// opened as the explorer opens it, then the search; its time, the process's peak memory,
    /// and the best answer.
    package struct Finding: Codable {
        package var open_s: Double
        package var find_ms: Double
        /// The process's peak memory, whole (its runtime and the dataset opened included).
        package var peak_mb: Double
        /// How far the search took memory above what was resident before it: its own share.
        package var search_added_mb: Double
        package var found: String?

    }

    /// Measures `open` (opening a dataset, in this process) then `search` on what it opened (the
    /// best answer's name, or nil).
    package static func finding<Opened, Failure: Error>(
        open: () throws(Failure) -> Opened, search: (Opened) throws(Failure) -> String?
    ) throws(Failure) -> Finding {
        let start = ContinuousClock.now
        let opened = try open()
        let before = ProcessMemory.resident()
        let searched = ContinuousClock.now
        let found = try search(opened)
        let finished = ContinuousClock.now
        let peak = ProcessMemory.peak()
        return Finding(
            open_s: ReprojectBenchmark.milliseconds(searched - start) / 1000,
            find_ms: ReprojectBenchmark.milliseconds(finished - searched), peak_mb: ProcessMemory.megabytes(peak),
            search_added_mb: ProcessMemory.megabytes(max(0, peak - before)), found: found)
    }

    /// What the benchmark searches for in the sharded dataset: an address, a street, a typo.
    static let searches = ["Linden Gasse 17", "Muehle Weg", "Kirhc Platz 3"]

    /// Street names of the generated city: two words each, from these.
    private static let streetWords = (
        [
            "Linden", "Muehle", "Kirch", "Berg", "See", "Wald", "Bach", "Rosen", "Garten", "Schul", "Post", "Markt", "Burg", "Feld",
            "Stein", "Brunnen", "Wiesen", "Hof", "Tal", "Sonnen"
        ],
        ["Gasse", "Weg", "Platz", "Strasse", "Allee", "Ring", "Steig", "Rain", "Halde", "Graben"]
    )

    /// A sharded dataset of `count` panoramas (as `manifestLoad`'s, in cells of 0.01°, each named
    /// by an address) opened by a fresh process (`bench data --input`, so nothing this one holds
    /// is counted): its seconds to open and peak memory, the number of shards, and its folder.
    private static func shardedOpen(count: Int, work: URL) throws(BenchmarkError) -> (
        seconds: Double, peak: Double, shards: Int, folder: URL
    ) {
        let folder = try makeFolder(work.appendingPathComponent("sharded-\(count)"))
        var random = Random(state: 4)
        let panoramas = try scattered(count: count, seed: 3, in: folder).map { panorama in
            var named = panorama
            let (first, second) = streetWords
            let street = first[Int(random.next() * Double(first.count))] + " " + second[Int(random.next() * Double(second.count))]
            named.description = "\(street) \(1 + Int(random.next() * 200)), Quartier \(1 + Int(random.next() * 12))"
            return named
        }
        do { try ShardWriter.writeSharded(name: nil, start: nil, panoramas: panoramas, markers: [], into: folder) } catch {
            throw .dataset(error)
        }
        let shards = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shards").path)) ?? []).count
        let opening = try BenchChild.measure(
            ["bench", "data", "--input", folder.path, "--json"], as: Opening.self,
            what: "opening the sharded dataset")
        return (opening.seconds, opening.peak_mb, shards, folder)
    }

    /// `count` panoramas at random places (from `seed`) in a disc 28 km across, each linked to the
    /// next, all showing one tiny image written into `folder` as p.png.
    private static func scattered(count: Int, seed: UInt64, in folder: URL) throws(BenchmarkError) -> [Panorama] {
        do { try PNGEncoder.write(RGBImage(width: 8, height: 4), to: folder.appendingPathComponent("p.png").path) } catch {
            throw .image(error)
        }
        var random = Random(state: seed)
        let places = (0..<count).map { _ in origin.offset(by: random.next() * 14_000, bearing: random.next() * 360) }
        return places.indices.map { i in
            let next = (i + 1) % count
            return Panorama(
                id: "p\(i)", imagePath: "p.png", coordinate: places[i], captureDate: "2024-06",
                links: [Link(target: "p\(next)", heading: places[i].bearing(to: places[next]))])
        }
    }

    /// Walks `steps` linked 2048×1024 panoramas with a 64 MB cache and prefetch, recording memory.
    private static func walkWithPrefetch(steps: Int, work: URL) throws(BenchmarkError) -> (
        budget: Int, cachePeak: Int, rssBefore: Int, rssPeak: Int, waits: Int
    ) {
        let folder = try makeFolder(work.appendingPathComponent("walk"))
        // Eight distinct images, reused round the walk: 200 files of identical bytes would only
        // test the page cache.
        for i in 0..<8 {
            var image = CompassSphere.render(width: 2048)
            for j in 0..<(image.pixels.count / 3) where j % 97 == i { image.pixels[3 * j] = 255 }
            let path = folder.appendingPathComponent("p\(i).jpg").path
            let bytes: [UInt8]
            do { bytes = try JPEGEncoder.encode(image, quality: 85) } catch { throw .image(error) }
            do { try OutputFile.replaceWhole(path, with: bytes) } catch { throw .file(error) }
        }
        let places = (0..<steps).map { origin.offset(by: Double($0) * 10, bearing: 90) }
        let panoramas = places.indices.map { i in
            let neighbours = [i + 1, i - 1].filter(places.indices.contains)
            return Panorama(
                id: "p\(i)", imagePath: "p\(i % 8).jpg", coordinate: places[i],
                links: neighbours.map { Link(target: "p\($0)", heading: places[i].bearing(to: places[$0])) })
        }
        try writeManifest(panoramas, in: folder)
        let dataset: Dataset
        do { dataset = try Dataset.open(folder.path) } catch { throw .dataset(error) }
        let budget = 64 << 20
        let cache = PanoramaCache(dataset: dataset, byteBudget: budget)
        let rssBefore = ProcessMemory.resident()
        var rssPeak = rssBefore
        var cachePeak = 0
        var waits = 0
        for panorama in panoramas {
            if !cache.residentIDs.contains(panorama.id) { waits += 1 }
            do { _ = try cache.panorama(panorama) } catch { throw .panorama(error) }
            cache.prefetchNeighbours(of: panorama, in: dataset.service)
            cache.waitForPrefetches()  // a person looks round before stepping on
            cachePeak = max(cachePeak, cache.residentBytes)
            rssPeak = max(rssPeak, ProcessMemory.resident())
        }
        return (budget, cachePeak, rssBefore, rssPeak, waits)
    }

    /// Makes `folder` (its parent exists or is made too) and returns it.
    private static func makeFolder(_ folder: URL) throws(BenchmarkError) -> URL {
        do {
            try OutputFile.makeFolder(folder.deletingLastPathComponent().path)
            try OutputFile.makeFolder(folder.path)
        } catch {
            throw .file(error)
        }
        return folder
    }

    /// Writes the manifest of `panoramas` into `folder`, as the importer would.
    private static func writeManifest(_ panoramas: [Panorama], in folder: URL) throws(BenchmarkError) {
        let bytes: Data
        do { bytes = try ManifestEncoder.encode(name: nil, start: nil, panoramas: panoramas, markers: []) } catch { throw .dataset(error) }
        do { try OutputFile.replaceWhole(folder.appendingPathComponent("manifest.json").path, with: [UInt8](bytes)) } catch {
            throw .file(error)
        }
    }
}
