import CNcursesw
import CTerminalSignals
import Explorer
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// The terminal while Sidewalk owns it. ncurses owns modes and resize; frames are written
/// straight to the tty between ncurses' refreshes (docs/decisions.md, 2026-11-29). Input is read
/// here, byte by byte through `InputDecoder`, never by ncurses, so the terminal's replies to
/// `TerminalProbe` are told from keys (docs/decisions.md, 2026-12-01).
final class Terminal: SessionTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var isOpen = true

    /// Longest wait for the rest of an escape sequence after ESC, milliseconds.
    static let escapeDelayMilliseconds: Int32 = 25

    /// True when mouse reports are on.
    private let hasMouse: Bool

    /// Checks the terminal and takes it over: alternate screen, no echo, keys unbuffered, cursor
    /// hidden, and with `mouse` the mouse's buttons, wheel and drags (never bare motion). Throws,
    /// with the screen untouched, when stdin or stdout is not a usable terminal.
    static func open(termName: String?, mouse: Bool) throws(TerminalError) -> Terminal {
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "standard output") }
        guard let termName, !termName.isEmpty else { throw .terminalTypeUnset }
        switch sw_check_terminal(termName, STDOUT_FILENO) {
        case SW_TERM_USABLE: break
        case SW_TERM_NO_DATABASE: throw .noTerminfoDatabase
        case SW_TERM_NO_CURSOR_ADDRESSING: throw .cannotAddressCursor(termName)
        default: throw .unknownTerminalType(termName)
        }
        _ = sw_crash_guard_save_modes(STDOUT_FILENO)
        // Where Ctrl-Z cannot stop the process, ncurses must not leave the screen for it.
        if !JobControl.suspendStops { sw_stop_signal_ignore() }
        guard let screen = sw_open_screen(termName), let window = sw_stdscr() else {
            sw_stop_signal_restore()
            throw .cannotInitialise(termName)
        }
        _ = set_escdelay(escapeDelayMilliseconds)
        _ = cbreak()
        _ = sw_disable_flow_control(STDIN_FILENO)
        _ = noecho()
        _ = nonl()
        _ = keypad(window, true)
        _ = nodelay(window, true)
        _ = typeahead(-1)  // ncurses must never look at the input: it is ours
        _ = curs_set(0)
        _ = wrefresh(window)  // enter the alternate screen and clear it now, not at the first key read
        let hasMouse = mouse && sw_mouse_enable() != 0
        if hasMouse { writeToTerminal(EscapeSequence.mouseDragTrackingOn) }
        var restore = [CChar](repeating: 0, count: 256)
        let length = sw_restore_sequence(&restore, restore.count)
        // The crash guard also turns the mouse off (harmless where it was never on).
        let guardBytes = restore[..<length].map { UInt8(bitPattern: $0) } + EscapeSequence.mouseTrackingOff
        sw_crash_guard_arm(guardBytes.map { CChar(bitPattern: $0) }, guardBytes.count)
        return Terminal(screen: screen, window: window, hasMouse: hasMouse, guardBytes: guardBytes)
    }

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, hasMouse: Bool, guardBytes: [UInt8]) {
        self.screen = screen
        self.window = window
        self.hasMouse = hasMouse
        self.guardBytes = guardBytes
    }

    /// What a crash writes to give the terminal back.
    private var guardBytes: [UInt8]
    /// Sent on the way out, before the screen modes are restored (e.g. deleting an image).
    private var farewell: [UInt8] = []

    /// Sends `bytes` on the way out too, also after a crash: e.g. deleting pixel graphics.
    func sayOnClose(_ bytes: [UInt8]) {
        farewell += bytes
        guardBytes = bytes + guardBytes
        sw_crash_guard_arm(guardBytes.map { CChar(bitPattern: $0) }, guardBytes.count)
    }

    /// Writes a control sequence of ours straight to the terminal.
    private static func writeToTerminal(_ sequence: [UInt8]) {
        _ = FileDescriptorIO.writeAll(STDOUT_FILENO, sequence)
    }

    /// Size in cells.
    var size: (columns: Int, rows: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        sw_window_size(window, &rows, &columns)
        return (Int(columns), Int(rows))
    }

    private var decoder = InputDecoder()
    /// Inputs decoded and not yet returned, oldest first.
    private var queued: [TerminalInput] = []

    /// Given the bytes of each read that held keys or mouse reports, not the terminal's answers
    /// (`--record-input`); nil for none.
    var inputTap: (([UInt8]) -> Void)?

    /// True when inputs already read (during the probe) wait to be taken.
    var hasQueuedInput: Bool { !queued.isEmpty }

    /// While bytes wait to tell a lone Escape from a sequence: when the escape delay is up
    /// (`CLOCK_MONOTONIC` seconds) and `flushEscape` should be called.
    private(set) var escapeDeadline: Double?

    /// Reads what the terminal has sent (without waiting) and returns the next input, or nil
    /// when there is none. False in `alive` when the terminal has gone (end of file, an error).
    func nextInput() -> (input: TerminalInput?, alive: Bool) {
        if queued.isEmpty {
            if SystemCall.poll(STDIN_FILENO, for: POLLIN, seconds: 0) != nil, !readInput() { return (nil, false) }
        }
        return (queued.isEmpty ? nil : queued.removeFirst(), true)
    }

    /// Reads what is waiting on standard input into `queued`; false when the terminal has gone.
    private func readInput() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = SystemCall.read(STDIN_FILENO, into: &buffer)
        if count == 0 || (count < 0 && errno != EAGAIN) { return false }
        if count > 0 {
            let bytes = Array(buffer[0..<count])
            if let inputTap {
                let (inputs, typed) = decoder.feedTellingTyped(bytes)
                queued += inputs
                if !typed.isEmpty { inputTap(typed) }
            } else {
                queued += decoder.feed(bytes)
            }
        }
        escapeDeadline =
            decoder.isWaiting
            ? escapeDeadline ?? FileDescriptorIO.monotonicSeconds() + Double(Self.escapeDelayMilliseconds) / 1000 : nil
        return true
    }

    /// Seconds until `escapeDeadline`, nil when nothing waits.
    var escapeSecondsLeft: Double? {
        escapeDeadline.map { $0 - FileDescriptorIO.monotonicSeconds() }
    }

    /// After the escape delay with nothing more: a lone ESC waiting is the Escape key.
    func flushEscape() -> [Key] {
        escapeDeadline = nil
        return decoder.flush()
    }

    /// Asks the terminal what it can do (`queries`, from `TerminalProbe`) and waits for the answer until
    /// `seconds` have passed; what was typed meanwhile stays queued as input. Replies that come
    /// later arrive through `nextInput` as `.reply`.
    func probe(_ queries: [UInt8], within seconds: Double) -> TerminalCapabilities {
        Self.writeToTerminal(queries)
        return TerminalProbe.collect(within: seconds) {
            guard readInput() else { return nil }
            var replies: [TerminalReply] = []
            queued.removeAll { input in
                guard case .reply(let reply) = input else { return false }
                replies.append(reply)
                return true
            }
            return replies
        }
    }

    /// After SIGWINCH: tells ncurses the size the kernel reports and lets it settle its own
    /// (blank) screen now, so it does not repaint over the next frame at a later key read.
    func adoptNewSize() {
        guard let size = SystemCall.terminalSize(of: STDOUT_FILENO) else { return }
        _ = resize_term(Int32(size.rows), Int32(size.columns))
        _ = wrefresh(window)
    }

    /// After a resume from Ctrl-Z: ncurses has repainted its own idea of the screen and turned
    /// its mouse mode back on, but not ours.
    /// The terminal is asked `queries` again; the answers come through `nextInput` as replies.
    func settleAfterResume(asking queries: [UInt8]) {
        _ = clearok(window, true)
        _ = wrefresh(window)
        if hasMouse { Self.writeToTerminal(EscapeSequence.mouseDragTrackingOn) }
        Self.writeToTerminal(queries)
    }

    /// Gives the terminal back as it was (main screen, cursor visible, modes restored), waiting
    /// for it to take the output already written until `deadline` (`CLOCK_MONOTONIC` seconds).
    /// A terminal that still holds more than a few hundred bytes unread then has stopped reading
    /// (a stalled link): its queued output is dropped, the shell's modes are put back at once, and
    /// the restore bytes get a bounded wait, without ncurses' `endwin`, which would wait for the
    /// output to drain for ever.
    func close(by deadline: Double) {
        guard isOpen else { return }
        let left = max(0, deadline - FileDescriptorIO.monotonicSeconds())
        // A tty reports POLLOUT only while under 256 bytes wait to be read.
        guard SystemCall.poll(STDOUT_FILENO, for: POLLOUT, seconds: left) != nil else {
            isOpen = false
            _ = sw_crash_guard_restore_now(Self.abandonWaitMilliseconds)
            return
        }
        close()
    }

    /// Longest wait for the restore bytes when abandoning a stalled terminal, milliseconds.
    static let abandonWaitMilliseconds: Int32 = 500

    /// Gives the terminal back as it was: main screen, cursor visible, modes restored.
    func close() {
        guard isOpen else { return }
        isOpen = false
        if hasMouse { Self.writeToTerminal(EscapeSequence.mouseTrackingOff) }
        if !farewell.isEmpty { Self.writeToTerminal(farewell) }
        _ = endwin()
        delscreen(screen)
        sw_crash_guard_remove()
        sw_stop_signal_restore()
    }

    deinit {
        close()
    }
}
