extension FrameComposer {
    /// Lets `painter` draw into the frame composed last (a map, say) and returns the frame.
    public mutating func paint(_ painter: (inout CellGrid) -> Void) -> CellGrid {
        painter(&grid)
        return grid
    }
}
