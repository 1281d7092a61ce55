import PanoCore
import StreetModel

/// A command typed after `:` (or read from a script): programmatic control of the explorer,
/// never blocked by gesture settings.
package enum TypedCommand: Equatable, Sendable {
    case heading(Double)
    case pitch(Double)
    case zoom(Double)
    case camera(heading: Double, pitch: Double, zoom: Double)
    /// Move the camera there over `seconds`, eased, the short way round.
    case animate(heading: Double, pitch: Double, zoom: Double, seconds: Double)
    case goto(id: String)
    case near(Coordinate, radius: Double, source: SourceFilter)
    /// Go to the place the dataset names so (`ExplorerState.find`), facing it.
    case find(String)
    /// Open the full-screen map (as `M`).
    case map
    case quit

    /// The commands as the help lists them.
    package static let usage = [
        ":heading H", ":pitch P", ":zoom Z", ":camera H P Z", ":animate H P Z SECONDS", ":goto ID",
        ":near LAT,LNG [RADIUS] [outdoor]", ":find TEXT", ":map", ":quit"
    ]

    /// Parses one command (without the leading `:`); the error is one line saying what is wrong.
    package static func parse(_ text: String) throws(TypedCommandError) -> TypedCommand {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { throw TypedCommandError("empty command") }
        let arguments = Array(words.dropFirst())
        func number(_ index: Int, _ what: String, in range: ClosedRange<Double>) throws(TypedCommandError) -> Double {
            guard index < arguments.count, let value = Double(decimal: arguments[index]) else {
                throw TypedCommandError(":\(name) needs \(what)")
            }
            guard range.contains(value) else {
                throw TypedCommandError(":\(name): \(what) must be within \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        func expectCount(_ count: ClosedRange<Int>) throws(TypedCommandError) {
            guard count.contains(arguments.count) else {
                throw TypedCommandError("usage: \(usage.first { $0.hasPrefix(":" + name) } ?? ":" + name)")
            }
        }
        switch name {
        case "heading":
            try expectCount(1...1)
            return .heading(try number(0, "a heading in degrees", in: -360...720))
        case "pitch":
            try expectCount(1...1)
            return .pitch(try number(0, "a pitch in degrees", in: -90...90))
        case "zoom":
            try expectCount(1...1)
            return .zoom(try number(0, "a zoom", in: 1...5))
        case "camera":
            try expectCount(3...3)
            return .camera(
                heading: try number(0, "a heading", in: -360...720), pitch: try number(1, "a pitch", in: -90...90),
                zoom: try number(2, "a zoom", in: 1...5))
        case "animate":
            try expectCount(4...4)
            return .animate(
                heading: try number(0, "a heading", in: -360...720), pitch: try number(1, "a pitch", in: -90...90),
                zoom: try number(2, "a zoom", in: 1...5), seconds: try number(3, "seconds", in: 0...60))
        case "goto":
            try expectCount(1...1)
            return .goto(id: arguments[0])
        case "near":
            try expectCount(1...3)
            let place: Coordinate
            switch Coordinate.parse(arguments[0]) {
            case .success(let parsed): place = parsed
            case .failure(let error): throw TypedCommandError(":near \(arguments[0]): \(error.message)")
            }
            var radius = PanoramaService.defaultRadius
            var source = SourceFilter.default
            for word in arguments.dropFirst() {
                if let value = Double(decimal: word), value >= 0, value <= 100_000 {
                    radius = value
                } else if let filter = SourceFilter(rawValue: word) {
                    source = filter
                } else {
                    throw TypedCommandError(":near: '\(word)' is neither a radius in metres nor default/outdoor")
                }
            }
            return .near(place, radius: radius, source: source)
        case "find":
            guard !arguments.isEmpty else { throw TypedCommandError("usage: :find TEXT (a place's name, e.g. :find clock tower)") }
            return .find(arguments.joined(separator: " "))
        case "map":
            try expectCount(0...0)
            return .map
        case "quit", "q":
            try expectCount(0...0)
            return .quit
        default:
            throw TypedCommandError("unknown command ':\(name)'")
        }
    }
}

/// Why a typed command could not be understood; `message` is shown as is (it may quote what was
/// typed, which the front sanitises like all text).
package struct TypedCommandError: Error, Equatable, Sendable {
    package let message: String
    init(_ message: String) { self.message = message }
}
