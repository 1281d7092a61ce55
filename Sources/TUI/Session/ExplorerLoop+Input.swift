import Explorer
import ExplorerView
import TermRender

#if canImport(Glibc)
import Glibc
#endif

extension ExplorerLoop {
    /// The writer finished a frame at `now`, `written` false when the terminal would not take it;
    /// the exit status when the session must end (the terminal has gone).
    mutating func frameWritten(_ written: Bool, at now: Double) -> Int32? {
        guard written else { return 1 }
        tell { $0.happened(.didFinishRendering, in: state, at: now) }
        return nil
    }

    /// Signals caught, oldest first: a resize or a resume redraws (after a resume the terminal
    /// may be another one, tmux attached elsewhere, so it is asked again); any other ends the
    /// session with 128 + its number. Once finished nothing is redrawn: ncurses' repaint could
    /// block on a stalled terminal.
    mutating func take(signals: [Int32], terminal: some SessionTerminal) -> Int32? {
        for signal in signals {
            if state.isFinished && (signal == SIGWINCH || signal == SIGCONT) { continue }
            switch signal {
            case SIGWINCH, SIGCONT:
                if signal == SIGWINCH { terminal.adoptNewSize() } else { terminal.settleAfterResume(asking: settings.queries) }
                pixels.forget()
                encoder.invalidate()
                pacer.requestRedraw()
            default:
                return 128 + signal
            }
        }
        return nil
    }

    /// Takes everything the terminal has sent by `now` (`hungUp` when poll said it has gone):
    /// keys, clicks and replies, then what they asked of the display and what has arrived. Once
    /// finished, only the last answers are read. The exit status when the terminal has gone.
    mutating func takeInput(from terminal: some SessionTerminal, hungUp: Bool, at now: Double) -> Int32? {
        if state.isFinished {
            link.takeLastAnswers(from: terminal, at: now)
            return nil
        }
        if hungUp { return 1 }
        if let left = terminal.escapeSecondsLeft, left <= 0 { terminal.flushEscape().forEach { press($0, at: now) } }
        while !state.isFinished {
            let (input, alive) = terminal.nextInput()
            guard alive else { return 1 }
            guard let input else { break }
            take(input, at: now)
        }
        takeDisplayRequests(at: now)
        takeArrivals(at: now)
        return nil
    }

    /// One input from the terminal at `now`.
    private mutating func take(_ input: TerminalInput, at now: Double) {
        switch input {
        case .key(let key):
            press(key, at: now)
        case .pointer(let report):
            if !state.isShowingHelp, state.commandLine == nil,
                let command = pointer.command(
                    for: report, camera: state.camera, area: viewArea, targets: clickTargets,
                    mapOpen: state.map != nil, now: now),
                state.handle(gesture: command, at: now)
            {
                pacer.noteChange(at: now)
            }
            emitEvents(at: now)
        case .reply(.statusReport):
            let (environment, pressure) = (settings.environment, settings.cpuPressure)
            link.answered(at: now, state: &state, pacer: &pacer, drawing: drawing, reduceMotion: settings.display.reduceMotion) {
                SlowCause.of(environment: environment, cpuPressure: pressure())
            }
        case .reply(let reply):
            // A late answer (a slow link, or after a resume) still counts.
            if drawing.take(reply, into: &capabilities, detected: settings.detected, environment: settings.environment) {
                encoder = drawing.encoder(asciiOnly: settings.asciiOnly)
                pacer.requestRedraw()
            }
        }
    }

    /// A key pressed at `now`.
    mutating func press(_ key: Key, at now: Double) {
        Self.crashIfAsked(by: key, environment: settings.environment)
        settings.limits.tookInput(at: now)
        let touring = tour != nil
        if takeOverTour(key, at: now) { return }
        defer {
            // The key did its own work first; that the tour stopped is said unless it said something.
            if touring, state.note == nil { state.say("Tour stopped; the keys are yours", at: now) }
        }
        if let presenter = state.presenter, !ExplorerState.followerMayPress(key) {
            state.say("\(presenter.words); q leaves, r reads where you are", at: now)
            pacer.requestRedraw()
            return
        }
        let commandBefore = state.commandLine
        let changed = state.handle(key, at: now)
        tell { $0.took(key, commandBefore: commandBefore, changed: changed, in: state, at: now) }
        takeRequests()
        if changed { pacer.noteChange(at: now) }
        emitEvents(at: now)
    }

