/// The status line's short message ("no way forward") and how long it stays. Pure: the time is
/// whatever the front's clock says, in seconds.
package struct StatusNote: Sendable, Equatable {
    /// The message, or nil when none is shown; untrusted text may be in it (ids, marker names).
    package internal(set) var text: String? {
        didSet { if text != nil { serial &+= 1 } }
    }
    /// Counts the notes given, so the same note given again can be told from one still shown.
    package private(set) var serial = 0
    /// When the note goes by itself, seconds; nil when it stays until the next command.
    package private(set) var expiry: Double?
    /// How long a note stays when nothing else happens, seconds.
    package static let lifetime = 4.0

    /// After a command at `now` (nil: a command without a time) that left `text` where it found
    /// `before`: a new note, or one given again by a command that changed the screen, goes
    /// `lifetime` after `now`; no note has no expiry.
    mutating func timeAfterCommand(before: String?, changed: Bool, at now: Double?) {
        if text == nil {
            expiry = nil
        } else if let now, text != before || changed {
            expiry = now + Self.lifetime
        }
    }

    /// Clears the note if its time is up at `now`; returns whether it went.
    mutating func expire(at now: Double) -> Bool {
        guard let expiry, now >= expiry else { return false }
        text = nil
        self.expiry = nil
        return true
    }

    /// Keeps a timed note until `time` at least (a front that drew it late calls this, so a note
    /// is never gone before anyone could read it).
    mutating func keep(until time: Double) {
        guard let current = expiry else { return }
        expiry = max(current, time)
    }
}
