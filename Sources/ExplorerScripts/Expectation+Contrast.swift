import Explorer
import PanoCore

extension Expectation {
    /// Nil when every cell `scope` covers meets `wanted` (text; symbols `min(wanted, 3)`);
    /// else the worst cell, where it is, its colours and its ratio.
    static func checkContrast(_ scope: ContrastScope, atLeast wanted: Double, in seen: Perceived) -> String? {
        guard let screen = seen.cells else { return "no screen to read" }
        let measured: [(column: Int, row: Int, cell: ScreenCells.Cell)]
        switch scope {
        case .focus:
            guard seen.focus != nil else { return "nothing is focused" }
            guard let label = screen.focusedLabel else { return "no label on screen is marked \(Perceived.focusMark)" }
            measured = label
        case .hud:
            measured = (0..<screen.rows).flatMap { row in (0..<screen.columns).map { (column: $0, row: row, cell: screen[$0, row]) } }
        }
        var worst: (shortfall: Double, text: String)?
        for (column, row, cell) in measured {
            let needed: Double
            switch ScreenCells.kind(of: cell.glyph) {
            case .text: needed = wanted
            case .symbol: needed = min(wanted, 3)
            case .graphics, .space: continue
            }
            let ratio = ContrastRatio.of(cell.foreground, cell.background)
            guard ratio < needed, needed - ratio > (worst?.shortfall ?? 0) else { continue }
            worst = (
                needed - ratio,
                "'\(Character(cell.glyph))' at row \(row + 1), column \(column + 1) is \(number(ratio)):1, "
                    + "\(hex(cell.foreground)) on \(hex(cell.background)) (needs \(number(needed)):1)"
            )
        }
        return worst?.text
    }

    /// "#1e90ff".
    static func hex(_ colour: RGB) -> String {
        "#" + [colour.r, colour.g, colour.b].map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    private static func number(_ value: Double) -> String {
        ((value * 100).rounded() / 100).plainText
    }
}
