import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH server of the tests' own on loopback (scripts/lib/loopback_ssh.py: Debian's
/// sshd with a throwaway host key and user key, run by this user), with scripts/ssh-demo's demo
/// account block for this user, optionally behind a slow link of our own; stopped when released.
final class LoopbackSSHServer {
    let work: URL
    let port: String
    private let pid: pid_t
    /// In the explorer's command line only: tells its process from any other.
    let stateLog: String

    /// The demo block forcing `--demo` (with a state log of its own, `arguments` after it and
    /// `environment` set for it), behind `megabits` Mbit/s and 50 ms round trips when given.
    init(megabits: Double? = nil, arguments: String = "", environment: String = "") throws {
        let root = BuiltProducts.packageRoot(from: #filePath)
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-ssh-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        stateLog = work.appendingPathComponent("state.jsonl").path
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        let block = try Subprocess.run([
            root.appendingPathComponent("scripts/ssh-demo").path, "config", "--user", user,
            "--command",
            (environment.isEmpty ? "" : "env \(environment) ") + "'\(BuiltProducts.sidewalk)' --demo --state-log '\(stateLog)' \(arguments)"
        ])
        try #require(block.status == 0, "ssh-demo config: \(block.errorText)")
        let config = work.appendingPathComponent("demo.conf").path
        try block.outputText.write(toFile: config, atomically: true, encoding: .utf8)
        let portFile = work.appendingPathComponent("port").path
        let script = root.appendingPathComponent("scripts/lib/loopback_ssh.py").path
        let server = try Subprocess.startServer(
            ["python3", script, work.path, portFile, "--config", config]
                + (megabits.map { ["--rate-mbit", "\($0)"] } ?? []), portFile: portFile)
        pid = server.pid
        port = String(server.address.split(separator: ":").last ?? "0")
        try #require(port != "0", "the loopback sshd did not start (is openssh-server installed? ./scripts/test installs it)")
    }

    /// ssh's options for this server, then `user@127.0.0.1`.
    var sshArguments: String {
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        return
            "-p \(port) -i '\(work.path)/user_key' -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \(user)@127.0.0.1"
    }

    /// Pids of processes whose command line holds `text`.
    static func processes(holding text: String) throws -> [String] {
        try Subprocess.run(["pgrep", "-f", text]).outputText.split(separator: "\n").map(String.init)
    }

    deinit {
        Subprocess.stop(pid)
        try? FileManager.default.removeItem(at: work)
    }
}

/// Demos over SSH (docs/ssh-demo.md), through a real sshd and ssh in tmux, at 1 and 10 Mbit/s with
/// 50 ms round trips: the terminal comes back after `q` and after the link is cut, the explorer
/// never outlives its connection, and the demo account runs nothing but the explorer.
@Suite("Demos over SSH", .serialized)
struct SSHDemoTests {
    static let environment = ["SWIFT_BACKTRACE": "interactive=no", "COLORTERM": "truecolor"]

