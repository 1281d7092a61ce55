import Locking
import SystemIO

/// The requests a client has in flight and since when, so a command can say what it waits for
/// (`sidewalk info` on a slow server: "waiting for …/manifest.json 12 s"). Shared by the client's
/// copies and its worker threads.
package final class FetchWatch: Sendable {
    /// In flight: a token, the address and when it was asked for (`FileDescriptorIO.monotonicSeconds`).
    private let inFlight = Locked<(next: Int, requests: [(token: Int, url: String, since: Double)])>((0, []))
    /// Told when the last request in flight has ended (from the thread that ended it).
    private let settled: @Sendable () -> Void

    package init(settled: @escaping @Sendable () -> Void = {}) {
        self.settled = settled
    }

    /// Notes that `url` is being asked for; give the token to `end`.
    func begin(_ url: String) -> Int {
        let now = FileDescriptorIO.monotonicSeconds()
        return inFlight.withLock {
            $0.next += 1
            $0.requests.append(($0.next, url, now))
            return $0.next
        }
    }

    /// Notes that the request `token` ended, with an answer or not.
    func end(_ token: Int) {
        let empty = inFlight.withLock {
            $0.requests.removeAll { $0.token == token }
            return $0.requests.isEmpty
        }
        if empty { settled() }
    }

    /// The request waited for longest, and for how many seconds; nil when none is in flight.
    package func longestWaiting() -> (url: String, seconds: Double)? {
        let now = FileDescriptorIO.monotonicSeconds()
        return inFlight.withLock { state in state.requests.min { $0.since < $1.since }.map { ($0.url, now - $0.since) } }
    }
}
