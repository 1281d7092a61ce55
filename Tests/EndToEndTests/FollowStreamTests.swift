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
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 180° S") })
        // Half a line: for two seconds, nothing says the broadcast ended; then the rest of it.
        send(#"{"panorama":"main-2","heading":2"#)
        #expect(!(session.waitUntil(timeout: 2) { (try? session.capture())?.contains("broadcast has ended") ?? false }))
        send(#"70,"pitch":0,"zoom":1}"# + "\n")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Heading 270° W") })
        #expect(try !session.capture().contains("broadcast has ended"))
    }
}
