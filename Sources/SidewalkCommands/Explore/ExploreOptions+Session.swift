import Foundation
import SystemIO
import TUI

// What the explorer's session is given besides the view: the follow sockets, the recording and
// the limits, each made before the terminal is taken.
extension ExploreOptions {
    /// The broadcast to publish on (`--broadcast`) and the one to follow (`--follow`), opened
    /// before the terminal is taken, so a socket that cannot be used is one line and status 1.
    func sockets() throws(CommandError) -> (ViewBroadcast?, ViewFollower?) {
        do throws(LocalSocket.Failure) {
            return (try broadcastPath.map(ViewBroadcast.init(path:)), try followPath.map(ViewFollower.init(path:)))
        } catch {
            throw .socket(error)
        }
    }
}

extension ExploreOptions {
    /// The recording `--record` asks for, titled after `place`; nil when not asked.
    func castRecorder(titled place: String) throws(CommandError) -> CastRecorder? {
        try castPath.map { (file) throws(CommandError) in
            do throws(FileError) {
                return try CastRecorder(
                    path: file, title: "Sidewalk: " + place, environment: ProcessInfo.processInfo.environment, idleLimit: castIdleLimit,
                    timestamp: Int(Date().timeIntervalSince1970))
            } catch {
                throw .file(error)
            }
        }
    }

    /// --session-limit and --idle-limit, else a demo's 15 and 3 minutes, else none.
    func sessionLimits() -> SessionLimits {
        SessionLimits(session: sessionLimit ?? (demo ? 900 : nil), idle: idleLimit ?? (demo ? 180 : nil))
    }
}
