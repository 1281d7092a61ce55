import Foundation

/// What a loopback test server (Tests/EndToEndTests/Support/*_server.py) logged: one line a
/// request, "TIME PATH USER-AGENT", TIME in seconds since the epoch.
package enum RequestLog {
    /// The requests in the log at `path`, in order; none when it cannot be read.
    package static func read(_ path: String) -> [(time: Double, path: String, userAgent: String)] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let time = Double(fields[0]) else { return nil }
            return (time, String(fields[1]), String(fields[2]))
        }
    }
}
