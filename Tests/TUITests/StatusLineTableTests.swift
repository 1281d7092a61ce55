import Datasets
import Explorer
import Foundation
import PanoCore
import TestSupport
import Testing

@testable import ExplorerView
@testable import TUI

/// docs/keys.md's table of what the bottom line says at each width is what `HUDLayout` makes.
@Suite("The status line by width")
struct StatusLineTableTests {
    static let widths = [20, 40, 80, 120, 203, 400]

    /// The table's rows for the demo town's start, facing 100°.
    static func rows() throws -> [String] {
        let dataset = try Dataset.open(BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path)
        let state = ExplorerState(
            camera: PanoramaCamera(heading: 100), panorama: dataset.service.panorama(id: dataset.startID)!,
            service: dataset.service)
        return widths.map { width in
            let (left, right) = HUDLayout.statusLine(state, note: nil, width: width)
            return "| \(width) | `\(left)` | `\(right.trimmingCharacters(in: .whitespaces))` |"
        }
    }

    @Test("docs/keys.md shows what the status line says at 20, 40, 80, 120, 203 and 400 columns")
    func documented() throws {
        let doc = try String(contentsOf: BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("docs/keys.md"), encoding: .utf8)
        for row in try Self.rows() { #expect(doc.contains(row), "docs/keys.md lacks: \(row)") }
    }
}
