import PanoCore

/// An answer the terminal sent to one of our queries (`TerminalProbe`). Replies arrive on the
/// same stream as keys, so `InputDecoder` takes them out and they never act as keys.
package enum TerminalReply: Equatable, Sendable {
    /// DA1 (`CSI ? … c`): the attributes the terminal lists; 4 means sixel graphics.
    case deviceAttributes([Int])
    /// XTVERSION (`DCS > | … ST`): the terminal's name and version, e.g. "XTerm(390)"; untrusted.
    case version(String)
    /// DECRQSS for SGR (`DCS 1 $ r … m ST`): the parameters of the current rendition (without the
    /// final "m"), or nil when
    /// the terminal refused the request (`DCS 0 $ r ST`).
    case graphicRendition(String?)
    /// XTGETTCAP (`DCS 1 + r name=value;… ST`): the capabilities answered, names and values
    /// decoded from hex; empty when the terminal knows none of them (`DCS 0 + r`).
    case capabilities([String: String])
    /// The kitty graphics protocol's answer (`APC G i=ID;MESSAGE ST`): "OK" or an error.
    case kittyGraphics(message: String)
    /// `CSI 6 ; height ; width t`: one cell's size in pixels.
    case cellSize(width: Int, height: Int)
    /// `CSI 4 ; height ; width t`: the text area's size in pixels.
    case textAreaSize(width: Int, height: Int)
    /// XTSMGRAPHICS (`CSI ? item ; 0 ; values S`), answered with success: item 1 gives the
    /// number of sixel colour registers, item 2 the largest sixel image, width and height in pixels.
    case graphicsAttribute(item: Int, values: [Int])
    /// OSC 4 (`OSC 4 ; index ; rgb:RRRR/GGGG/BBBB ST`): one of the terminal's palette colours.
    case paletteColour(index: Int, colour: RGB)
    /// CPR (`CSI row ; column R`) on a row other than the first (the UTF-8 probe's): where the
    /// cursor stands, 1-based.
    case cursorPosition(row: Int, column: Int)
    /// DSR's status report (`CSI 0 n`, or `CSI 3 n` from a terminal with a fault): the terminal
    /// has handled everything written before the request (`LinkMeter`).
    case statusReport
    /// A complete string sequence (OSC, DCS, APC, PM, SOS) we asked nothing about.
    case unrecognised

    /// The reply a DCS string (the bytes between `ESC P` and the terminator) stands for.
    static func fromDeviceControl(_ body: [UInt8]) -> TerminalReply {
        let text = String(decoding: body, as: UTF8.self)
        if text.hasPrefix(">|") { return .version(String(text.dropFirst(2))) }
        if text.hasPrefix("1$r") {
            // The parameters, then the request's final byte ("m" for SGR).
            let answer = text.dropFirst(3)
            return .graphicRendition(String(answer.hasSuffix("m") ? answer.dropLast() : answer))
        }
        if text.hasPrefix("0$r") { return .graphicRendition(nil) }
        if text.hasPrefix("0+r") { return .capabilities([:]) }
        if text.hasPrefix("1+r") {
            var found: [String: String] = [:]
            for pair in text.dropFirst(3).split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard let name = parts.first.flatMap({ fromHex($0) }) else { continue }
                found[name] = parts.count > 1 ? fromHex(parts[1]) ?? "" : ""
            }
            return .capabilities(found)
        }
        return .unrecognised
    }

    /// The reply an APC string stands for: kitty's graphics answers start with "G".
    static func fromApplicationCommand(_ body: [UInt8]) -> TerminalReply {
        guard body.first == UInt8(ascii: "G"), let separator = body.firstIndex(of: UInt8(ascii: ";")) else { return .unrecognised }
        return .kittyGraphics(message: String(decoding: body[(separator + 1)...], as: UTF8.self))
    }

    /// The reply an OSC string stands for: OSC 4's palette colours, in X11's `rgb:` form with 1-4
    /// hex digits a channel.
    static func fromOperatingSystemCommand(_ body: [UInt8]) -> TerminalReply {
        let fields = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "4", let index = Int(fields[1]), (0...255).contains(index), fields[2].hasPrefix("rgb:") else {
            return .unrecognised
        }
        let channels = fields[2].dropFirst(4).split(separator: "/", omittingEmptySubsequences: false).map { hex -> UInt8? in
            guard (1...4).contains(hex.count), let value = Int(hex, radix: 16) else { return nil }
            let most = (1 << (4 * hex.count)) - 1
            return UInt8((value * 255 + most / 2) / most)
        }
        guard channels.count == 3, let red = channels[0], let green = channels[1], let blue = channels[2] else { return .unrecognised }
        return .paletteColour(index: index, colour: RGB(red, green, blue))
    }

    /// The reply a CSI sequence with these parameters and final byte stands for, if it is one.
    static func fromControlSequence(_ parameters: String, final: UInt8) -> TerminalReply? {
        if final == UInt8(ascii: "c"), parameters.hasPrefix("?") {
            return .deviceAttributes(parameters.dropFirst().split(separator: ";").compactMap { Int($0) })
        }
        if final == UInt8(ascii: "S"), parameters.hasPrefix("?") {
            let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) }
            guard numbers.count >= 3, let item = numbers[0], numbers[1] == 0 else {
                return .graphicsAttribute(item: numbers.first.flatMap { $0 } ?? 0, values: [])
            }
            return .graphicsAttribute(item: item, values: numbers.dropFirst(2).compactMap { $0 })
        }
        if final == UInt8(ascii: "n"), parameters == "0" || parameters == "3" { return .statusReport }
        if final == UInt8(ascii: "R") {
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 2, let row = numbers[0], let column = numbers[1], row > 1, column >= 1 else { return nil }
            return .cursorPosition(row: row, column: column)
        }
        guard final == UInt8(ascii: "t") else { return nil }
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
        switch numbers[0] {
        case 6: return .cellSize(width: numbers[2], height: numbers[1])
        case 4: return .textAreaSize(width: numbers[2], height: numbers[1])
        default: return nil
        }
    }

    /// Text from hex digits (XTGETTCAP's encoding), or nil when they are not hex.
    private static func fromHex(_ hex: Substring) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
