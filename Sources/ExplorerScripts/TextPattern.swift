import Explorer

/// A regular expression of a script's `/…/`, matched without backtracking: the pattern becomes a
/// program of character tests and splits, run as a Thompson NFA (every alternative advanced one
/// character at a time, as RE2 and Go's regexp do), so a search costs at most the text's length
/// times the program's, whatever the pattern. `(\w|\s|.)*@@@` over 100,000 characters is as fast
/// as any other. The syntax is the part of Swift's that a boolean search needs
/// (`TextPattern+Parsing.swift` and docs/accessibility-testing.md); what would need backtracking
/// (back-references, lookaround) is refused when the script is read.
package struct TextPattern: Equatable, Sendable {
    /// The pattern as written, between the slashes.
    package let source: String
    private let program: [Instruction]

    /// Most instructions a pattern may compile to (a counted repeat is written out), so a
    /// pattern's cost per character is bounded too.
    static let maxInstructions = 20_000

    /// One step of the program; indices are into the program.
    enum Instruction: Sendable {
        case character(CharacterTest)
        /// Go on at both, the first preferred (the preference does not matter to a search).
        case split(Int, Int)
        case jump(Int)
        case atStart
        case atEnd
        case match
    }

    /// Compiles `source`; throws a problem naming what is not accepted.
    package init(_ source: String) throws(Problem) {
        var parser = Parser(Array(source))
        let tree = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        self.source = source
        self.program = compiler.program
    }

    package static func == (lhs: TextPattern, rhs: TextPattern) -> Bool { lhs.source == rhs.source }

    /// True when the pattern matches anywhere in `text`.
    package func isFound(in text: String) -> Bool {
        let characters = Array(text)
        var current = ThreadSet(capacity: program.count)
        var next = ThreadSet(capacity: program.count)
        for position in 0...characters.count {
            // A match may start at every position: the search is unanchored.
            if add(0, at: position, of: characters.count, to: &current) { return true }
            guard position < characters.count else { break }
            let character = characters[position]
            next.clear()
            for index in current.members {
                guard case .character(let test) = program[index], test.accepts(character) else { continue }
                if add(index + 1, at: position + 1, of: characters.count, to: &next) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `start` and all it reaches without reading a character; true when one
    /// of them is the match.
    private func add(_ start: Int, at position: Int, of length: Int, to threads: inout ThreadSet) -> Bool {
        var pending = [start]
        while let index = pending.popLast() {
            guard threads.insert(index) else { continue }
            switch program[index] {
            case .character: break
            case .split(let first, let second): pending.append(contentsOf: [second, first])
            case .jump(let target): pending.append(target)
            case .atStart: if position == 0 { pending.append(index + 1) }
            case .atEnd: if position == length { pending.append(index + 1) }
            case .match: return true
            }
        }
        return false
    }
}

/// The program's positions alive at one character, each once, in the order added.
private struct ThreadSet {
    private(set) var members: [Int] = []
    private var present: [Bool]

    init(capacity: Int) {
        present = Array(repeating: false, count: capacity)
        members.reserveCapacity(capacity)
    }

    /// False when `index` was already there.
    mutating func insert(_ index: Int) -> Bool {
        guard !present[index] else { return false }
        present[index] = true
        members.append(index)
        return true
    }

    mutating func clear() {
        for index in members { present[index] = false }
        members.removeAll(keepingCapacity: true)
    }
}

/// What one character of the text must be.
enum CharacterTest: Equatable, Sendable {
    case literal(Character)
    /// `.`: anything but a newline, as in Swift's default.
    case any
    /// `\d`, `\w`, `\s` (and their negations, `negated`).
    case kind(CharacterKind, negated: Bool)
    /// `[…]`: any of `items`, or none of them when `negated`.
    case set([SetItem], negated: Bool)

    func accepts(_ character: Character) -> Bool {
        switch self {
        case .literal(let expected): character == expected
        case .any: !character.isNewline
        case .kind(let kind, let negated): kind.contains(character) != negated
        case .set(let items, let negated): items.contains { $0.contains(character) } != negated
        }
    }
}

/// The classes `\d`, `\w` and `\s` stand for, as Swift's regular expressions define them.
enum CharacterKind: Equatable, Sendable {
    case digit, word, space

    func contains(_ character: Character) -> Bool {
        switch self {
        case .digit: character.unicodeScalars.first?.properties.numericType == .decimal
        case .word: character.isLetter || character.isNumber || character == "_" || character.isMark
        case .space: character.isWhitespace
        }
    }
}

/// One member of a `[…]` set.
enum SetItem: Equatable, Sendable {
    case single(Character)
    case range(Character, Character)
    case kind(CharacterKind, negated: Bool)

    func contains(_ character: Character) -> Bool {
        switch self {
        case .single(let member): character == member
        case .range(let low, let high): low <= character && character <= high
        case .kind(let kind, let negated): kind.contains(character) != negated
        }
    }
}

extension Character {
    /// A combining mark (which `\w` takes, as Swift's does).
    fileprivate var isMark: Bool {
        unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark }
            ?? false
    }
}
