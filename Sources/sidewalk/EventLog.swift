import Explorer
import Foundation

/// Writes explorer events to a file as JSON lines (`--events PATH`, docs/events.md), each line
/// written whole as it happens, so a script can follow the file while the explorer runs.
final class EventLog: @unchecked Sendable {
    private let handle: FileHandle

    /// Creates or empties the file. Throws when it cannot be written.
    init(path: String) throws(CommandError) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw .eventsUnwritable(path: path)
        }
        self.handle = handle
    }

    func record(_ event: ExplorerEvent, at time: Double) {
        try? handle.write(contentsOf: Data((event.jsonLine(time: time) + "\n").utf8))
    }

    deinit {
        try? handle.close()
    }
}
