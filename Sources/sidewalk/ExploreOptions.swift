import PanoCore

/// What `sidewalk [IMAGE] [options]` was asked to do.
struct ExploreOptions: Equatable {
    enum Action: Equatable {
        case explore
        case help
        case version
    }

    var action: Action = .explore
    /// The panorama to open; nil for the bundled default.
    var imagePath: String?
    /// The starting camera.
    var camera = PanoramaCamera()

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> ExploreOptions {
        var options = ExploreOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": options.action = .help
            case "--version": options.action = .version
            case "--heading": options.camera.heading = try number(for: argument, from: &remaining, in: -360...720)
            case "--pitch": options.camera.pitch = try number(for: argument, from: &remaining, in: PanoramaCamera.pitchRange)
            case "--zoom": options.camera.zoom = try number(for: argument, from: &remaining, in: PanoramaCamera.zoomRange)
            case "--fov": options.camera.fov = try number(for: argument, from: &remaining, in: PanoramaCamera.fovRange)
            case "--":
                guard let path = remaining.popFirst() else { throw UsageError(description: "-- must be followed by an image path") }
                try options.setImage(path)
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError(description: "unknown option '\(argument)'; see sidewalk --help")
                }
                try options.setImage(argument)
            }
        }
        return options
    }

    private mutating func setImage(_ path: String) throws(UsageError) {
        guard imagePath == nil else {
            throw UsageError(description: "more than one image given ('\(imagePath!)' and '\(path)')")
        }
        imagePath = path
    }

    private static func number(
        for option: String, from remaining: inout ArraySlice<String>, in range: ClosedRange<Double>
    ) throws(UsageError) -> Double {
        guard let text = remaining.popFirst() else { throw UsageError(description: "\(option) needs a number") }
        guard let value = Double(text), value.isFinite else {
            throw UsageError(description: "\(option) needs a number, not '\(text)'")
        }
        guard range.contains(value) else {
            throw UsageError(description: "\(option) \(text) is outside \(formatted(range.lowerBound))...\(formatted(range.upperBound))")
        }
        return value
    }

    private static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
