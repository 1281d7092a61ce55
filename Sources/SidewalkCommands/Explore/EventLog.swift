import Explorer
import SystemIO
import TUI

#if canImport(Glibc)
import Glibc
#endif

/// Writes explorer events to a file as JSON lines (`--events PATH`, docs/events.md), each line
/// written whole as it happens, so a script can follow the file while the explorer runs. The
/// path is opened in place: a FIFO, a device or a link is written to, never replaced.
final class EventLog: Sendable {
    private let descriptor: Int32
    private let path: String

    /// Creates or empties the file. Throws when it cannot be opened for writing.
    init(path: String) throws(CommandError) {
        do { descriptor = try OutputFile.openStream(path) } catch { throw .file(error) }
        self.path = path
    }

    /// Appends one event; a reader that went away or a full device loses the event, never the
    /// explorer.
    func record(_ event: ExplorerEvent, at time: Double) {
        _ = FileDescriptorIO.writeAll(descriptor, Array((event.jsonLine(time: time) + "\n").utf8))
    }

    deinit {
        SystemCall.close(descriptor)
    }
}

/// `--events`: every event as it happens.
extension EventLog: SessionOutput {
    func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {
        record(event, at: time)
    }
}
