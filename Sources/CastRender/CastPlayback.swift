import VirtualTerminal

/// A recording played forward through the terminal model: the screen as it stood after each
/// event, and the pictures it was sent.
package struct CastPlayback {
    package private(set) var screen: VirtualScreen
    private let events: [Cast.Event]
    /// Where the output is read from when the cast did not keep it.
    private let source: CastEvents?
    /// Why playing stopped early: the recording's file no longer held what was read from it.
    package private(set) var failure: CastError?
    /// The next event to play.
    private var next = 0
    /// Events played since `takeChanged` was last asked.
    private var changed = true

    /// Pictures given in pixels cover as many cells as they did in a terminal of `cell` pixels.
    /// A cast read with `Cast(streaming:)` plays its output from `source`.
    package init(_ cast: Cast, cell: (width: Int, height: Int), source: CastEvents? = nil) {
        precondition(cast.outputKept || source != nil, "a streamed cast plays from its file")
        events = cast.events
        self.source = cast.outputKept ? nil : source
        screen = VirtualScreen(columns: cast.columns, rows: cast.rows)
        screen.pictures = PictureStore(cell: cell)
    }

    /// The pictures the screen keeps.
    package var pictures: PictureStore { screen.pictures as? PictureStore ?? PictureStore(cell: (1, 1)) }

    /// Plays the events up to the `count`th (those before it already played stay played).
    package mutating func play(through count: Int) {
        while next < min(count, events.count), failure == nil {
            var event = events[next]
            if let source, case .output = event.kind {
                do { event.kind = .output(try source.output(of: next)) } catch {
                    failure = error
                    return
                }
            }
            apply(event)
            next += 1
        }
    }

    /// True when an event was played since the last time it was asked.
    package mutating func takeChanged() -> Bool {
        defer { changed = false }
        return changed
    }

    private mutating func apply(_ event: Cast.Event) {
        switch event.kind {
        case .output(let bytes):
            screen.feed(bytes)
            changed = true
            forgetHiddenPictures()
        case .resize(let columns, let rows):
            screen = screen.resized(columns: columns, rows: rows)
            changed = true
        case .marker: break
        }
    }

    /// Pictures drawn into the cells that every cell has since been written over are let go,
    /// so a long recording of sixel frames holds a screenful, not all of them.
    private mutating func forgetHiddenPictures() {
        guard var store = screen.pictures as? PictureStore, store.count > 4 else { return }
        screen.pictures = nil
        store.forget(allBut: Set(screen.cells.compactMap { $0.picture?.image }))
        screen.pictures = store
    }
}
