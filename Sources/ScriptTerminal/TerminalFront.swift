import Explorer
import ExplorerScripts
import StreetModel
import SystemIO
import VirtualTerminal

/// The full-screen explorer on a pseudo-terminal as a script's front: keys are typed as the bytes
/// a terminal sends (`KeyBytes`, following the cursor-key mode the program asked for, or the form
/// `cursorKeys` forces), `:commands` are typed on its command line, and what a user perceives
/// comes, in real time, from what it reports each time it draws or settles (`--state-log`) and
/// from the screen it drew (`VirtualScreen`). `ScriptPlayer` holds the rules, so a script gives
/// the same results here as headless; a difference is a bug.
package struct TerminalFront: ScriptFront {
    /// What the arrows, Home and End send.
    package enum CursorKeys: String, Sendable, CaseIterable {
        /// As the program asked (DECCKM), as xterm does.
        case asAsked = "as-asked"
        /// Always `ESC [ C`, as a terminal that ignores the mode.
        case normal
        /// Always `ESC O C`.
        case application
    }

    /// How long a step may take to settle before the script fails, seconds.
    package static let settleLimit = 20.0
    /// How long the explorer may take to draw its first frame, seconds.
    package static let startLimit = 30.0

    let terminal: PseudoTerminal
    var screen: VirtualScreen
    /// Finds a panorama by id, for `expect near` and `expect panorama`.
    let panoramas: (String) -> Panorama?
    let cursorKeys: CursorKeys
    private let started = FileDescriptorIO.monotonicSeconds()
    private var latest: StateRecord?
    private var keysTyped = 0
    private var news = (said: [String](), events: [Perceived.Event]())
    private var stateBytes: [UInt8] = []
    package private(set) var ended = false
    /// What the explorer drew and where the script was, in order, when a trace is kept
    /// (`sidewalk test --trace`); nil when not.
    package var trace: [TraceEvent]?

    /// One moment of a trace, on the front's clock (seconds).
    package enum TraceEvent: Sendable {
        /// Bytes the explorer wrote to the terminal.
        case output(Double, [UInt8])
        /// The script reached a line: "line 7: w".
        case marker(Double, String)
    }

    /// The explorer on `terminal`, whose screen is `columns`×`rows`, once it has drawn and settled;
    /// nil when it did not within `startLimit`. With `tracing`, everything it draws from the
    /// first byte is kept (`trace`).
    package init?(
        terminal: PseudoTerminal, columns: Int, rows: Int, panoramas: @escaping (String) -> Panorama?, cursorKeys: CursorKeys = .asAsked,
        tracing: Bool = false
    ) {
        self.terminal = terminal
        trace = tracing ? [] : nil
        screen = VirtualScreen(columns: columns, rows: rows)
        self.panoramas = panoramas
        self.cursorKeys = cursorKeys
        guard pump(for: Self.startLimit, until: { $0.latest?.settled == true }) else { return nil }
    }

    package var clock: Double { FileDescriptorIO.monotonicSeconds() - started }

    package mutating func perform(_ line: ScriptLine) {
        switch line.step {
        case .key(let key): type([key], waits: line.waits)
        case .chord(let keys): type(keys, waits: line.waits)
        case .modified(let key, let modifier): type([key], modifier: modifier, waits: line.waits)
        case .command: type(line.text.map { Key.character($0) } + [.enter], waits: line.waits)
        case .wait(let seconds): _ = pump(for: seconds, until: { _ in false })
        case .expect: break
        }
    }

    package mutating func reached(_ line: ScriptLine) {
        let now = clock
        trace?.append(.marker(now, "line \(line.line): \(line.text)"))
    }

    package mutating func pass() {
        _ = pump(for: 0.02, until: { _ in false })
    }

    package mutating func takeNews() -> (said: [String], events: [Perceived.Event]) {
        defer { news = ([], []) }
        return news
    }

    package func perceived(said: [String], events: [Perceived.Event]) -> Perceived? {
        guard let latest, !ended else { return nil }
        return Perceived(
            camera: latest.camera, panorama: latest.panoramaID.flatMap(panoramas), focus: latest.focus, ways: latest.ways,
            note: latest.note, said: said, events: events, screen: screen.text, cells: ScreenCells(screen))
    }

    /// Types `keys` in one write; then waits for the explorer to settle after them, or one frame.
    private mutating func type(_ keys: [Key], modifier: Int = 1, waits: Bool) {
        keysTyped += keys.count
        let mode = cursorKeys == .asAsked ? screen.applicationCursorKeys : cursorKeys == .application
        terminal.type(keys.flatMap { KeyBytes.of($0, applicationCursorKeys: mode, modifier: modifier) })
        let typed = keysTyped
        if waits {
            _ = pump(for: Self.settleLimit, until: { ($0.latest?.keys ?? -1) >= typed && $0.latest?.settled == true })
        } else {
            _ = pump(for: 1.0 / 30, until: { _ in false })
        }
    }

    /// Reads what the explorer writes for up to `seconds`, until `done` holds; whether it did.
    private mutating func pump(for seconds: Double, until done: (TerminalFront) -> Bool) -> Bool {
        let deadline = FileDescriptorIO.monotonicSeconds() + seconds
        while true {
            if done(self) { return true }
            let left = deadline - FileDescriptorIO.monotonicSeconds()
            guard left > 0, !ended else { return false }
            let (output, state, gone) = terminal.read(waiting: min(left, 0.05))
            screen.feed(output)
            let now = clock
            if !output.isEmpty { trace?.append(.output(now, output)) }
            let replies = screen.takeReplies()
            if !replies.isEmpty { terminal.type(replies) }
            take(state)
            if gone { ended = true }
        }
    }

    /// Takes the state log's complete lines.
    private mutating func take(_ bytes: [UInt8]) {
        stateBytes += bytes
        while let newline = stateBytes.firstIndex(of: 0x0A) {
            let recordBytes = Array(stateBytes[..<newline])
            stateBytes.removeFirst(newline + 1)
            guard let record = StateRecord(recordBytes) else { continue }
            latest = record
            news.said += record.said
            news.events += record.events
        }
    }
}
