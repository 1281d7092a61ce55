/// Something Tab can focus: a way on (by its number) or a marker in range.
package enum Focus: Equatable, Sendable {
    case link(Int)
    case marker(String)
}

/// The focused way or marker, stepped through by Tab and Shift-Tab.
struct FocusRing: Sendable, Equatable {
    /// The focused item, if any.
    private(set) var current: Focus?

    /// Steps `step` items on (+1 Tab, -1 Shift-Tab) through `items`, wrapping round; with
    /// nothing focused, Tab takes the first and Shift-Tab the last. False when there is nothing
    /// to focus.
    mutating func step(_ step: Int, through items: [Focus]) -> Bool {
        guard !items.isEmpty else { return false }
        let index = current.flatMap { items.firstIndex(of: $0) }.map { ($0 + step + items.count) % items.count }
        current = items[index ?? (step > 0 ? 0 : items.count - 1)]
        return true
    }

    mutating func clear() {
        current = nil
    }
}
