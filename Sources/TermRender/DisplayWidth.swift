/// How many terminal columns a Unicode scalar occupies: 0 (combining and format characters),
/// 1, or 2 (East Asian wide and fullwidth characters, emoji).
public enum DisplayWidth {
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Columns taken by `scalar` in a terminal: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        let value = scalar.value
        if value < 0x1100 { return 1 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }
}
