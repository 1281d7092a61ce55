import PanoCore
import TermRender

/// Select graphic rendition (SGR): the colours text is written in. Attributes Sidewalk never
/// sends (bold, underline, reverse...) are noted as unknown, so a test sees them.
extension VirtualScreen {
    mutating func graphics(_ parameters: [Int?]) {
        let numbers = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            switch code {
            case 0: (foreground, background) = (nil, nil)
            case 30...37: foreground = ColorPalette.ansi16[code - 30]
            case 90...97: foreground = ColorPalette.ansi16[code - 90 + 8]
            case 40...47: background = ColorPalette.ansi16[code - 40]
            case 100...107: background = ColorPalette.ansi16[code - 100 + 8]
            case 39: foreground = nil
            case 49: background = nil
            case 38, 48:
                let (colour, used) = Self.extendedColour(numbers[(index + 1)...])
                if used == 0 { notKnown("SGR \(numbers.prefix(8))") }
                if code == 38 { foreground = colour } else { background = colour }
                index += used
            default: notKnown("SGR \(code)")
            }
            index += 1
        }
    }

    /// The colour after a 38 or 48: `5;N` (the 256) or `2;R;G;B`, and how many numbers it took
    /// (0 when neither).
    private static func extendedColour(_ numbers: ArraySlice<Int>) -> (RGB?, Int) {
        let values = Array(numbers.prefix(4))
        if values.count >= 2 && values[0] == 5 {
            let index = min(max(values[1], 0), 255)
            return (index < 16 ? ColorPalette.ansi16[index] : ColorPalette.xterm256[index], 2)
        }
        if values.count >= 4 && values[0] == 2 {
            let channel = { (value: Int) in UInt8(clamping: value) }
            return (RGB(channel(values[1]), channel(values[2]), channel(values[3])), 4)
        }
        return (nil, 0)
    }
}
