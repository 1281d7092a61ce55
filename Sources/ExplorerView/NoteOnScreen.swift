import Explorer

/// Which note the screen has shown: presentation state, kept by the front, so that a note stays
/// its whole lifetime from when it was first drawn, however late a slow or busy terminal drew it.
package struct NoteOnScreen {
    /// The `noteSerial` of the note last drawn.
    private var drawnSerial: Int?

    package init() {}

    /// Tells it a frame with `state`'s note was drawn at `now` (seconds): the first time a note
    /// is drawn, it is kept `StatusNote.lifetime` from then; later frames change nothing.
    package mutating func drawn(_ state: inout ExplorerState, at now: Double) {
        guard state.note != nil, state.noteSerial != drawnSerial else { return }
        drawnSerial = state.noteSerial
        state.keepNote(until: now + StatusNote.lifetime)
    }
}
