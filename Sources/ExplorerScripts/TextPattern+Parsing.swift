import Explorer

/// Reading a `TextPattern`: alternation `|`, groups `(…)` and `(?:…)`, the quantifiers `*`, `+`,
/// `?`, `{n}`, `{n,}`, `{n,m}` and `{,m}` (a lazy `?` after one is accepted: a search finds the same),
/// `.`, `^` and `$` (the start and end of the text), `\d \w \s \D \W \S`, `\t \n \r`, any
/// punctuation escaped, and sets `[…]` with ranges and negation. Anything else with a meaning
/// in Swift's syntax is refused, so a pattern never means something other than it would there.
extension TextPattern {
    /// Why a pattern is not accepted, said as the script's error says it.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The pattern as a tree.
    indirect enum Node {
        case test(CharacterTest)
        case start, end
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    /// Largest count in `{n,m}`.
    static let maxCount = 1_000
    /// Most groups one inside another, as Swift's `Regex` allows (it refuses 63): the parser and
    /// the compiler recurse once a group, so a pattern nested without limit would exhaust the
    /// stack (50,000 deep did).
    package static let maxNesting = 62

    struct Parser {
        private let text: [Character]
        private var index = 0
        /// Groups open at `index`.
        private var depth = 0

        init(_ text: [Character]) {
            self.text = text
        }

        private var next: Character? { index < text.count ? text[index] : nil }

        mutating func parseWhole() throws(Problem) -> Node {
            let tree = try parseChoice()
            if next == ")" { throw Problem(description: "a ) has no ( before it") }
            return tree
        }

        private mutating func parseChoice() throws(Problem) -> Node {
            var branches = [try parseSequence()]
            while next == "|" {
                index += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        private mutating func parseSequence() throws(Problem) -> Node {
            var items: [Node] = []
            while let character = next, character != "|", character != ")" {
                let atom = try parseAtom()
                items.append(try parseQuantifier(on: atom))
            }
            return .sequence(items)
        }

        private mutating func parseAtom() throws(Problem) -> Node {
            let character = text[index]
            index += 1
            switch character {
            case "(": return try parseGroup()
            case "[": return .test(try parseSet())
            case ".": return .test(.any)
            case "^": return .start
            case "$": return .end
            case "\\": return .test(try parseEscape().test)
            case "*", "+", "?": throw Problem(description: "\(character) has nothing before it to repeat")
            default: return .test(.literal(character))
            }
        }

        private mutating func parseGroup() throws(Problem) -> Node {
            if next == "?" {
                guard index + 1 < text.count, text[index + 1] == ":" else {
                    throw Problem(description: "(? groups other than (?: (lookaround, names, options) are not supported")
                }
                index += 2
            }
            depth += 1
            defer { depth -= 1 }
            guard depth <= TextPattern.maxNesting else {
                throw Problem(description: "groups are nested more than \(TextPattern.maxNesting) deep")
            }
            let inner = try parseChoice()
            guard next == ")" else { throw Problem(description: "a ( is not closed") }
            index += 1
            return inner
        }

        private mutating func parseQuantifier(on atom: Node) throws(Problem) -> Node {
            let bounds: (min: Int, max: Int?)
            let symbols: [Character: (min: Int, max: Int?)] = ["*": (0, nil), "+": (1, nil), "?": (0, 1)]
            if let symbol = next, let given = symbols[symbol] {
                index += 1
                bounds = given
            } else if next == "{", let counted = try parseCount() {
                bounds = counted
            } else {
                return atom
            }
            if case .start = atom { throw Problem(description: "^ cannot be repeated") }
            if case .end = atom { throw Problem(description: "$ cannot be repeated") }
            if next == "?" { index += 1 }  // lazy: the same to a search
            if let extra = next, "*+?{".contains(extra) {
                throw Problem(description: "a quantifier after a quantifier (possessive or nested) is not supported")
            }
            return .repeated(atom, min: bounds.min, max: bounds.max)
        }

        /// `{n}`, `{n,}` or `{n,m}` at `index`, consumed; nil (nothing consumed) when the brace
        /// does not start one, and it is then a literal `{`, as in Swift.
        private mutating func parseCount() throws(Problem) -> (min: Int, max: Int?)? {
            guard let close = text[index...].firstIndex(of: "}") else { return nil }
            let inside = String(text[(index + 1)..<close])
            // A count is never negative: `{-2,}` is literal text, as in Swift (it once reached a
            // backwards range and crashed: found by scripts/fuzz).
            guard !inside.contains("-") else { return nil }
            let parts = inside.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            // `{,m}` is `{0,m}`, as in Swift.
            guard let low = parts[0].isEmpty && parts.count == 2 ? 0 : Int(parts[0]), parts[0].allSatisfy(\.isASCII) else { return nil }
            let high: Int?
            if parts.count == 1 {
                high = low
            } else if parts[1].isEmpty {
                high = nil
            } else if let given = Int(parts[1]), parts[1].allSatisfy(\.isASCII) {
                high = given
            } else {
                return nil
            }
            if let high, high < low { throw Problem(description: "{\(inside)}: the largest count is smaller than the least") }
            guard max(low, high ?? 0) <= TextPattern.maxCount else {
                throw Problem(description: "{\(inside)}: counts go up to \(TextPattern.maxCount)")
            }
            index = close + 1
            return (low, high)
        }

        /// After a `\`: a class, a control character, or punctuation as itself.
        private mutating func parseEscape() throws(Problem) -> (test: CharacterTest, item: SetItem) {
            guard let character = next else { throw Problem(description: "the pattern ends in a lone \\") }
            index += 1
            let kinds: [Character: (CharacterKind, Bool)] = [
                "d": (.digit, false), "D": (.digit, true), "w": (.word, false), "W": (.word, true), "s": (.space, false),
                "S": (.space, true)
            ]
            if let (kind, negated) = kinds[character] { return (.kind(kind, negated: negated), .kind(kind, negated: negated)) }
            let controls: [Character: Character] = ["t": "\t", "n": "\n", "r": "\r"]
            if let control = controls[character] { return (.literal(control), .single(control)) }
            guard character.isPunctuation || character.isSymbol || character == " " else {
                throw Problem(description: "\\\(character) is not supported (back-references, \\b, \\p{…} and the like)")
            }
            return (.literal(character), .single(character))
        }

        /// After a `[`, up to and with its `]`.
        private mutating func parseSet() throws(Problem) -> CharacterTest {
            let negated = next == "^"
            if negated { index += 1 }
            guard next != "]" else { throw Problem(description: "[] holds nothing; write \\] for a bracket in a set") }
            var items: [SetItem] = []
            while let character = next, character != "]" {
                index += 1
                let item: SetItem
                switch character {
                case "\\": item = try parseEscape().item
                case "[": throw Problem(description: "a [ inside […] (nested sets) is not supported; write \\[")
                default: item = .single(character)
                }
                if case .single(let low) = item, next == "-", index + 1 < text.count, text[index + 1] != "]" {
                    index += 1
                    var high = text[index]
                    index += 1
                    if high == "\\" {
                        guard case .single(let escaped) = try parseEscape().item else {
                            throw Problem(description: "a range in […] must end in one character")
                        }
                        high = escaped
                    }
                    guard low <= high else { throw Problem(description: "[\(low)-\(high)]: the range runs backwards") }
                    items.append(.range(low, high))
                } else {
                    items.append(item)
                }
            }
            guard next == "]" else { throw Problem(description: "a [ is not closed") }
            index += 1
            return .set(items, negated: negated)
        }
    }

    /// Writes a tree out as a program, within `maxInstructions`.
    struct Compiler {
        var program: [Instruction] = []

        private mutating func append(_ instruction: Instruction) throws(Problem) -> Int {
            guard program.count < TextPattern.maxInstructions else {
                throw Problem(
                    description: "the pattern is too large (over \(TextPattern.maxInstructions) steps once its counts are written out)")
            }
            program.append(instruction)
            return program.count - 1
        }

        mutating func emit(_ node: Node) throws(Problem) {
            switch node {
            case .test(let test): _ = try append(.character(test))
            case .start: _ = try append(.atStart)
            case .end: _ = try append(.atEnd)
            case .sequence(let items): for item in items { try emit(item) }
            case .choice(let branches): try emitChoice(branches)
            case .repeated(let inner, let least, let most): try emitRepeat(inner, least: least, most: most)
            }
        }

        private mutating func emitChoice(_ branches: [Node]) throws(Problem) {
            var exits: [Int] = []
            for branch in branches.dropLast() {
                let split = try append(.split(program.count + 1, -1))
                try emit(branch)
                exits.append(try append(.jump(-1)))
                program[split] = .split(split + 1, program.count)
            }
            try emit(branches[branches.count - 1])
            for exit in exits { program[exit] = .jump(program.count) }
        }

        private mutating func emitRepeat(_ inner: Node, least: Int, most: Int?) throws(Problem) {
            for _ in 0..<least { try emit(inner) }
            guard let most else {
                let loop = try append(.split(program.count + 1, -1))
                try emit(inner)
                _ = try append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
                return
            }
            var skips: [Int] = []
            for _ in least..<most {
                skips.append(try append(.split(program.count + 1, -1)))
                try emit(inner)
            }
            for skip in skips { program[skip] = .split(skip + 1, program.count) }
        }
    }
}
