/// Text as place search compares it: lowercase words of letters and digits, accents taken off
/// (`Café` and `cafe` are one word), so a user types names as they come to mind. Standard
/// library only: the letters folded are Latin-1's and Latin Extended-A's, which cover the
/// accented names of Europe's streets; any other letter is kept as it is.
package enum SearchText {
    /// The words of `text`, folded.
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text.lowercased() {
            let folded = fold(character)
            if folded.allSatisfy({ $0.isLetter || $0.isNumber }) {
                word += folded
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `character` without its accent (`é` → `e`, `ß` → `ss`, `æ` → `ae`), or as it is.
    private static func fold(_ character: Character) -> String {
        if let plain = folds[character] { return plain }
        return String(character)
    }

    private static let folds: [Character: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z")
        ]
        var folds: [Character: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d"]
        for (letters, plain) in groups {
            for letter in letters { folds[letter] = plain }
        }
        return folds
    }()

    /// The Damerau–Levenshtein distance between `a` and `b` (insertions, deletions,
    /// substitutions and swaps of neighbours, each 1), or nil when it is over `limit`.
    package static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a)
        let b = Array(b)
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            guard current.min()! <= limit else { return nil }
            (previous2, previous) = (previous, current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
