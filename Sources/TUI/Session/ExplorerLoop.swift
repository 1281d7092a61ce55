import Explorer
import ExplorerSession
import ExplorerView
import PanoCore
import ParallelDispatch
import StreetModel
import SystemIO
import TermRender

/// The interactive explorer's session, one step at a time: the state, what is loading, how the
/// terminal is drawn to and what the link allows, with a handler for each thing the loop waits on
/// (a frame to draw, the writer's acknowledgement, signals, input). It owns no terminal, writer
/// or clock: `InteractiveSession` polls the real ones and passes in what happened and when, so
/// tests drive the whole session in-process with a fake terminal and their own times. Times are
/// seconds since the session started.
struct ExplorerLoop {
    /// What the loop wants next.
    enum Step: Equatable {
        /// Write this frame (the writer is idle), then ask again.
        case write([UInt8])
        /// Wait for input, a signal, the writer or an arrival, for at most `seconds` (nil: no
        /// limit); `readsKeys` false once finished, when only the last answers are awaited.
        case wait(seconds: Double?, readsKeys: Bool)
        /// End the session with this exit status.
        case exit(Int32)
    }

    /// The explorer's state: camera, panorama, modes.
    var state: ExplorerState
    /// The panorama shown, the one loading, the one being left.
    var loading: SceneryLoading
    /// How cells are drawn: colours, symbols, what the terminal said it can do.
    var drawing: DrawingChoice
    /// The display options in force; symbols change with `drawing`.
    var shown: DisplayOptions
    /// The view as real pixels (kitty, sixels, iTerm2); block symbols when the terminal has none.
    var pixels: PixelPicture
    /// Turns cell frames into bytes, sending only what changed since the last frame.
    var encoder: FrameEncoder
    /// When the next frame is due: motion frames at most `--fps` a second, an exact one after.
    var pacer: FramePacer
    /// What the link's answers to status requests allow: frames held back, coarser motion.
    var link = LinkPacing()
    /// What the terminal said it can do, late replies included.
    var capabilities: TerminalCapabilities
    /// Renders the view and lays out the cells; keeps its ray tables between frames.
    var composer = FrameComposer()
    /// What the last frame showed, for the mouse: the view's cells and the labels on it.
    var pointer = PointerInput()
    var viewArea = ViewArea(columns: 0, top: 0, rows: 0)
    var clickTargets: [ClickTarget] = []
    var noteOnScreen = NoteOnScreen()
    /// Clipboard bytes waiting to go out with the next frame.
    var clipboard: [UInt8] = []
    /// When `q` was taken (or a limit ran out), seconds since start.
    var finishedAt: Double?
    /// The tour playing (`sidewalk tour`), until it ends or a key takes over.
    var tour: TourPlayer?
    /// Where the street map's places were last read: the panorama, and how much of the map had
    /// arrived then (`SceneryLoading.mapArrivals`).
    var placesRead: PlacesRead?

    struct PlacesRead: Equatable {
        var panoramaID: String
        var mapArrivals: Int
    }

    /// The settings the session was started with.
    let settings: Settings

    /// What stays the same for the whole session.
    struct Settings {
        var scenery: Scenery
        /// Where the dataset comes from, for the URLs `u` shares.
        var shareOrigin = ShareOrigin()
        /// Where `/` searches when the names in memory hold no such place; nil for nowhere.
        var lookup: PlaceLookup?
        var display: DisplayOptions
        var environment: [String: String]
        /// The colour mode terminfo gives, for late replies.
        var detected: ColorMode
        /// The probe's queries, asked again after a resume.
        var queries: [UInt8]
        /// True where the locale cannot show UTF-8: the encoder writes ASCII.
        var asciiOnly: Bool
        var limits: SessionLimits
        /// What the session tells, as it happens (`--events`, `--state-log`, `--record-script`,
        /// `--record`, `--broadcast`: `SessionOutput`).
        var outputs: [any SessionOutput] = []
        /// How a follower (`--follow`) starts: connected, or waiting for the broadcast; nil for an
        /// explorer of its own. Most keys are refused while following.
        var presenter: PresenterLink?
        /// `--max-rate`: the most the session sends, bytes a second; nil for no cap.
        var maxRate: Double?
        /// `sidewalk tour`: the script played for an audience; nil for none.
        var tour: TourPlayer?
        /// `--play-interval`: seconds between Space's steps.
        var playInterval = 2.0
        var runner: any ParallelRunner
        /// How contended the processors are now, percent 0...100 (`CPUPressure.now`): read
        /// when frames turn slow, to tell a busy machine from a slow terminal.
        var cpuPressure: () -> Double? = CPUPressure.now
    }

    /// How long a frame still being written may delay the exit, seconds; past it the terminal
    /// is taken to have stopped reading.
    static let drainSeconds = 1.0

