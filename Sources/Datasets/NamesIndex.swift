import FoundationEssentials
import PanoCore
import StreetModel

/// The names a sharded dataset's panoramas give (descriptions and the streets their ways name),
/// indexed so that a search reads a few files instead of every shard (docs/dataset-format.md,
/// "Names index"). `names/words.tsv` lists every word of every name, folded as `SearchText`
/// folds it, with the buckets holding a name with that word; each bucket, `names/N.tsv`, holds
/// up to `bucketSize` names, in the order of their folded words, one a line:
/// `KIND<TAB>LAT<TAB>LNG<TAB>ID<TAB>WORDS<TAB>NAME`, WORDS the name's folded words, space-separated,
/// so a search keeps a line without folding its name.
package enum NamesIndex {
    /// The vocabulary's path in the dataset, named by the manifest's `names`.
    package static let wordsPath = "names/words.tsv"
    /// Names a bucket holds, at most.
    static let bucketSize = 1024
    /// Buckets a search reads, at most: the best-matching ones.
    static let bucketsRead = 48
    /// The most a vocabulary or a bucket file may hold, bytes.
    package static let fileLimit = 32 << 20
    /// The vocabulary's first line.
    static let header = "sidewalk-names\t1"

    /// The path of bucket `number` in the dataset.
    static func bucketPath(_ number: Int) -> String { "names/\(number).tsv" }

    /// Why an index could not be read, in one line.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The places a names index finds for `query`, best first (as `PlaceSearch.search` ranks
    /// them, nearer `near` first among equals), at most `limit`. `vocabulary` is the words file;
    /// `readBucket` reads a bucket's file by number. Only the buckets whose words match every
    /// word typed are read, the `bucketsRead` best of them.
    package static func search<Failure: Error>(
        _ query: String, vocabulary: [UInt8], near: Coordinate?, limit: Int = 10,
        readBucket: (Int) throws(Failure) -> [UInt8]
    ) throws(Failure) -> [PlaceMatch] {
        let typed = SearchText.words(query)
        guard !typed.isEmpty, let (count, lines) = vocabularyLines(vocabulary) else { return [] }
        // Per word typed, the best score of a matching word in each bucket, and the words that match.
        var best = [[Float]](repeating: [Float](repeating: 0, count: count), count: typed.count)
        var matching = [Set<String>](repeating: [], count: typed.count)
        for line in lines {
            guard let tab = line.firstIndex(of: 0x09) else { continue }
            let word = String(decoding: line[..<tab], as: UTF8.self)
            for (index, typedWord) in typed.enumerated() {
                let score = Float(PlaceSearch.wordScore(typedWord, word))
                guard score > 0 else { continue }
                matching[index].insert(word)
                forEachBucket(in: line[(tab + 1)...], below: count) { best[index][$0] = max(best[index][$0], score) }
            }
        }
        var candidates: [(bucket: Int, score: Float)] = []
        for bucket in 0..<count where best.allSatisfy({ $0[bucket] > 0 }) {
            candidates.append((bucket, best.reduce(Float(0)) { $0 + $1[bucket] }))
        }
        candidates.sort { $0.score > $1.score || ($0.score == $1.score && $0.bucket < $1.bucket) }
        var places: [NamedPlace] = []
        for (bucket, _) in candidates.prefix(bucketsRead) {
            places += bucketPlaces(try readBucket(bucket), matching: matching)
        }
        return PlaceSearch.search(query, in: places, near: near, limit: limit)
    }

    /// The bucket count and the word lines of a vocabulary; nil when it is not one.
    private static func vocabularyLines(_ bytes: [UInt8]) -> (Int, [ArraySlice<UInt8>])? {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first else { return nil }
        let fields = String(decoding: first, as: UTF8.self).split(separator: "\t")
        guard fields.count == 3, "\(fields[0])\t\(fields[1])" == header, let count = Int(fields[2]), (1...1_000_000).contains(count)
        else { return nil }
        lines.removeFirst()
        return (count, lines)
    }

    /// Calls `body` with each bucket number a postings list (`0-3,7,9-12`) names, below `count`.
    private static func forEachBucket(in postings: ArraySlice<UInt8>, below count: Int, _ body: (Int) -> Void) {
        for range in postings.split(separator: UInt8(ascii: ",")) {
            let ends = range.split(separator: UInt8(ascii: "-"), maxSplits: 1).map { Int(String(decoding: $0, as: UTF8.self)) }
            guard let low = ends.first ?? nil, let high = ends.last ?? nil, low >= 0, low <= high, low < count else { continue }
            for bucket in low...min(high, count - 1) { body(bucket) }
        }
    }

    /// The places a bucket file lists that have, for each word typed, one of the words that
    /// match it (`matching`); malformed lines are skipped.
    static func bucketPlaces(_ bytes: [UInt8], matching: [Set<String>]) -> [NamedPlace] {
        bytes.split(separator: 0x0A).compactMap { line in
            let fields = line.split(separator: 0x09, maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6 else { return nil }
            let words = Set(fields[4].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) })
            guard matching.allSatisfy({ !$0.isDisjoint(with: words) }) else { return nil }
            let text = fields.map { String(decoding: $0, as: UTF8.self) }
            guard let kind = NamedPlace.Kind(rawValue: text[0]), let latitude = Double(text[1]), let longitude = Double(text[2]),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude), !text[5].isEmpty
            else { return nil }
            return NamedPlace(name: text[5], kind: kind, coordinate: coordinate, id: text[3] == "-" ? nil : text[3])
        }
    }
}
