import Explorer
import ExplorerScripts
import Testing

/// `TextPattern` against Swift's own regular expressions (the syntax scripts were written for):
/// every pattern of the accepted syntax finds what `String.contains(Regex)` finds, in every text;
/// and a pattern that makes a backtracking matcher run for ever is answered at once.
@Suite("Script patterns without backtracking")
struct TextPatternTests {
    static let patterns = [
        "Heading 90° E", "^Facing east", "Lindenfeld\\.$", "a|b|c", "(ab)+c", "(?:ab)*c", "a{2}", "a{2,}", "a{1,3}b",
        "colou?r", "[a-c]+x", "[^a-z ]", "\\d+ m", "\\w+ Street", "\\s\\s", "\\D\\W\\S", "[\\d.]+", ".*ahead\\.",
        "^$", "x*", "(a|ab)(c|bcd)(d*)", "[a\\-z]", "\\[.*E.*\\]", "» ▲1", "café|Café", "a.c", "\\(\\)",
        "(a*)*b", "((a|b)*c)+", "^(\\w+ ){2}\\w+$", "a{0}b", "\\t", "[ä-ü]", "b*?c", "a{,2}", "x{",
        "a{-2,}", "[^\\d]{-2,}&"
    ]
    static let texts = [
        "", "Heading 90° E", "Facing east, 90°, level. At Main Street 16, Lindenfeld.", "abc", "ababc", "c", "aa", "a",
        "aaab", "color colour", "bbx", "ABC", "12 m ahead.", "Main Street", "a  b", "1 .", "3.14", "48 m ahead.",
        "[12 E 3]", "» ▲1 Main Street", "Café Aurora", "abcd", "()", "aaaaaaaaaaaaaaaaaaaac", "one two three", "tab\there",
        "über", "x{", "line one\nline two", "a,2", "a{-2,}", "b{-2,}&"
    ]

    @Test("finds what Swift's Regex finds, for every pattern and text")
    func agreesWithSwiftRegex() throws {
        for pattern in Self.patterns {
            let ours = try TextPattern(pattern)
            let reference = try Regex(pattern)
            for text in Self.texts {
                #expect(ours.isFound(in: text) == text.contains(reference), "/\(pattern)/ in \"\(text)\"")
            }
        }
    }

    @Test("a pattern that backtracks for ever elsewhere is answered at once: (\\w|\\s|.)*@@@ over 100,000 characters")
    func noCatastrophicBacktracking() throws {
        let pattern = try TextPattern("(\\w|\\s|.)*@@@")
        let text = String(repeating: "ab c", count: 25_000)
        #expect(!pattern.isFound(in: text))
        #expect(pattern.isFound(in: text + "@@@"))
        #expect(try !TextPattern("(a+)+b").isFound(in: String(repeating: "a", count: 50_000)))
    }

    @Test(
        "what would need backtracking, or means something else in Swift, is refused with its reason",
        arguments: [
            ("(a)\\1", "\\1 is not supported"), ("(?=a)", "(? groups"), ("(?<name>a)", "(? groups"), ("\\bword", "\\b is not supported"),
            ("\\p{L}", "\\p is not supported"), ("a++", "a quantifier after a quantifier"), ("*a", "nothing before it"),
            ("(unclosed", "a ( is not closed"), ("a)", "a ) has no ("), ("[abc", "a [ is not closed"), ("[[a]]", "nested sets"),
            ("a{3,2}", "smaller than the least"), ("a{5000}", "counts go up to 1000"), ("[z-a]", "runs backwards"),
            ("abc\\", "lone \\"), ("[]a]", "[] holds nothing"), ("(a{1000}){1000}", "too large"),
            (String(repeating: "(", count: 63) + "a" + String(repeating: ")", count: 63), "nested more than 62 deep")
        ])
    func refused(pattern: String, reason: String) {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(pattern) }
        do { _ = try TextPattern(pattern) } catch {
            #expect(error.description.contains(reason), "/\(pattern)/: \(error)")
        }
    }

    @Test("groups are nested as deep as Swift's Regex allows; deeper, even 50,000 deep, is refused without exhausting the stack")
    func nesting() throws {
        for open in ["(", "(?:"] {
            for depth in (TextPattern.maxNesting - 1)...(TextPattern.maxNesting + 1) {
                let pattern = String(repeating: open, count: depth) + "a" + String(repeating: ")", count: depth)
                #expect(((try? TextPattern(pattern)) != nil) == ((try? Regex(pattern)) != nil), "\(open) \(depth) deep")
            }
        }
        for (open, depth) in [("(", 50_000), ("(?:", 50_000), ("(a|", 20_000)] {
            let pattern = String(repeating: open, count: depth) + "a" + String(repeating: ")", count: depth)
            #expect { try TextPattern(pattern) } throws: {
                ($0 as? TextPattern.Problem)?.description == "groups are nested more than 62 deep"
            }
        }
    }
}
