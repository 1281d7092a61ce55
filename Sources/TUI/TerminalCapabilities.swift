import TermRender

/// What a terminal said it can do, from its replies to `TerminalProbe.queries`.
public struct TerminalCapabilities: Equatable, Sendable {
    /// True once DA1 was answered: every earlier reply has come by then (terminals answer in order).
    public private(set) var answered = false
    /// DA1's attributes (4 = sixel).
    public private(set) var deviceAttributes: [Int] = []
    /// XTVERSION's name and version, e.g. "XTerm(390)" or "kitty(0.39.1)"; untrusted text.
    public private(set) var version: String?
    /// Whether a 24-bit colour set with SGR came back exactly (DECRQSS), or terminfo's `RGB`/`Tc`
    /// was answered (XTGETTCAP): true shows 24-bit colour, false shows the terminal rounds it;
    /// nil when neither was answered.
    public private(set) var trueColor: Bool?
    /// The kitty graphics protocol answered OK.
    public private(set) var kittyGraphics = false
    /// One cell's size in pixels, when reported.
    public private(set) var cellPixels: PixelSize?
    /// The text area's size in pixels, when reported.
    public private(set) var textAreaPixels: PixelSize?

    public init() {}

    /// DA1 listed attribute 4.
    public var sixel: Bool { deviceAttributes.contains(4) }

    /// Takes one reply into account.
    public mutating func take(_ reply: TerminalReply) {
        switch reply {
        case let .deviceAttributes(attributes):
            answered = true
            deviceAttributes = attributes
        case let .version(text): version = text
        case let .graphicRendition(parameters):
            guard let parameters else { return }
            let exact = Self.holdsProbeColour(parameters)
            trueColor = exact || trueColor == true
        case let .capabilities(found):
            if found["RGB"] != nil || found["Tc"] != nil { trueColor = true }
        case let .kittyGraphics(message): kittyGraphics = message == "OK"
        case let .cellSize(width, height): cellPixels = PixelSize(width: width, height: height)
        case let .textAreaSize(width, height): textAreaPixels = PixelSize(width: width, height: height)
        case .unrecognised: break
        }
    }

    /// True when SGR parameters read back hold the background `TerminalProbe.probeColour` in
    /// 24-bit form, in any of its spellings: `48;2;R;G;B`, `48:2:R:G:B`, `48:2::R:G:B`.
    static func holdsProbeColour(_ parameters: String) -> Bool {
        let (red, green, blue) = TerminalProbe.probeColour
        let fields = parameters.split(separator: ";").flatMap { $0.split(separator: ":", omittingEmptySubsequences: true) }
        let wanted = ["48", "2", "\(red)", "\(green)", "\(blue)"].map { Substring($0) }
        return fields.indices.contains { fields[$0...].starts(with: wanted) }
    }
}
