/// Notes: the short messages of the status line, and how long they stay.
extension ExplorerState {
    /// Runs `body`; a new note it leaves goes after `noteLifetime` from `now`.
    mutating func timingNote(at now: Double?, _ body: (inout ExplorerState) -> Bool) -> Bool {
        let before = note
        let changed = body(&self)
        if note == nil {
            noteExpiry = nil
        } else if let now, note != before || changed {
            noteExpiry = now + Self.noteLifetime
            noteOnScreen = false
        }
        return changed
    }

    /// Tells the state the current note is on screen from `now`: it then stays its whole
    /// lifetime from here, so a note is never gone before anyone could read it, however late a
    /// slow or busy terminal drew it.
    public mutating func noteDrawn(at now: Double) {
        guard let expiry = noteExpiry, !noteOnScreen else { return }
        noteOnScreen = true
        noteExpiry = max(expiry, now + Self.noteLifetime)
    }
}
