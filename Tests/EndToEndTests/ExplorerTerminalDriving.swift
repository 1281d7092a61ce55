import Foundation
import TestSupport
import Testing

/// What the suites of the explorer in a real terminal (tmux) share: starting it on the compass
/// panorama, waiting for a frame, counting frames, and checking the terminal is given back.
protocol ExplorerTerminalDriving {}

extension ExplorerTerminalDriving {
    static var backtraceOff: [String: String] { ["SWIFT_BACKTRACE": "interactive=no"] }
    /// The compass panorama: its views are known (north red, heading 0 at start).
    static var compass: String { BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/default-panorama.png").path }

    func startExplorer(
        _ arguments: String = "", columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        // 24-bit colour is asked for explicitly: tmux's TERM (screen) declares 8 colours, and
        // `swift test` exports NO_COLOR=1, which the panes inherit.
        try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor '\(Self.compass)' \(arguments)", columns: columns, rows: rows,
            environment: Self.backtraceOff.merging(environment) { $1 }
        )
    }

    /// Waits for the first frame: truecolor half-blocks and the status line.
    func waitForFrame(_ session: TmuxSession) throws -> Bool {
        try session.waitUntil(timeout: 30) {
            let screen = try session.capture(escapes: true)
            return screen.contains("38;2;") && screen.contains("▀") && screen.contains("Heading")
        }
    }

    /// Checks what every exit must leave: modes as before, main screen, cursor visible.
    func expectRestored(_ session: TmuxSession, status expected: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ended = session.waitUntil(timeout: 30) { session.exitStatus != nil }
        #expect(ended, "the explorer did not exit", sourceLocation: sourceLocation)
        // A crash leaves its report on the pane (remain-on-exit): shown when the status is wrong.
        #expect(
            session.exitStatus == expected, "\((try? session.capture()).map { String($0.suffix(1500)) } ?? "")",
            sourceLocation: sourceLocation)
        let stty = try #require(session.sttyBeforeAndAfter, sourceLocation: sourceLocation)
        #expect(stty.before == stty.after, "terminal modes (stty -g) changed", sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", "still in the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.display("#{cursor_flag}") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        #expect(try session.display("#{mouse_any_flag}") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
    }

    /// Counts the frames the program writes from now on (each opens a synchronized update).
    func frameCounter(_ session: TmuxSession) throws -> () -> Int {
        let recorded = try session.recordOutput()
        let frameStart = Array("\u{1B}[?2026h".utf8)
        return {
            let output = recorded()
            return output.indices.filter { output[$0...].starts(with: frameStart) }.count
        }
    }

    /// The status line, after the text of the rows just above it: a note too long for the line
    /// (`r`'s reading) is shown whole there, wrapped. The picture's block and braille cells are
    /// left out, so a wrapped note reads as one text.
    func statusLine(_ session: TmuxSession) throws -> String {
        let rows = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = rows.lastIndex(where: { !$0.isEmpty }) else { return "" }
        let above = rows[max(0, last - 6)..<last].map { row in
            String(
                String.UnicodeScalarView(
                    row.unicodeScalars.filter { !(0x2580...0x259F).contains($0.value) && !(0x2800...0x28FF).contains($0.value) })
            )
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        return (above.filter { !$0.isEmpty } + [String(rows[last])]).joined(separator: " ")
    }
}
