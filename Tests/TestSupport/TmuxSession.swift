import Foundation

/// Runs a command in a detached tmux session on a private server, to drive it with keys and
/// read its screen as a person at a terminal would. Each session has its own socket, so tests
/// can run in parallel; the server is killed when the session is closed.
package final class TmuxSession {
    package let socket: String
    package let workDirectory: URL

    /// Starts `command` (run by /bin/sh) in a `columns` × `rows` pane. `stty -g` is recorded
    /// before and after it, with its exit status, in `workDirectory`.
    package init(command: String, columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) throws {
        socket = "sidewalk-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        // A UTF-8 locale unless the test sets one: what the program draws depends on it.
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].contains { environment[$0] != nil } ? [:] : ["LC_ALL": "C.UTF-8"]
        // No default street map from the internet (OpenFreeMap) unless the test names one.
        let defaults = locale.merging(["SIDEWALK_STREET_MAP": "off"]) { given, _ in given }
        let exports = environment.merging(defaults) { given, _ in given }.map { "export \($0.key)=\(Self.quote($0.value)); " }.joined()
        let dir = workDirectory.path
        // Ctrl-C signals the whole foreground group: the trap keeps this wrapper alive to record
        // the command's status (a trapped signal is reset to default for the command itself).
        let script =
            "trap : INT; \(exports)stty -g > \(dir)/stty-before; \(command); echo $? > \(dir)/exit-status.tmp; "
            + "stty -g > \(dir)/stty-after; mv \(dir)/exit-status.tmp \(dir)/exit-status; exec sleep 600"
        // The server this starts lives on: it must not inherit an output pipe, or reading the
        // pipe to its end would wait for the server to exit.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c", script], captureOutput: false)
    }

    /// Ends the session: kills its tmux server (and so the command) and removes its files.
    /// Call it with `defer` right after starting the session.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: workDirectory)
    }

    private var isClosed = false

    deinit {
        close()
    }

    /// Sends keys by tmux's names ("Right", "q", "C-c").
    package func send(_ keys: String...) throws {
        try send(contentsOf: keys)
    }

    /// Sends keys by tmux's names in one go, as a burst.
    package func send(contentsOf keys: [String]) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Sends bytes as they are, in one go: how tests type escape sequences such as mouse reports.
    package func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// One xterm mouse report in the X10 encoding, as modes 1000 and 1002 send it without SGR:
    /// `button` 0 press, 3 release, 32 motion with the button held, 64 and 65 the wheel; the
    /// cell 0-based, below column and row 223.
    package static func mouseReport(button: Int, column: Int, row: Int) -> [UInt8] {
        [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + button), UInt8(33 + column), UInt8(33 + row)]
    }

    /// The screen as text, trailing spaces kept (a picture may end in cells drawn as spaces);
    /// with `escapes`, with colour escape sequences as tmux holds them.
    package func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-N", "-t", "0"] + (escapes ? ["-e"] : []))
    }

    /// Runs a tmux command on this session's server, e.g. ["set-option", "-g", "set-clipboard", "on"];
    /// returns what it printed.
    @discardableResult
    package func command(_ arguments: [String]) throws -> String {
        try tmux(arguments)
    }

    /// A tmux format evaluated for the pane, e.g. "#{alternate_on}".
    package func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// From now on appends everything the program writes to the pane to a file; returns a
    /// function that reads what was recorded so far.
    package func recordOutput() throws -> () -> [UInt8] {
        let file = workDirectory.appendingPathComponent("pane-output")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        try tmux(["pipe-pane", "-o", "-t", "0", "cat >> '\(file.path)'"])
        return { (try? [UInt8](Data(contentsOf: file))) ?? [] }
    }

    /// Resizes the window.
    package func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the command's shell.
    package func panePID() throws -> Int32 {
        Int32(try display("#{pane_pid}")) ?? -1
    }

    /// The exit status of the command once it has ended, else nil.
    package var exitStatus: Int32? {
        guard let text = try? String(contentsOf: workDirectory.appendingPathComponent("exit-status"), encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `stty -g` before and after the command, once it has ended.
    package var sttyBeforeAndAfter: (before: String, after: String)? {
        let read = { (name: String) in try? String(contentsOf: self.workDirectory.appendingPathComponent(name), encoding: .utf8) }
        guard let before = read("stty-before"), let after = read("stty-after") else { return nil }
        return (before, after)
    }

    /// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held.
    /// A terminal program answers asynchronously, so end-to-end checks wait for a state
    /// instead of sleeping a fixed time.
    @discardableResult
    package func waitUntil(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    @discardableResult
    private func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        let result = try Subprocess.run(["tmux", "-u", "-L", socket] + arguments, capture: captureOutput)
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    private static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
