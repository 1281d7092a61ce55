import FoundationEssentials
import StreetModel

extension NamesIndex {
    /// The index's files for `panoramas` (its vocabulary last), as (path in the dataset, bytes).
    package static func files(for panoramas: [Panorama]) -> [(path: String, bytes: Data)] {
        let places = PlaceSearch.places(panoramas: panoramas, markers: [])
            .map { (words: SearchText.words($0.name), place: $0) }
            .filter { !$0.words.isEmpty }
            .sorted { $0.words.lexicographicallyPrecedes($1.words) }
        var files: [(path: String, bytes: Data)] = []
        var buckets: [String: [Int]] = [:]
        for start in stride(from: 0, to: places.count, by: bucketSize) {
            let number = files.count
            let members = places[start..<min(start + bucketSize, places.count)]
            var text = ""
            for (words, place) in members {
                for word in Set(words) where buckets[word]?.last != number { buckets[word, default: []].append(number) }
                text += line(for: place, words: words)
            }
            files.append((bucketPath(number), Data(text.utf8)))
        }
        var vocabulary = "\(header)\t\(max(1, files.count))\n"
        for (word, numbers) in buckets.sorted(by: { $0.key < $1.key }) {
            vocabulary += word + "\t" + ranges(numbers) + "\n"
        }
        files.append((wordsPath, Data(vocabulary.utf8)))
        return files
    }

    /// A bucket's line for `place` and its folded `words`, its name's tabs and line breaks made spaces.
    private static func line(for place: NamedPlace, words: [String]) -> String {
        let name = String(place.name.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        let position = "\(place.coordinate.latitude)\t\(place.coordinate.longitude)"
        return "\(place.kind.rawValue)\t\(position)\t\(place.id ?? "-")\t\(words.joined(separator: " "))\t\(name)\n"
    }

    /// Ascending numbers as runs: `0-3,7,9-12`.
    private static func ranges(_ numbers: [Int]) -> String {
        var runs: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            runs.append(end == index ? "\(numbers[index])" : "\(numbers[index])-\(numbers[end])")
            index = end + 1
        }
        return runs.joined(separator: ",")
    }
}