    /// A key while a tour plays: Space pauses or resumes it (true: the key is spent); any other
    /// key stops it and goes on to do its own work.
    private mutating func takeOverTour(_ key: Key, at now: Double) -> Bool {
        guard tour != nil else { return false }
        if key == .character(" ") {
            let paused = tour?.togglePause(at: now) ?? false
            state.say(paused ? "Tour paused; Space goes on, any other key takes over" : "Tour goes on", at: now)
            pacer.requestRedraw()
            return true
        }
        tour = nil
        pacer.requestRedraw()
        return false
    }

    /// Plays what the tour has due at `now`: a key or command as the user's own, the start again
    /// (home, with the view the explorer started with), or its end, said.
    mutating func playTour(_ due: TourPlayer.Due, at now: Double) {
        switch due {
        case .action(.key(let key)), .action(.modified(let key, _)): _ = state.handle(key, at: now)
        case .action(.chord(let keys)): for key in keys { _ = state.handle(key, at: now) }
        case .action(.command(let command)): state.perform(command, at: now)
        case .action: break
        case .restart: _ = state.apply(.goHome)
        case .over:
            tour = nil
            state.say("The tour is over; the keys are yours", at: now)
        }
        // Where the tour is, unless the step said something of its own.
        if case .action = due, state.note == nil, let progress = tour?.progress {
            state.say("Tour: step \(progress.step) of \(progress.of); Space pauses, any other key takes over", at: now)
        }
        takeRequests()
        pacer.noteChange(at: now)
        emitEvents(at: now)
    }

    /// The presenter's broadcast (`--follow`) at `now`: its newest view when `readable`, its end,
    /// and, while there is none, another attempt to join it. Each change of link is said once.
    mutating func follow(_ follower: ViewFollower, readable: Bool, at now: Double) {
        if readable, let view = follower.read(), state.follow(view, at: now) { pacer.noteChange(at: now) }
        if !follower.connected, state.presenter == .following {
            state.presenter = .ended
            state.say("The presenter's broadcast has ended; waiting for it to start again; q leaves", at: now)
            pacer.requestRedraw()
        }
        if follower.reconnect(at: now) {
            let again = state.presenter == .ended
            state.presenter = .following
            state.say(again ? "The presenter is back; following again" : "The presenter has started; following", at: now)
            pacer.requestRedraw()
        }
        emitEvents(at: now)
    }

    /// What the keys asked of the display: a share for the clipboard, other colours or symbols.
    private mutating func takeDisplayRequests(at now: Double) {
        if let copy = drawing.takeShare(state.displayRequests) {
            clipboard += copy
            pacer.requestRedraw()
        }
        if let note = drawing.take(state.displayRequests, pixels: pixels.kind != nil) {
            encoder = drawing.encoder(asciiOnly: settings.asciiOnly)
            shown.symbols = drawing.symbols
            state.say(note, at: now)
            pacer.requestRedraw()
        }
    }

    /// Panoramas that finished loading by `now`, and what they change on screen.
    mutating func takeArrivals(at now: Double) {
        var change = loading.takeArrivals(into: &state, at: now)
        if readPlacesAround() { change.redraw = true }
        takeRequests()
        emitEvents(at: now)
        if change.newPicture { pixels.forget() }
        if change.redraw { pacer.requestRedraw() }
    }

    /// Reads the street map's places around the panorama stood in, from what has arrived, when
    /// it is another than last time or more of the map has arrived since; true when they changed.
    mutating func readPlacesAround() -> Bool {
        guard let places = settings.lookup?.placesAround, let here = state.panorama else { return false }
        let read = PlacesRead(panoramaID: here.id, mapArrivals: loading.mapArrivals)
        guard read != placesRead else { return false }
        placesRead = read
        return state.placesAround(places(here.coordinate, false))
    }

    /// Starts, off the loop, the searches and reads a key or an arrival asked for.
    private mutating func takeRequests() {
        if let asked = state.takeSearch(), let lookup = settings.lookup { loading.search(asked, with: lookup) }
        if let place = state.takeImageryAsked() { loading.readImagery(near: place) }
    }

    /// Debug builds only: a forced crash on the key SIDEWALK_TEST_CRASH_ON_KEY names, so tests
    /// can check the terminal is restored.
    static func crashIfAsked(by key: Key, environment: [String: String]) {
        #if DEBUG
        if let crashKey = environment["SIDEWALK_TEST_CRASH_ON_KEY"]?.first, key == .character(crashKey) {
            fatalError("crash requested by SIDEWALK_TEST_CRASH_ON_KEY")
        }
        #endif
    }
}
