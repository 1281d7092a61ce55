import PanoCore
import TermRender

/// What a terminal said it can do, from its replies to `TerminalProbe.queries`.
package struct TerminalCapabilities: Equatable, Sendable {
    /// True once DA1 was answered: every earlier reply has come by then (terminals answer in order).
    package private(set) var answered = false
    /// DA1's attributes (4 = sixel).
    package private(set) var deviceAttributes: [Int] = []
    /// XTVERSION's name and version, e.g. "XTerm(390)" or "kitty(0.39.1)"; untrusted text.
    package private(set) var version: String?
    /// Whether a 24-bit colour set with SGR came back exactly (DECRQSS), or terminfo's `RGB`/`Tc`
    /// was answered (XTGETTCAP): true shows 24-bit colour, false shows the terminal rounds it;
    /// nil when neither was answered.
    package private(set) var trueColor: Bool?
    /// Whether tmux listed `RGB` among its outer terminal's features (`TmuxFeatureQuery`): true
    /// passes 24-bit colour through; nil outside tmux or when tmux did not say.
    package private(set) var tmuxRGB: Bool?
    /// The kitty graphics protocol answered OK.
    package private(set) var kittyGraphics = false
    /// Whether the terminal reads UTF-8: the probe's "é" moved the cursor one column (true) or
    /// two (false); nil when it did not answer (the locale decides then).
    package private(set) var utf8: Bool?
    /// One cell's size in pixels, when reported.
    package private(set) var cellPixels: PixelSize?
    /// The text area's size in pixels, when reported.
    package private(set) var textAreaPixels: PixelSize?

    /// How many colours a sixel image may define (XTSMGRAPHICS), when told.
    package private(set) var sixelColours: Int?
    /// The largest sixel image now, in pixels (XTSMGRAPHICS); xterm makes it the window's size,
    /// up to `sixelAreaLimit`.
    package private(set) var sixelArea: PixelSize?
    /// The largest a sixel image can be made, in pixels (xterm's `maxGraphicSize`).
    package private(set) var sixelAreaLimit: PixelSize?
    /// The ANSI colours (0-15) the terminal told with OSC 4, by index.
    package private(set) var paletteColours: [Int: RGB] = [:]
    /// How many sixel geometry replies came in this batch, refusals too.
    private var sixelGeometryReplies = 0

    package init() {}

    /// The terminal's 16 ANSI colours, once it told all of them.
    package var ansiColours: [RGB]? {
        let colours = (0..<16).compactMap { paletteColours[$0] }
        return colours.count == 16 ? colours : nil
    }

    /// DA1 listed attribute 4.
    package var sixel: Bool { deviceAttributes.contains(4) }

    /// The largest cell a real terminal has, pixels: 4× a large 16×32 HiDPI cell. A terminal that
    /// says more is believed only this far, so no reply can size a picture past what exists.
    package static let largestCell = PixelSize(width: 64, height: 128)

    /// One cell's size in pixels in a window of `columns`×`rows` cells: as told (`CSI 16 t`), or
    /// the text area's size shared out (`CSI 14 t`), or the largest sixel image shared out where
    /// it is the window's size (xterm, whose window operations are off by default, says it this
    /// way only), at most `largestCell` each way; nil when none of them tells it.
    package func cellPixels(columns: Int, rows: Int) -> PixelSize? {
        reportedCell(columns: columns, rows: rows).map {
            PixelSize(width: min($0.width, Self.largestCell.width), height: min($0.height, Self.largestCell.height))
        }
    }

    /// The cell size as the terminal's replies give it, unbounded.
    private func reportedCell(columns: Int, rows: Int) -> PixelSize? {
        if let cellPixels { return cellPixels }
        guard columns > 0, rows > 0 else { return nil }
        func shared(_ area: PixelSize) -> PixelSize? {
            let cell = PixelSize(width: area.width / columns, height: area.height / rows)
            return cell.width > 0 && cell.height > 0 ? cell : nil
        }
        if let textAreaPixels { return shared(textAreaPixels) }
        // At its limit the sixel area is smaller than the window, and says nothing of the cells.
        guard let sixelArea, let limit = sixelAreaLimit, sixelArea.width < limit.width, sixelArea.height < limit.height else { return nil }
        return shared(sixelArea)
    }

    /// Takes tmux's list of its outer terminal's features (`client_termfeatures`).
    package mutating func take(tmuxFeatures features: [String]) {
        tmuxRGB = features.contains("RGB")
        if tmuxRGB == true { trueColor = true }
    }

    /// Takes one reply into account.
    package mutating func take(_ reply: TerminalReply) {
        switch reply {
        case .deviceAttributes(let attributes):
            answered = true
            deviceAttributes = attributes
            sixelGeometryReplies = 0  // the batch is over; a later one (after a resume) starts again
        case .version(let text): version = text
        case .graphicRendition(let parameters):
            guard let parameters else { return }
            let exact = Self.holdsProbeColour(parameters)
            trueColor = exact || trueColor == true
        case .capabilities(let found):
            if found["RGB"] != nil || found["Tc"] != nil { trueColor = true }
        case .kittyGraphics(let message): kittyGraphics = message == "OK"
        case .cellSize(let width, let height): cellPixels = PixelSize(width: width, height: height)
        case .textAreaSize(let width, let height): textAreaPixels = PixelSize(width: width, height: height)
        case .graphicsAttribute(let item, let values):
            if item == 1, let count = values.first, count > 0 { sixelColours = count }
            // The two geometry reads are answered in the order asked: now, then the limit.
            if item == 2 {
                let size = values.count == 2 && values[0] > 0 && values[1] > 0 ? PixelSize(width: values[0], height: values[1]) : nil
                if sixelGeometryReplies == 0 { sixelArea = size } else { sixelAreaLimit = size }
                sixelGeometryReplies += 1
            }
        case .paletteColour(let index, let colour): if index < 16 { paletteColours[index] = colour }
        case .cursorPosition(let row, let column):
            // The probe's answer: "é" written at row 2, column 1.
            if row == 2, utf8 == nil, column == 2 || column == 3 { utf8 = column == 2 }
        case .statusReport, .unrecognised: break
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