    private func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil }, "ssh did not end", sourceLocation: sourceLocation)
        let stty = try #require(session.sttyBeforeAndAfter, sourceLocation: sourceLocation)
        #expect(stty.before == stty.after, "terminal modes (stty -g) changed", sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", "still in the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.display("#{cursor_flag}") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        #expect(try session.display("#{mouse_any_flag}") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
    }

    private func waitForPicture(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let drawn = try session.waitUntil(timeout: 60) { try session.capture().contains("Heading") }
        let screen = try session.capture()
        #expect(drawn, "no picture through ssh: \(screen.suffix(600))", sourceLocation: sourceLocation)
    }

    @Test(
        "through ssh and a slow link: moves jump where the link is too slow for motion, and say so; q gives the terminal back",
        arguments: [1.0, 10.0])
    func quit(megabits: Double) throws {
        let server = try LoopbackSSHServer(megabits: megabits)
        let session = try TmuxSession(
            command: "ssh -tt -o SendEnv=COLORTERM \(server.sshArguments)", columns: 120, rows: 40,
            environment: Self.environment)
        defer { session.close() }
        try waitForPicture(session)
        let note = "slow link: moves jump instead of gliding; still views in 256 colours"
        if megabits < 5 {
            #expect(try session.waitUntil(timeout: 20) { try session.capture().contains(note) }, "the first screen measured the link")
        }
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 20) { try session.capture().contains("Heading 105°") })
        if megabits >= 5 {
            #expect(try !session.capture().contains("slow link"), "10 Mbit/s carries motion at 120×40")
        }
        try session.send("q")
        try expectRestored(session)
        #expect(session.exitStatus == 0)
    }

    @Test("a cut link: ssh-demo connect gives the terminal back, and the explorer on the server exits (no orphan)", arguments: [1.0, 10.0])
    func cutLink(megabits: Double) throws {
        let server = try LoopbackSSHServer(megabits: megabits)
        let connect = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("scripts/ssh-demo").path
        let session = try TmuxSession(
            command: "'\(connect)' connect \(server.sshArguments)", columns: 120, rows: 40, environment: Self.environment)
        defer { session.close() }
        try waitForPicture(session)
        let explorers = try LoopbackSSHServer.processes(holding: server.stateLog)
        #expect(!explorers.isEmpty, "the explorer's process was not found")
        let clients = try LoopbackSSHServer.processes(holding: "ssh -t -o SendEnv=COLORTERM -p \(server.port) ")
        try #require(clients.count == 1, "one ssh client: \(clients)")
        #expect(kill(pid_t(clients[0])!, SIGKILL) == 0)
        try expectRestored(session)
        let gone = try session.waitUntil(timeout: 20) { try LoopbackSSHServer.processes(holding: server.stateLog).isEmpty }
        #expect(gone, "the explorer outlived its connection")
    }

    @Test("a cut link on plain ssh leaves the visitor's terminal without mouse reporting: --demo never turned it on")
    func cutLinkPlainSSH() throws {
        let server = try LoopbackSSHServer()
        let session = try TmuxSession(
            command: "ssh -tt -o ConnectionAttempts=3 \(server.sshArguments)", columns: 120, rows: 40, environment: Self.environment)
        defer { session.close() }
        try waitForPicture(session)
        #expect(try session.display("#{mouse_any_flag}") == "0", "--demo leaves the mouse to the terminal")
        let client = try LoopbackSSHServer.processes(holding: "^ssh -tt -o ConnectionAttempts=3 -p \(server.port)")
        try #require(client.count == 1, "one ssh client: \(client)")
        #expect(kill(pid_t(client[0])!, SIGKILL) == 0)
        #expect(session.waitUntil(timeout: 20) { session.exitStatus != nil })
        #expect(try session.display("#{mouse_any_flag}") == "0", "mouse reporting left on after the link was cut")
    }

    @Test("the demo account runs the explorer whatever is asked, in --demo, and forwards nothing")
    func restrictedAccount() throws {
        let server = try LoopbackSSHServer()
        let session = try TmuxSession(
            command: "ssh -tt \(server.sshArguments) 'echo a shell command'", columns: 100, rows: 30,
            environment: Self.environment)
        defer { session.close() }
        try waitForPicture(session)
        #expect(try !session.capture().contains("a shell command"))
        try session.send("q")
        try expectRestored(session)
        let forward = try Subprocess.run(["sh", "-c", "ssh -W 127.0.0.1:\(server.port) \(server.sshArguments) < /dev/null"])
        #expect(forward.status != 0)
        #expect(forward.errorText.contains("forwarding failed"), "\(forward.errorText)")
        let user = String(cString: getpwuid(geteuid()).pointee.pw_name)
        let effective = try Subprocess.run([
            "/usr/sbin/sshd", "-T", "-f", server.work.appendingPathComponent("sshd_config").path,
            "-C", "user=\(user),host=localhost,addr=127.0.0.1"
        ])
        #expect(effective.status == 0, "\(effective.errorText)")
        for setting in [
            "disableforwarding yes", "allowagentforwarding no", "allowtcpforwarding no", "x11forwarding no", "permittunnel no",
            "permituserrc no", "maxsessions 1", "forcecommand '\(BuiltProducts.sidewalk)' --demo", "setenv LANG=C.UTF-8"
        ] {
            #expect(effective.outputText.contains(setting), "sshd -T lacks \(setting)")
        }
    }
}

