import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A follower in a terminal, fed by a presenter's socket the test holds: what it makes of lines
/// that come in pieces.
@Suite("A follower reading the presenter's stream")
struct FollowStreamTests {
    static let demo = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/demo").path

    @Test("a line that arrives in pieces is waited for: the broadcast is not said to have ended while it lives")
    func partialLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sw-follow-\(UUID().uuidString.prefix(8)).sock").path
        let listening = try LocalSocket.listen(at: path)
        defer {
            SystemCall.close(listening)
            unlink(path)
        }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --follow '\(path)' --reduce-motion", columns: 100, rows: 30,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        var accepted: Int32?
        #expect(
            session.waitUntil(timeout: 30) {
                accepted = accepted ?? LocalSocket.accept(listening)
                return accepted != nil
            })
        let presenter = try #require(accepted)
        defer { SystemCall.close(presenter) }
        let send = { (text: String) in _ = LocalSocket.send(presenter, Array(text.utf8)[...]) }
        send(#"{"panorama":"main-2","heading":180,"pitch":0,"zoom":1}"# + "\n")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("180° S") })
        // Half a line: for two seconds, nothing says the broadcast ended; then the rest of it.
        send(#"{"panorama":"main-2","heading":2"#)
        #expect(!(session.waitUntil(timeout: 2) { (try? session.capture())?.contains("broadcast has ended") ?? false }))
        send(#"70,"pitch":0,"zoom":1}"# + "\n")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("270° W") })
        #expect(try !session.capture().contains("broadcast has ended"))
    }

    @Test(
        "a follower started before the presenter waits, joins when the broadcast starts, rejoins when it restarts, and its status line offers no ways"
    )
    func presenterRestarts() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sw-follow-\(UUID().uuidString.prefix(8)).sock").path
        let environment = ["SWIFT_BACKTRACE": "interactive=no"]
        let explorer = "'\(BuiltProducts.sidewalk)' '\(Self.demo)' --reduce-motion"
        let follower = try TmuxSession(command: "\(explorer) --follow '\(path)'", columns: 100, rows: 30, environment: environment)
        defer { follower.close() }
        // Before the fix: "cannot reach …talk.sock", and the follower was gone.
        #expect(try follower.waitUntil(timeout: 30) { try follower.capture().contains("Waiting for the presenter…") })
        let bottom = { try follower.capture().split(separator: "\n").last.map(String.init) ?? "" }
        let line = try bottom()
        #expect(line.contains("q leaves") && !line.contains("w walk") && !line.contains("1 E"), "\(line)")
        try follower.send("w")
        #expect(try follower.waitUntil(timeout: 10) { try follower.capture().contains("Waiting for the presenter…; q leaves") })
        for round in ["The presenter has started; following", "The presenter is back; following again"] {
            let presenter = try TmuxSession(command: "\(explorer) --broadcast '\(path)'", columns: 100, rows: 30, environment: environment)
            defer { presenter.close() }
            #expect(try follower.waitUntil(timeout: 30) { try follower.capture().contains(round) })
            #expect(try presenter.waitUntil(timeout: 30) { Self.heading(on: try presenter.capture()) != nil })
            let before = Self.heading(on: try presenter.capture())
            try presenter.send("Right", "Right", "Right")
            #expect(try presenter.waitUntil(timeout: 30) { Self.heading(on: try presenter.capture()) != before })
            let turned = try #require(Self.heading(on: try presenter.capture()))
            #expect(try follower.waitUntil(timeout: 30) { Self.heading(on: try follower.capture()) == turned }, "\(round)")
            try presenter.send("q")
            #expect(presenter.waitUntil(timeout: 30) { presenter.exitStatus != nil })
            #expect(try follower.waitUntil(timeout: 30) { try follower.capture().contains("waiting for it to start again") })
        }
        try follower.send("q")
        #expect(follower.waitUntil(timeout: 30) { follower.exitStatus == 0 })
    }

    /// The heading the status line shows ("105° E"), from a captured screen.
    static func heading(on screen: String) -> String? {
        let bottom = screen.split(separator: "\n").last.map(String.init) ?? ""
        return bottom.firstMatch(of: /\d+° [NESW]{1,3}\b/).map { String($0.output) }
    }
}
