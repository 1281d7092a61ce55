import Explorer

/// What the explorer's loop asks of the terminal it runs in: its size, the input it has sent,
/// and the two moments it must be told of. `Terminal` is the real one; tests give a fake, so the
/// loop runs in-process with no tty.
protocol SessionTerminal: AnyObject {
    /// Size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// True when inputs already read (during the probe) wait to be taken.
    var hasQueuedInput: Bool { get }
    /// While a lone ESC waits to be told from a sequence: seconds until it counts as the Escape
    /// key (0 or less: now); nil when nothing waits.
    var escapeSecondsLeft: Double? { get }
    /// The next input without waiting, or nil when there is none; false in `alive` when the
    /// terminal has gone (end of file, an error).
    func nextInput() -> (input: TerminalInput?, alive: Bool)
    /// After the escape delay with nothing more: a lone ESC waiting is the Escape key.
    func flushEscape() -> [Key]
    /// After SIGWINCH: takes the size the kernel reports.
    func adoptNewSize()
    /// After a resume from Ctrl-Z: puts our modes back and asks `queries` again.
    func settleAfterResume(asking queries: [UInt8])
}
