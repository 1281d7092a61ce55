import Explorer
import ExplorerScripts
import SystemIO

/// `sidewalk --record-script FILE`: the full view's session written as a script as it goes
/// (`ScriptRecording`), a line each time the view settles, so a session that ends any way (a
/// quit, a signal, a dropped link) leaves the script up to its last settle.
package final class ScriptRecorder {
    private let descriptor: Int32
    private var recording = ScriptRecording()
    /// What was last said about, for the lines said since.
    private var lastSaid: Narrator.Snapshot?
    /// The errors the explorer reported since the view last settled.
    private var errors: [String] = []

    package init(path: String) throws(FileError) {
        descriptor = try OutputFile.openStream(path)
        write(ScriptRecording.header)
    }

    /// A key was taken; `before` is the command line before it.
    package func took(_ key: Key, commandBefore before: String?, in state: ExplorerState) {
        recording.took(key, commandBefore: before, commandAfter: state.commandLine)
    }

    /// The view has settled on `state`.
    package func settled(_ state: ExplorerState) {
        let said = lastSaid.map { Narrator.changes(from: $0, to: state) } ?? []
        lastSaid = Narrator.Snapshot(state)
        write(recording.settled(state, said: said, errors: errors))
        errors = []
    }

    private func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        _ = FileDescriptorIO.writeAll(descriptor, Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    deinit {
        SystemCall.close(descriptor)
    }
}

/// `--record-script`: each key, and what the settled view then showed and said, as a script.
extension ScriptRecorder: SessionOutput {
    package func took(_ key: Key, commandBefore: String?, changed: Bool, in state: ExplorerState, at time: Double) {
        took(key, commandBefore: commandBefore, in: state)
    }

    package func settled(_ state: ExplorerState, at time: Double) {
        settled(state)
    }

    package func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {
        if let message = event.errorMessage { errors.append(message) }
    }
}
