#if canImport(Glibc)
import Glibc
#endif
import Explorer
import PanoCore
import TermRender

/// The interactive explorer: reads keys, applies them to the explorer state, and draws a frame
/// only when something changed. Returns the process exit status: 0 after `q`, 128 + N after
/// signal N, 1 when the terminal goes away.
public enum InteractiveSession {
    public static func run(
        panorama: EquirectPanorama, title: String, camera: PanoramaCamera, termName: String?
    ) throws(TerminalError) -> Int32 {
        let signals = try SignalPipe()
        let terminal = try Terminal.open(termName: termName)
        defer { terminal.close() }

        var state = ExplorerState(camera: camera)
        var composer = FrameComposer()
        var encoder = FrameEncoder()
        var bytes: [UInt8] = []
        let runner = DispatchRunner()
        var needsFrame = true
        var exitStatus: Int32 = 0

        func draw() -> Bool {
            let size = terminal.size
            let frame = composer.compose(
                panorama: panorama, camera: state.camera, columns: size.columns, rows: size.rows,
                statusLeft: state.cameraReadout, statusRight: "\(title) · arrows turn · +/- zoom · q quit ",
                runner: runner
            )
            encoder.encode(frame, into: &bytes)
            return bytes.isEmpty || terminal.write(bytes)
        }

        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        loop: while true {
            if needsFrame {
                needsFrame = false
                guard draw() else { exitStatus = 1; break loop }
            }
            if state.isFinished { break }
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 && errno != EINTR { throw .pollFailed(String(cString: strerror(errno))) }

            for signal in signals.drain() {
                switch signal {
                case SIGWINCH:
                    terminal.adoptNewSize()
                    encoder.invalidate()
                    needsFrame = true
                case SIGCONT:
                    terminal.settleAfterResume()
                    encoder.invalidate()
                    needsFrame = true
                default:
                    exitStatus = 128 + signal
                    break loop
                }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                exitStatus = 1
                break
            }
            while let key = terminal.nextKey() {
                if state.handle(key) { needsFrame = true }
            }
        }
        return exitStatus
    }
}
