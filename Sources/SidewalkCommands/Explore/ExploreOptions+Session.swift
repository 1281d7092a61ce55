import FoundationEssentials
import SystemIO
import TUI

#if canImport(Glibc)
import Glibc
#endif

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
    /// The recording `--record` asks for, or `--record-visits` for this visit, titled after
    /// `place`; nil when not asked.
    func castRecorder(titled place: String) throws(CommandError) -> CastRecorder? {
        let now = Date()
        var file = castPath
        if let visitsFolder {
            guard FileKind.of(visitsFolder) == .directory else {
                throw .file(.notWritable(path: visitsFolder, reason: "--record-visits needs a folder that exists"))
            }
            let stamp = UTCTime.text(now.timeIntervalSince1970, "%Y%m%d-%H%M%S")
            file = "\(visitsFolder)/visit-\(stamp)-\(getpid()).cast"
        }
        guard let file else { return nil }
        do {
            return try CastRecorder(
                path: file, title: "Sidewalk: " + place, environment: ProcessInfo.processInfo.environment, idleLimit: castIdleLimit,
                timestamp: Int(now.timeIntervalSince1970),
                notice: visitsFolder == nil ? nil : "This visit is recorded by the demo's operator.")
        } catch {
            throw .file(error)
        }
    }

    /// `status`, unless the recording stopped early (a disk that filled): then its one line,
    /// said once the terminal is restored, and status 1.
    static func checked(_ status: Int32, recording cast: CastRecorder?) throws(CommandError) -> Int32 {
        if let failure = cast?.failure { throw .file(failure) }
        return status
    }

    /// --session-limit and --idle-limit, else a demo's 15 and 3 minutes, else none.
    func sessionLimits() -> SessionLimits {
        SessionLimits(session: sessionLimit ?? (demo ? 900 : nil), idle: idleLimit ?? (demo ? 180 : nil))
    }
}