/// Follow mode through a real sshd: the demo account runs `--follow`, the presenter broadcasts.
@Suite("An audience following the presenter", .serialized)
struct FollowOverSSHTests {
    @Test(
        "a presenter's w and Right reach three followers at their own sizes; one that stops reading slows no one; q on a follower leaves the presenter"
    )
    func followers() throws {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("sw-talk-\(getpid()).sock").path
        let presenter = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --broadcast '\(socket)' --reduce-motion", columns: 120, rows: 40,
            environment: SSHDemoTests.environment)
        defer { presenter.close() }
        #expect(try presenter.waitUntil(timeout: 60) { try presenter.capture().contains("Heading 90° E") })
        // Each follower a state log of its own would need a block each; the screens say enough.
        let server = try LoopbackSSHServer(arguments: "--follow '\(socket)' --reduce-motion")
        let followers = try [(80, 24), (100, 30), (160, 48)].map { columns, rows in
            try TmuxSession(
                command: "ssh -tt -o SendEnv=COLORTERM \(server.sshArguments)", columns: columns, rows: rows,
                environment: SSHDemoTests.environment)
        }
        defer { for follower in followers { follower.close() } }
        // A visitor whose laptop froze: its ssh client stopped, so its follower stops reading.
        let frozen = try TmuxSession(
            command: "ssh -tt -o ConnectionAttempts=7 \(server.sshArguments)", columns: 200, rows: 60, environment: SSHDemoTests.environment
        )
        defer { frozen.close() }
        for follower in followers + [frozen] {
            #expect(try follower.waitUntil(timeout: 60) { try follower.capture().contains("Main Street 16, Lindenfeld") })
        }
        let client = try LoopbackSSHServer.processes(holding: "^ssh -tt -o ConnectionAttempts=7 -p \(server.port)")
        try #require(client.count == 1, "the frozen visitor's ssh: \(client)")
        #expect(kill(pid_t(client[0])!, SIGSTOP) == 0)
        defer { kill(pid_t(client[0])!, SIGCONT) }
        for key in ["w", "Right", "Left", "Right"] {
            try presenter.send(key)
            _ = try presenter.waitUntil(timeout: 20) {
                try presenter.capture().contains(key == "Left" ? "Heading 90° E" : "Heading 105° E")
            }
        }
        #expect(try presenter.waitUntil(timeout: 20) { try presenter.capture().contains("Main Street 18, Lindenfeld") })
        for follower in followers {
            let there = try follower.waitUntil(timeout: 20) {
                let screen = try follower.capture()
                return screen.contains("Main Street 18, Lindenfeld") && screen.contains("105° E")
            }
            let screen = try follower.capture()
            #expect(there, "a follower did not follow: \(screen.suffix(300))")
        }
        try followers[0].send("w")
        #expect(try followers[0].waitUntil(timeout: 20) { try followers[0].capture().contains("Following the presenter") })
        try followers[0].send("q")
        #expect(followers[0].waitUntil(timeout: 30) { followers[0].exitStatus != nil }, "q leaves")
        try presenter.send("Left")
        #expect(try presenter.waitUntil(timeout: 20) { try presenter.capture().contains("Heading 90° E") }, "the presenter runs on")
        #expect(try followers[2].waitUntil(timeout: 20) { try followers[2].capture().contains("Heading 90° E") })
        #expect(presenter.exitStatus == nil)
    }
}
