/// Places labels without overlap, as MapSCII does with collision boxes: each label is tried at
/// a few spots around its anchor and takes the first that is inside the area and free; a label
/// with no free spot is left out.
struct LabelPlacer {
    /// A placed label: its row and the columns it covers (half-open), in area cells.
    struct Box: Equatable {
        let row: Int
        let columns: Range<Int>
    }

    let columns: Int
    let rows: Int
    private(set) var taken: [Box] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Marks a cell as taken (a glyph that labels must not cover).
    mutating func reserve(column: Int, row: Int) {
        taken.append(Box(row: row, columns: column..<(column + 1)))
    }

    /// Places a label `width` cells wide near (`column`, `row`): centred on it, then on the rows
    /// above and below, then to its right and left. Returns its box, or nil when none is free.
    mutating func place(width: Int, column: Int, row: Int) -> Box? {
        guard width > 0, width <= columns else { return nil }
        let centred = column - width / 2
        let spots = [(centred, row), (centred, row - 1), (centred, row + 1), (column + 2, row), (column - 1 - width, row)]
        for (left, top) in spots {
            let box = Box(row: top, columns: left..<(left + width))
            guard top >= 0, top < rows, left >= 0, left + width <= columns else { continue }
            guard !taken.contains(where: { $0.row == box.row && $0.columns.overlaps(box.columns) }) else { continue }
            taken.append(box)
            return box
        }
        return nil
    }
}
