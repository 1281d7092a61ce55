import Explorer
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// `--state-log PATH`: a line for each frame drawn, and one each time the full view settles after
/// a change or a key (`SettledState`), so a test driver that types into the terminal can follow a
/// move, wait for each answer and check it. Opened in place, like `--events`: a FIFO or a descriptor is written to as itself.
package final class StateLog {
    private let descriptor: Int32
    /// Keys taken since the start.
    private var keys = 0
    /// The keys count of the last line written; -1 before the first.
    private var written = -1
    /// What was last said about, for the narration of the next line.
    private var lastSaid: Narrator.Snapshot?
    /// Events since the last line.
    private var events: [Perceived.Event] = []

    package init(path: String) throws(FileError) {
        descriptor = try OutputFile.openStream(path)
    }

    /// Unbound keys said since the last line ("x does nothing here"), as the headless runner says them.
    private var unbound: [String] = []

    /// A key was taken; `changed` is what `ExplorerState.handle` answered.
    package func took(_ key: Key, changed: Bool, in state: ExplorerState) {
        keys += 1
        if !changed, let line = Narrator.unbound(key, in: state) { unbound.append(line) }
    }

    /// An event happened.
    package func record(_ event: ExplorerEvent, at time: Double) {
        events.append(Perceived.Event(event, at: time))
    }

    /// A frame of `state` was handed to the terminal: a line that is not settled, so a driver sees
    /// a move as it goes.
    package func drew(_ state: ExplorerState, at time: Double) {
        write(SettledState.line(state, keys: keys, time: time, settled: false, said: [], events: events))
        events = []
    }

    /// The view has settled, its frame written: a line, when a key was taken or anything was
    /// said or happened since the last one.
    package func settled(_ state: ExplorerState, at time: Double) {
        let said = unbound + (lastSaid.map { Narrator.changes(from: $0, to: state) } ?? [Narrator.arrival(state)])
        lastSaid = Narrator.Snapshot(state)
        guard keys != written || !said.isEmpty || !events.isEmpty else { return }
        write(SettledState.line(state, keys: keys, time: time, settled: true, said: said, events: events))
        (written, events, unbound) = (keys, [], [])
    }

    private func write(_ line: String) {
        _ = FileDescriptorIO.writeAll(descriptor, Array((line + "\n").utf8))
    }

    deinit {
        SystemCall.close(descriptor)
    }
}

/// `--state-log`: a line for each frame drawn and each settled view, with the events between.
extension StateLog: SessionOutput {
    package func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {
        record(event, at: time)
    }

    package func took(_ key: Key, commandBefore: String?, changed: Bool, in state: ExplorerState, at time: Double) {
        took(key, changed: changed, in: state)
    }
}
