import Explorer
import StreetModel
import SystemIO

/// Plays a script against the full-screen explorer on a pseudo-terminal: keys are typed as the
/// bytes a terminal sends (`KeyBytes`, following the cursor-key mode the program asked for),
/// `:commands` are typed on its command line, and expectations are checked, in real time, on
/// what it reports each time it settles (`--state-log`) and on the screen it drew
/// (`VirtualScreen`). The rules are `ScriptPlayer`'s, so a script gives the same results here
/// as headless; a difference is a bug.
public struct TerminalScriptPlayer {
    /// How long a step may take to settle before the script fails, seconds.
    public static let settleLimit = 20.0
    /// How long the explorer may take to draw its first frame, seconds.
    public static let startLimit = 30.0

    /// What the arrows, Home and End send.
    public enum CursorKeys: String, Sendable, CaseIterable {
        /// As the program asked (DECCKM), as xterm does.
        case asAsked = "as-asked"
        /// Always `ESC [ C`, as a terminal that ignores the mode.
        case normal
        /// Always `ESC O C`.
        case application
    }

    /// Finds a panorama by id, for `expect near` and `expect panorama`.
    let panoramas: (String) -> Panorama?
    let cursorKeys: CursorKeys

    public init(panoramas: @escaping (String) -> Panorama?, cursorKeys: CursorKeys = .asAsked) {
        self.panoramas = panoramas
        self.cursorKeys = cursorKeys
    }

    /// Plays `lines` on `terminal`, whose screen is `columns`×`rows`.
    public func play(_ lines: [ScriptLine], on terminal: PseudoTerminal, columns: Int, rows: Int) -> ScriptPlayer.Result {
        var session = Session(terminal: terminal, screen: VirtualScreen(columns: columns, rows: rows), panoramas: panoramas, cursorKeys: cursorKeys)
        var result = ScriptPlayer.Result()
        guard session.pump(for: Self.startLimit, until: { $0.latest?.settled == true }) else {
            result.failure = ScriptPlayer.Failure(line: ScriptLine(.wait(seconds: 0), line: 0, text: "start"),
                                                  message: "the explorer drew nothing within \(Int(Self.startLimit)) s")
            return result
        }
        var pending: (line: ScriptLine, message: String)?
        var lastAction: ScriptLine?
        for line in lines {
            session.line = line.line
            let expectsError: Bool
            if case let .expect(expectation) = line.step, case .error = expectation.subject { expectsError = true } else { expectsError = false }
            if let error = pending ?? session.takeError().map({ (lastAction ?? line, $0) }), !expectsError {
                result.failure = .explorerError(error.line, error.message)
                break
            }
            pending = nil
            switch line.step {
            case let .key(key):
                lastAction = line
                session.type([key], waits: line.waits)
            case let .chord(keys):
                lastAction = line
                session.type(keys, waits: line.waits)
            case let .modified(key, modifier):
                lastAction = line
                session.type([key], modifier: modifier, waits: line.waits)
            case .command:
                lastAction = line
                session.type(line.text.map { Key.character($0) } + [.enter], waits: line.waits)
            case let .wait(seconds):
                _ = session.pump(for: seconds, until: { _ in false })
            case let .expect(expectation):
                let start = FileDescriptorIO.monotonicSeconds()
                var found = session.perceived().map(expectation.check) ?? "the explorer has ended"
                while found != nil, FileDescriptorIO.monotonicSeconds() - start < expectation.deadline, !session.ended {
                    _ = session.pump(for: 0.02, until: { _ in false })
                    found = session.perceived().map(expectation.check) ?? "the explorer has ended"
                }
                let waited = FileDescriptorIO.monotonicSeconds() - start
                result.assertions.append(ScriptPlayer.Assertion(line: line, found: found, time: waited))
                if let found {
                    result.failure = .expectation(line, found: found, waited: expectation.deadline > 0 ? expectation.deadline : 0)
                    result.transcript = session.transcript
                    return result
                }
                if expectsError { _ = session.takeError() }
            }
            if session.ended { break }
        }
        if result.failure == nil, let error = session.takeError(), let lastAction {
            result.failure = .explorerError(lastAction, error)
        }
        result.transcript = session.transcript
        return result
    }

    /// The explorer as the driver sees it.
    struct Session {
        let terminal: PseudoTerminal
        var screen: VirtualScreen
        let panoramas: (String) -> Panorama?
        let cursorKeys: CursorKeys
        /// The script line being played, for the transcript.
        var line = 0
        var latest: StateRecord?
        var keysTyped = 0
        var sinceAction = (said: [String](), events: [Perceived.Event]())
        var transcript: [ScriptPlayer.Said] = []
        var errors: [String] = []
        var ended = false
        private var stateBytes: [UInt8] = []

        init(terminal: PseudoTerminal, screen: VirtualScreen, panoramas: @escaping (String) -> Panorama?, cursorKeys: CursorKeys) {
            (self.terminal, self.screen, self.panoramas, self.cursorKeys) = (terminal, screen, panoramas, cursorKeys)
        }

        /// What a user perceives now; nil once the explorer has ended.
        func perceived() -> Perceived? {
            guard let latest, !ended else { return nil }
            return Perceived(camera: latest.camera, panorama: latest.panoramaID.flatMap(panoramas), focus: latest.focus, ways: latest.ways,
                             note: latest.note, said: sinceAction.said, events: sinceAction.events, screen: screen.text)
        }

        /// The first explorer error not yet taken.
        mutating func takeError() -> String? {
            errors.isEmpty ? nil : errors.removeFirst()
        }

        /// Types `keys` in one write; then waits for the explorer to settle after them, or one frame.
        mutating func type(_ keys: [Key], modifier: Int = 1, waits: Bool) {
            sinceAction = ([], [])
            keysTyped += keys.count
            let mode = cursorKeys == .asAsked ? screen.applicationCursorKeys : cursorKeys == .application
            terminal.type(keys.flatMap { KeyBytes.of($0, applicationCursorKeys: mode, modifier: modifier) })
            let typed = keysTyped
            if waits {
                _ = pump(for: TerminalScriptPlayer.settleLimit, until: { ($0.latest?.keys ?? -1) >= typed && $0.latest?.settled == true })
            } else {
                _ = pump(for: 1.0 / 30, until: { _ in false })
            }
        }

        /// Reads what the explorer writes for up to `seconds`, until `done` holds; whether it did.
        mutating func pump(for seconds: Double, until done: (Session) -> Bool) -> Bool {
            let deadline = FileDescriptorIO.monotonicSeconds() + seconds
            while true {
                if done(self) { return true }
                let left = deadline - FileDescriptorIO.monotonicSeconds()
                guard left > 0, !ended else { return false }
                let (output, state, gone) = terminal.read(waiting: min(left, 0.05))
                screen.feed(output)
                let replies = screen.takeReplies()
                if !replies.isEmpty { terminal.type(replies) }
                take(state)
                if gone { ended = true }
            }
        }

        private mutating func take(_ bytes: [UInt8]) {
            stateBytes += bytes
            while let newline = stateBytes.firstIndex(of: 0x0A) {
                let recordBytes = Array(stateBytes[..<newline])
                stateBytes.removeFirst(newline + 1)
                guard let record = StateRecord(recordBytes) else { continue }
                latest = record
                for text in record.said {
                    sinceAction.said.append(text)
                    transcript.append(ScriptPlayer.Said(line: line, text: text))
                }
                sinceAction.events += record.events
                errors += record.events.compactMap(\.error)
            }
        }
    }
}
