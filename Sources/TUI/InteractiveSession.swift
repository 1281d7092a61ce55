#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Explorer
import ExplorerSession
import ExplorerView
import PanoCore
import PanoImage
import ParallelDispatch
import StreetModel
import SystemIO
import TermRender

/// The interactive explorer: reads keys, applies them to the explorer state, and draws only
/// when something changed, paced by `FramePacer` and written by `FrameWriter`. Returns the
/// process exit status: 0 after `q`, 128 + N after signal N, 1 when the terminal goes away.
public enum InteractiveSession {
    public static func run(
        scenery: Scenery, camera: PanoramaCamera, termName: String?,
        environment: [String: String], display: DisplayOptions = DisplayOptions(), gestures: GestureSettings = GestureSettings(),
        home: Coordinate? = nil, sharper: SharperDecode? = nil,
        startEvents: [ExplorerEvent] = [], events: ((ExplorerEvent, Double) -> Void)? = nil, stateLog: StateLog? = nil,
        limits: SessionLimits = SessionLimits()
    ) throws(TerminalError) -> Int32 {
        // The palette tables are built while the terminal is set up and asked, not at the first key.
        DispatchQueue.global(qos: .userInitiated).async { ColorPalette.prepare() }
        let signals = try SignalPipe()
        let writer = try FrameWriter()
        let terminal = try Terminal.open(termName: termName, mouse: display.mouse)
        // Asked before the first frame, so it is drawn as well as the terminal allows.
        let queries = TerminalProbe.queries(termName: termName, environment: environment)
        var capabilities = try TmuxFeatureQuery.alongside(environment: environment, within: TerminalProbe.deadline) {
            terminal.probe(queries, within: TerminalProbe.deadline)
        }
        // When `q` was taken, seconds since start.
        var finishedAt: Double?
        defer {
            // A terminal that stopped reading gets a bounded wait, then is given back at once.
            let deadline = FileDescriptorIO.monotonicSeconds() + (finishedAt == nil ? Self.drainSeconds : 0)
            _ = writer.finish(by: deadline)
            terminal.close(by: deadline)
        }

        var state: ExplorerState
        switch scenery {
        case .image: state = ExplorerState(camera: camera)
        case let .dataset(dataset, start, _, _): state = ExplorerState(camera: camera, panorama: start, service: dataset.service)
        }
        Self.setUp(&state, gestures: gestures, home: home, display: display, size: terminal.size)
        var loading: SceneryLoading
        do { loading = try SceneryLoading(scenery: scenery, state: state, sharper: sharper) } catch { throw .pollFailed(error.description) }
        var composer = FrameComposer()
        let detected = TerminalProbe.colorModeFromTerminfo(termName: termName, environment: environment)
        var drawing = DrawingChoice(
            colorMode: display.colorMode ?? TerminalProbe.colorMode(detected: detected, capabilities: capabilities, environment: environment),
            chosen: display.colorMode != nil, symbols: display.symbols)
        var shown = display
        var pixels = PixelPicture(format: display.format, dithered: display.dither, capabilities: capabilities, environment: environment,
                                  columns: terminal.size.columns, rows: terminal.size.rows)
        if let closing = pixels.closingBytes { terminal.sayOnClose(closing) }
        _ = drawing.take(capabilities)
        var encoder = drawing.encoder(asciiOnly: !TerminalLocale.isUTF8)
        var pacer = FramePacer(framesPerSecond: display.framesPerSecond)
        var link = LinkPacing()
        let runner = DispatchRunner()
        pixels.runner = runner
        let clock = ContinuousClock()
        let start = clock.now
        func now() -> Double { DurationSeconds.of(clock.now - start) }
        var (bytes, clipboard): ([UInt8], [UInt8]) = ([], [])
        // What the last frame showed, for the mouse: the view's cells and the labels on it.
        var pointer = PointerInput()
        var noteOnScreen = NoteOnScreen()
        var viewArea = ViewArea(columns: 0, top: 0, rows: 0)
        var clickTargets: [ClickTarget] = []
        pacer.requestRedraw()
        for event in startEvents { events?(event, 0) }
        events?(.didMoveCamera(heading: state.camera.heading, pitch: state.camera.pitch, zoom: state.camera.zoom), 0)

        var fds = [STDIN_FILENO, signals.descriptor, writer.descriptor, loading.descriptor].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            if (state.isAnimating || state.noteExpiry != nil) && state.advance(to: now()) {
                pacer.noteChange(at: now())
                for event in state.takeEvents() { events?(event, now()) }
            }
            if state.transition == nil { loading.transitionEnded() }
            if !state.isFinished, limits.expired(at: now()) { _ = state.apply(.quit) }
            var timeout: Int32 = -1
            link.giveUpOverdueAnswers(at: now())
            let busy = writer.isBusy || link.holds(pacer.pendingQuality, at: now())
            switch pacer.decide(at: now(), writerBusy: busy) {
            case let .draw(quality):
                let size = terminal.size
                link.shape(quality, drawing: drawing, encoder: &encoder, pixels: &pixels)
                composer.pixelsPerCell = pixels.pixelsPerCell(quality)
                composer.dither = drawing.dither(quality, cells: display.ditherCells)
                let drawn = ExplorerFrame.draw(
                    composer: &composer, panorama: loading.panorama, state: state, header: Self.header(scenery, state),
                    display: shown, columns: size.columns, rows: size.rows,
                    loadNote: loading.loadNote, blend: Self.blend(state, leaving: loading.leaving, now: now()), runner: runner
                )
                let frame = drawn.grid
                (viewArea, clickTargets) = (drawn.viewArea, drawn.clickTargets)
                let hadPixels = pixels.kind != nil
                pixels.frame(frame, image: composer.viewImage,
                             view: "\(state.camera) \(loading.shownID ?? "") \(loading.leaving?.id ?? "") \(size) \(quality) \(String(describing: state.focus)) \(state.map != nil) "
                                 + "\(state.transition.map { $0.progress(at: now()) } ?? 1)",
                             area: drawn.viewArea, quality: quality, encoder: &encoder, into: &bytes)
                if hadPixels && pixels.kind == nil { pacer.requestRedraw() } // given up: symbols next frame
                noteOnScreen.drawn(&state, at: now())
                let rendered = Self.renderedSize(view: composer.viewImage, area: drawn.viewArea, symbols: shown.symbols)
                loading.frameDrawn(view: composer.viewImage, columns: size.columns, symbols: shown.symbols, camera: state.camera, rendered: rendered)
                // The clipboard's bytes go with a frame: the writer takes one write at a time.
                if !bytes.isEmpty || !clipboard.isEmpty {
                    events?(.didStartRendering, now())
                    (clipboard, bytes) = ([], clipboard + bytes)
                    writer.write(link.send(bytes, quality: quality, at: now()))
                    stateLog?.drew(state, at: now())
                }
                continue
            case let .wait(until):
                if until == nil, !state.isAnimating, loading.loadingID == nil, !busy, terminal.escapeDeadline == nil, !terminal.hasQueuedInput {
                    stateLog?.settled(state, at: now())
                }
                if let wake = [until, state.noteExpiry].compactMap({ $0 }).min() {
                    timeout = Int32(max(0, ((wake - now()) * 1000).rounded(.up)))
                }
                // While the camera moves, wake for its next frame.
                if state.isAnimating {
                    let frame = Int32((pacer.frameInterval * 1000).rounded(.up))
                    timeout = timeout < 0 ? frame : min(timeout, frame)
                }
                for wake in [limits.wake(at: now()), link.wake].compactMap({ $0 }) { timeout = timeout < 0 ? wake : min(timeout, wake) }
            }
            if state.isFinished {
                // The last frame drains, and its answers come back (not to be typed into the shell),
                // for at most `drainSeconds`; after that the terminal is taken to have stopped reading.
                let finished = finishedAt ?? now()
                finishedAt = finished
                let left = Self.drainSeconds - (now() - finished)
                if (!writer.isBusy && !link.awaitsAnswers) || left <= 0 { return 0 }
                timeout = Int32((left * 1000).rounded(.up))
            }

            for i in fds.indices { fds[i].revents = 0 }
            // Once finished, keys are no longer read, so stdin is polled only for the last answers (a
            // negative descriptor is skipped): a key typed while the last frame drains must not spin the loop.
            fds[0].fd = state.isFinished && !link.awaitsAnswers ? -1 : STDIN_FILENO
            if terminal.hasQueuedInput && !state.isFinished { timeout = 0 } // typed during the probe: take it now
            if let due = terminal.escapeDeadline {
                let wait = Int32(max(0, ((due - FileDescriptorIO.monotonicSeconds()) * 1000).rounded(.up)))
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            let ready = SystemCall.poll(&fds, seconds: timeout < 0 ? nil : Double(timeout) / 1000)
            if ready < 0 { throw .pollFailed(SystemCall.lastError) }
            if fds[2].revents != 0 {
                guard writer.acknowledge() else { return 1 }
                events?(.didFinishRendering, now())
            }
            for signal in signals.drain() {
                // Once finished nothing is redrawn: ncurses' repaint could block on a stalled terminal.
                if state.isFinished && (signal == SIGWINCH || signal == SIGCONT) { continue }
                switch signal {
                case SIGWINCH, SIGCONT:
                    // After a resume the terminal may be another one (tmux attached elsewhere): ask again.
                    if signal == SIGWINCH { terminal.adoptNewSize() } else { terminal.settleAfterResume(asking: queries) }
                    pixels.forget()
                    encoder.invalidate()
                    pacer.requestRedraw()
                default:
                    return 128 + signal
                }
            }
            if state.isFinished { link.takeLastAnswers(from: terminal, at: now()); continue }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return 1 }
            func press(_ key: Key) {
                Self.crashIfAsked(by: key, environment: environment)
                limits.tookInput(at: now())
                let changed = state.handle(key, at: now())
                stateLog?.took(key, changed: changed, in: state)
                if changed { pacer.noteChange(at: now()) }
                for event in state.takeEvents() { events?(event, now()) }
            }
            if let due = terminal.escapeDeadline, FileDescriptorIO.monotonicSeconds() >= due { terminal.flushEscape().forEach(press) }
            while true {
                let (input, alive) = terminal.nextInput()
                guard alive else { return 1 }
                guard let input, !state.isFinished else { break }
                switch input {
                case let .key(key): press(key)
                case let .pointer(report):
                    if !state.isShowingHelp, state.commandLine == nil,
                       let command = pointer.command(for: report, camera: state.camera, area: viewArea, targets: clickTargets, mapOpen: state.map != nil, now: now()),
                       state.handle(gesture: command, at: now()) {
                        pacer.noteChange(at: now())
                    }
                    for event in state.takeEvents() { events?(event, now()) }
                case .reply(.statusReport): link.answered(at: now(), state: &state, pacer: &pacer, drawing: drawing, reduceMotion: display.reduceMotion)
                case let .reply(reply):
                    // A late answer (a slow link, or after a resume) still counts.
                    if drawing.take(reply, into: &capabilities, detected: detected, environment: environment) {
                        encoder = drawing.encoder(asciiOnly: !TerminalLocale.isUTF8)
                        pacer.requestRedraw()
                    }
                }
            }
            if let copy = drawing.takeShare(state.displayRequests) { clipboard += copy; pacer.requestRedraw() }
            if let note = drawing.take(state.displayRequests, pixels: pixels.kind != nil) {
                encoder = drawing.encoder(asciiOnly: !TerminalLocale.isUTF8)
                shown.symbols = drawing.symbols
                state.say(note, at: now())
                pacer.requestRedraw()
            }
            let change = loading.takeArrivals(into: &state, at: now())
            for event in state.takeEvents() { events?(event, now()) }
            if change.newPicture { pixels.forget() }
            if change.redraw { pacer.requestRedraw() }
        }
    }
}