    /// A session at time 0 on `terminal`'s size, drawn as `capabilities` allow; nothing is sent.
    init(
        settings: Settings, camera: PanoramaCamera, gestures: GestureSettings, home: Coordinate?, sharper: SharperDecode?,
        capabilities: TerminalCapabilities, size: (columns: Int, rows: Int)
    ) throws(TerminalError) {
        self.settings = settings
        self.capabilities = capabilities
        link.maxRate = settings.maxRate
        tour = settings.tour
        let display = settings.display
        switch settings.scenery {
        case .image: state = ExplorerState(camera: camera)
        case .dataset(let dataset, let start, _, _): state = ExplorerState(camera: camera, panorama: start, service: dataset.service)
        }
        state.gestures = gestures
        state.shareOrigin = settings.shareOrigin
        state.allowSearches(settings.lookup)
        state.home = home
        state.reduceMotion = display.reduceMotion
        state.presenter = settings.presenter
        state.playInterval = settings.playInterval
        state.minimapShown = display.minimap.shownAtStart(columns: size.columns, rows: size.rows)
        do { loading = try SceneryLoading(scenery: settings.scenery, state: state, sharper: sharper) } catch {
            throw .pollFailed(error.description)
        }
        display.basemap?.notify(loading.mapDataArrived)
        state.imageryCanBeRead = loading.readsImagery
        let colorMode =
            display.colorMode
            ?? TerminalProbe.colorMode(detected: settings.detected, capabilities: capabilities, environment: settings.environment)
        drawing = DrawingChoice(colorMode: colorMode, chosen: display.colorMode != nil, symbols: display.symbols)
        shown = display
        pixels = PixelPicture(
            format: display.format, dithered: display.dither, capabilities: capabilities,
            environment: settings.environment, columns: size.columns, rows: size.rows)
        pixels.runner = settings.runner
        _ = drawing.take(capabilities)
        encoder = drawing.encoder(asciiOnly: settings.asciiOnly)
        pacer = FramePacer(framesPerSecond: display.framesPerSecond)
        pacer.requestRedraw()
    }

    /// Reports the events of the start: `startEvents`, then where the camera looks.
    mutating func start(with startEvents: [ExplorerEvent]) {
        for event in startEvents + [.didMoveCamera(heading: state.camera.heading, pitch: state.camera.pitch, zoom: state.camera.zoom)] {
            tell { $0.happened(event, in: state, at: 0) }
        }
        if let notice = settings.outputs.lazy.compactMap(\.notice).first { state.say(notice, at: 0) }
        _ = readPlacesAround()
    }

    /// What to do at `now`: a frame to write when one is due and the writer (`writerBusy` while a
    /// frame is on its way) and the link allow, else how long to wait, or the exit once finished
    /// and the last frame has drained.
    mutating func next(at now: Double, writerBusy: Bool, terminal: some SessionTerminal) -> Step {
        while true {
            advance(to: now)
            let busy = writerBusy || link.holds(pacer.pendingQuality, at: now)
            switch pacer.decide(at: now, writerBusy: busy) {
            case .draw(let quality):
                let bytes = draw(quality, size: terminal.size, at: now)
                if !bytes.isEmpty { return .write(bytes) }
            case .wait(let until):
                if until == nil, !state.isAnimating, loading.loadingID == nil, !loading.isRefining, !busy,
                    terminal.escapeSecondsLeft == nil, !terminal.hasQueuedInput
                {
                    tell { $0.settled(state, at: now) }
                }
                return wait(until: until, writerBusy: writerBusy, terminal: terminal, at: now)
            }
        }
    }

    /// Moves animations and notes on to `now`, and ends the session when a limit has run out.
    private mutating func advance(to now: Double) {
        if (state.isAnimating || state.noteExpiry != nil || state.playDue != nil) && state.advance(to: now) {
            pacer.noteChange(at: now)
            emitEvents(at: now)
        }
        if state.transition == nil { loading.transitionEnded() }
        if var player = tour {
            let due = player.due(at: now, settled: !state.isAnimating && state.transition == nil && loading.loadingID == nil)
            tour = player
            if let due { playTour(due, at: now) }
        }
        if !state.isFinished, settings.limits.expired(at: now) { _ = state.apply(.quit) }
        if !state.isFinished, let warning = settings.limits.warning(at: now) {
            state.say(warning, at: now)
            pacer.requestRedraw()
        }
        link.giveUpOverdueAnswers(at: now)
    }

    /// How long to wait when nothing is to be drawn now: until the pacer's next frame, a note's
    /// expiry, the camera's next frame, a limit, the link's check or the escape delay; once
    /// finished, until the last frame drains and its answers come back (not to be typed into the
    /// shell), for at most `drainSeconds`, after which the terminal is taken to have stopped.
    private mutating func wait(until: Double?, writerBusy: Bool, terminal: some SessionTerminal, at now: Double) -> Step {
        var wakes = [until, state.noteExpiry, state.playDue, tour?.wake(at: now).map { now + $0 }].compactMap { $0 }.map { $0 - now }
        if state.isAnimating { wakes.append(pacer.frameInterval) }
        wakes += [settings.limits.wake(at: now), link.wake(at: now)].compactMap { $0 }.map { Double($0) / 1000 }
        if state.isFinished {
            let finished = finishedAt ?? now
            finishedAt = finished
            let left = Self.drainSeconds - (now - finished)
            if (!writerBusy && !link.awaitsAnswers) || left <= 0 { return .exit(0) }
            wakes = [left]
        } else if terminal.hasQueuedInput {
            wakes.append(0)  // typed during the probe: take it now
        }
        if let escape = terminal.escapeSecondsLeft { wakes.append(escape) }
        let seconds = wakes.min().map { max(0, $0) }
        return .wait(seconds: seconds, readsKeys: !state.isFinished || link.awaitsAnswers)
    }

    /// Reports the events the state has gathered, stamped `now`.
    mutating func emitEvents(at now: Double) {
        for event in state.takeEvents() {
            tell { $0.happened(event, in: state, at: now) }
        }
    }

    /// Tells each of the session's outputs, in the order they were given.
    func tell(_ what: (any SessionOutput) -> Void) {
        settings.outputs.forEach(what)
    }
}
