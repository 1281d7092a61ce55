import Dispatch
import Explorer
import ExplorerSession
import ExplorerView
import PanoCore
import ParallelDispatch
import StreetModel
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// The interactive explorer on the real terminal: takes the tty over, asks it what it can do,
/// then runs `ExplorerLoop`, polling the keyboard, the signals, the frame writer and the
/// arrivals for it. Returns the process exit status: 0 after `q`, 128 + N after signal N, 1 when
/// the terminal goes away.
package enum InteractiveSession {
    package static func run(_ options: SessionOptions) throws(TerminalError) -> Int32 {
        let (termName, environment, display, outputs) = (options.termName, options.environment, options.display, options.outputs)
        // The palette tables are built while the terminal is set up and asked, not at the first key.
        DispatchQueue.global(qos: .userInitiated).async { ColorPalette.prepare() }
        let signals = try SignalPipe()
        let writer = try FrameWriter()
        let terminal = try Terminal.open(termName: termName, mouse: display.mouse)
        // Asked before the first frame, so it is drawn as well as the terminal allows.
        let queries = TerminalProbe.queries(termName: termName, environment: environment)
        let capabilities = try TmuxFeatureQuery.alongside(environment: environment, within: TerminalProbe.deadline) {
            terminal.probe(queries, within: TerminalProbe.deadline)
        }
        let settings = ExplorerLoop.Settings(
            scenery: options.scenery, shareOrigin: options.shareOrigin, lookup: options.lookup, display: display,
            environment: environment, detected: TerminalProbe.colorModeFromTerminfo(termName: termName, environment: environment),
            queries: queries, asciiOnly: !(capabilities.utf8 ?? TerminalLocale.isUTF8), limits: options.limits, outputs: outputs,
            presenter: options.follower.map { $0.connected ? .following : .waiting }, maxRate: options.maxRate, tour: options.tour,
            playInterval: options.playInterval,
            runner: DispatchRunner())
        var loop = try ExplorerLoop(
            settings: settings, camera: options.camera, gestures: options.gestures, home: options.home, sharper: options.sharper,
            capabilities: capabilities, size: terminal.size)
        defer {
            // A terminal that stopped reading gets a bounded wait, then is given back at once.
            let deadline = FileDescriptorIO.monotonicSeconds() + (loop.finishedAt == nil ? ExplorerLoop.drainSeconds : 0)
            _ = writer.finish(by: deadline)
            terminal.close(by: deadline)
        }
        if let closing = loop.pixels.closingBytes { terminal.sayOnClose(closing) }
        for output in outputs { output.started(columns: terminal.size.columns, rows: terminal.size.rows, cell: loop.pixels.cell) }
        loop.start(with: options.startEvents)
        let clock = ContinuousClock()
        let start = clock.now
        if options.recordInput {
            terminal.inputTap = { bytes in
                for output in outputs { output.received(bytes, at: DurationSeconds.of(clock.now - start)) }
            }
        }
        let status = try poll(
            &loop, terminal: terminal, signals: signals, writer: writer, arrivals: loop.loading.descriptor, follower: options.follower,
            clock: clock, start: start)
        loop.tell { $0.ended(at: DurationSeconds.of(clock.now - start)) }
        return status
    }

    /// Runs `loop` until it ends, waiting on the keyboard, `signals`, `writer` and `arrivals`
    /// (the loader's descriptor) each time it asks to wait.
    private static func poll(
        _ loop: inout ExplorerLoop, terminal: Terminal, signals: borrowing SignalPipe, writer: FrameWriter,
        arrivals: Int32, follower: ViewFollower?, clock: ContinuousClock, start: ContinuousClock.Instant
    ) throws(TerminalError) -> Int32 {
        func now() -> Double { DurationSeconds.of(clock.now - start) }
        var fds = [STDIN_FILENO, signals.descriptor, writer.descriptor, arrivals, follower?.descriptor ?? -1].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        var recordedSize = terminal.size
        while true {
            let wait: Double?
            switch loop.next(at: now(), writerBusy: writer.isBusy, terminal: terminal) {
            case .write(let bytes):
                writer.write(bytes)
                loop.tell { $0.sent(bytes, at: now()) }
                continue
            case .exit(let status):
                return status
            case .wait(let seconds, let readsKeys):
                wait = seconds
                // A negative descriptor is skipped: a key typed while the last frame drains must not spin the loop.
                fds[0].fd = readsKeys ? STDIN_FILENO : -1
            }
            for i in fds.indices { fds[i].revents = 0 }
            fds[4].fd = follower?.descriptor ?? -1
            // While it waits for a broadcast, a follower wakes to try again.
            let retry = follower?.retryWait(at: now())
            if SystemCall.poll(&fds, seconds: retry.map { min($0, wait ?? $0) } ?? wait) < 0 { throw .pollFailed(SystemCall.lastError) }
            if fds[2].revents != 0, let status = loop.frameWritten(writer.acknowledge(), at: now()) { return status }
            if let status = loop.take(signals: signals.drain(), terminal: terminal) { return status }
            if let follower { loop.follow(follower, readable: fds[4].revents != 0, at: now()) }
            if terminal.size != recordedSize {
                recordedSize = terminal.size
                loop.tell { $0.resized(columns: recordedSize.columns, rows: recordedSize.rows, at: now()) }
            }
            let hungUp = fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            if let status = loop.takeInput(from: terminal, hungUp: hungUp, at: now()) { return status }
        }
    }
}
