import Explorer
import ExplorerView
import TermRender

extension ExploreOptions: SidewalkCommand {
    /// How the explorer itself is called.
    static let synopsis = [
        "sidewalk [IMAGE|DATASET] [--pano ID | --at LAT,LNG | --find TEXT] [options]",
        "sidewalk [IMAGE|DATASET] --describe                  (no picture: lines for a screen reader)",
        "sidewalk [IMAGE|DATASET] --headless --keys \"Right 1 Enter\" | --script FILE"
    ]

    /// The explorer's options; `sidewalk open` takes them too.
    static var options: [CommandOption<ExploreOptions>] {
        PanoramaSelection.options.map { $0.lifted(into: \.selection) } + CameraFlags.options.map { $0.lifted(into: \.cameraFlags) } + [
            .choice(
                "--color", "MODE", ["auto"] + ColorMode.allCases.map(\.rawValue), aliases: ["--colour"], default: "auto",
                help: "colours to draw with"
            ) { $0.colorFlag = .some(ColorMode(flag: $1)) },
            SymbolSet.option { $0.symbolsFlag = $1 },
            .choice(
                "--format", "F", ["auto"] + PictureFormat.allCases.map(\.rawValue),
                glosses: [
                    "auto": "the best the terminal answered: kitty, iterm, sixels, else symbols; symbols in tmux",
                    "kitty": "kitty graphics", "sixels": "up to 256 colours a frame", "iterm": "iTerm2 images, also WezTerm"
                ], default: "auto", help: "block symbols or real pixels"
            ) { $0.format = PictureFormat(rawValue: $1) },
            .choice(
                "--dither", "D", ["auto", "ordered", "none"],
                glosses: [
                    "auto": "256 and 16 colours dithered (in 256 moving frames too), so colours stay the scene's",
                    "ordered": "sixels too: smoother gradients for 1.5-5 times the bytes",
                    "none": "nearest palette colours only, nothing dithered"
                ], default: "auto", help: "dithering of palette colours"
            ) { $0.dither = $1 },
            .wholeNumber("--fps", "N", in: 1...240, default: 30, help: "at most N frames per second") { $0.fpsFlag = Double($1) },
            .wholeNumber(
                "--cache-mb", "MB", in: 16...65536, default: PanoramaSelection.Opened.cacheBudget >> 20,
                help: "decoded panoramas a dataset keeps in memory, MB"
            ) { $0.cacheMB = $1 },
            .flag("--reduce-motion", help: "turn, zoom and walk at once instead of smoothly") { $0.reduceMotion = true },
            .flag(
                "--demo",
                help: "a public demo's explorer (docs/ssh-demo.md): sessions end after 15 minutes, or 3 without a key, "
                    + "and the HTTP cache is read but never written"
            ) {
                $0.demo = true
                $0.selection.opener.readOnlyCache = true
            },
            .number("--session-limit", "SECONDS", in: 1...604_800, help: "end the session after this long (--demo: 900)") {
                $0.sessionLimit = $1
            },
            .number("--idle-limit", "SECONDS", in: 1...604_800, help: "end the session after this long without a key (--demo: 180)") {
                $0.idleLimit = $1
            },
            .number(
                "--play-interval", "SECONDS", in: 0...10, default: 2,
                help: "Space plays the way ahead a step every this many seconds (0: each step as the last one ends)"
            ) { $0.playInterval = $1 },
            .number(
                "--max-rate", "KB/S", in: 1...1_000_000,
                help: "send at most this many kilobytes a second (1 KB = 1000 bytes); motion and colours adapt to it as to a "
                    + "slow link, so one visitor's fast link cannot take a demo's upstream (docs/ssh-demo.md)"
            ) { $0.maxRate = $1 },
            .wholeNumber(
                "--max-visitors", "N", in: 1...10_000,
                help: "at most N explorers of this user at once (a demo's visitors); one more is told the demo is full, "
                    + "status 0 (docs/ssh-demo.md)"
            ) { $0.maxVisitors = $1 },
            .flag("--hide-links", help: "hide the ways on (their keys still work)") { $0.hidden.insert("links") },
            .flag("--hide-street-names", help: "hide the ways' street names") { $0.hidden.insert("street-names") },
            .flag("--hide-compass", help: "hide the compass strip") { $0.hidden.insert("compass") },
            .flag("--hide-home", help: "hide the home control (g still goes home)") { $0.hidden.insert("home") },
            .flag("--hide-floor-picker", help: "hide the floor picker ([ and ] still change floors)") { $0.hidden.insert("floor-picker") },
            .flag("--high-contrast", help: "black and white labels and status lines, a yellow focus") { $0.highContrast = true },
            .choice(
                "--minimap", "WHEN", ["auto", "on", "off"], glosses: ["auto": "on screens of 100×30 and more"], default: "auto",
                help: "the map in the view's corner at start (m shows and hides it)"
            ) { $0.minimapFlag = MinimapSettings.shown(named: $1) },
            .choice("--minimap-up", "WAY", ["north", "heading"], default: "north", help: "what points up on the minimap") {
                $0.minimapUpFlag = $1 == "heading"
            },
            .flag("--describe", help: "no picture: say what you face and what changes, line by line (screen readers)") {
                $0.modesAsked.insert(.describe)
            },
            .flag(
                "--headless",
                help: "no terminal: run --keys or --script FILE (or standard input) on a simulated clock and "
                    + "print what a screen reader would say"
            ) { $0.modesAsked.insert(.headless) },
            .choice(
                "--verbosity", "V", Verbosity.allCases.map(\.rawValue),
                glosses: [
                    "brief": "where, facing and the ways", "normal": "and the three nearest markers", "full": "and every marker in range"
                ], default: "normal", help: "--describe, --headless: what is said on arrival (r always says everything)"
            ) {
                $0.verbosity = Verbosity(rawValue: $1)!
            },
            .text(
                "--keys", "KEYS", allowingEmpty: true,
                help: "headless: these steps, as a script's lines, separated by ; (\"Right 1 Enter; expect panorama main-4\")"
            ) {
                $0.keys = $1
            },
            .text(
                "--script", "FILE",
                help: "headless: the keys, :commands, waits and expects in FILE, one per line (docs/accessibility-testing.md)"
            ) {
                $0.scriptPath = $1
            },
            .flag(
                "--no-mouse",
                help: "leave the mouse to the terminal (to select text); by default drag looks around, the wheel "
                    + "zooms, a click on a way walks it"
            ) { $0.mouseOff = true },
            .flag(
                "--mouse",
                help: "with --demo, take the mouse too (off there by default: a visitor whose link drops is left without mouse reporting)"
            ) { $0.mouseOn = true },
            .text("--events", "PATH", help: "write what happens (moves, camera, rendering) to PATH as JSON lines (docs/events.md)") {
                $0.eventsPath = $1
            },
            .text(
                "--state-log", "PATH",
                help: "write what a user perceives (camera, place, focus, note, what a screen reader would say, "
                    + "events) as a JSON line to PATH each time the full view settles, for test drivers (docs/accessibility-testing.md)"
            ) {
                $0.stateLogPath = $1
            },
            .text(
                "--record-script", "FILE",
                help: "write the keys you press and what they changed to FILE as a script that sidewalk test replays "
                    + "(docs/accessibility-testing.md, \"Recording a script\")"
            ) { $0.recordScriptPath = $1 },
            .text(
                "--record", "FILE.cast",
                help: "keep what the full view draws as an asciicast v2 recording (asciinema play shows it), a marker at each "
                    + "arrival, written as it goes"
            ) { $0.castPath = $1 },
            .text(
                "--broadcast", "SOCKET",
                help: "publish your view on the Unix socket SOCKET for an audience to follow (sidewalk --follow SOCKET), "
                    + "each follower at its own terminal's size and colours (docs/ssh-demo.md)"
            ) { $0.broadcastPath = $1 },
            .text(
                "--follow", "SOCKET",
                help: "show the view a presenter broadcasts on SOCKET, read-only: q leaves, ? and r work, other keys say so; "
                    + "waits for a presenter not yet started, and rejoins one who restarts; open the presenter's dataset"
            ) { $0.followPath = $1 },
            .flag("--record-input", help: "--record: keep the keys typed too (\"i\" events), not the terminal's answers") {
                $0.recordInput = true
            },
            .number(
                "--record-idle-limit", "SECONDS", in: 0.1...3600, default: 2, help: "--record: pauses longer than this are cut to it"
            ) { $0.castIdleLimit = $1 },
            .text(
                "--record-visits", "DIR",
                help: "with --demo, the operator's choice: keep each visitor's session as DIR/visit-DATE-TIME-PID.cast; "
                    + "each visitor is told so when the session starts"
            ) { $0.visitsFolder = $1 },
            .flag("--no-orientation-gestures", help: "switch off turning by key and mouse (:heading and :camera still work)") {
                $0.gesturesOff.orientation = true
            },
            .flag("--no-zoom-gestures", help: "switch off zooming by key and mouse") { $0.gesturesOff.zoom = true },
            .flag("--no-navigation-gestures", help: "switch off walking by key and mouse (:goto and :near still work)") {
                $0.gesturesOff.navigation = true
            },
            .flag("--no-gestures", help: "all three of the above") {
                $0.gesturesOff = GestureSettings(orientation: true, zoom: true, navigation: true)
            },
            .flag("--version", help: "show the version") { $0.showVersion = true }
        ]
    }

    static var spec: CommandSpec<ExploreOptions> {
        CommandSpec(
            name: nil, purpose: "street-level panoramas in a terminal", synopsis: HelpText.allSynopses, about: HelpText.operands,
            options: options, epilogue: HelpText.epilogue
        ) { options, argument throws(UsageError) in
            try options.setImage(argument)
        }
    }

    mutating func validate() throws(UsageError) {
        try selection.validate()
        if modesAsked.count > 1 { throw UsageError(description: "--headless and --describe cannot be used together") }
        mode = modesAsked.first ?? .screen
        if keys != nil && scriptPath != nil { throw UsageError(description: "--keys and --script cannot be used together") }
        if keys != nil || scriptPath != nil {
            guard mode != .describe else {
                throw UsageError(description: "--keys and --script run headless; --describe reads keys as you type them")
            }
            mode = .headless
        }
        let fullViewOnly = [
            ("--state-log", stateLogPath), ("--record-script", recordScriptPath), ("--broadcast", broadcastPath), ("--follow", followPath)
        ]
        if recordInput, castPath == nil || mode != .screen {
            throw UsageError(description: "--record-input keeps the keys of the full view's --record: it needs --record FILE.cast")
        }
        if castPath != nil, mode == .headless {
            throw UsageError(description: "--record keeps what a terminal shows: the full view's or --describe's, not --headless")
        }
        for (option, given) in fullViewOnly where given != nil && mode != .screen {
            throw UsageError(description: "\(option) is written by the full view; --headless and --describe say what changes themselves")
        }
        if castPath != nil, demo {
            throw UsageError(
                description: "--record is off in --demo: a public demo records no visitor unless its operator gives --record-visits DIR")
        }
        if visitsFolder != nil, !demo {
            throw UsageError(description: "--record-visits is a --demo operator's; to record your own session, use --record FILE.cast")
        }
        if broadcastPath != nil, followPath != nil {
            throw UsageError(description: "--broadcast and --follow cannot be used together: one presents, the other watches")
        }
        if broadcastPath != nil, demo {
            throw UsageError(description: "--broadcast is the presenter's; a --demo visitor may --follow, not broadcast")
        }
    }

    /// Takes the IMAGE or DATASET operand; there is at most one.
    mutating func setImage(_ path: String) throws(UsageError) {
        imagePath = try Self.imageOperand(path, after: imagePath)
    }

    /// `path` as the IMAGE or DATASET operand (of the explorer or a snapshot), when it is not
    /// empty and no other was given (`given`).
    static func imageOperand(_ path: String, after given: String?) throws(UsageError) -> String {
        guard !path.isEmpty else { throw UsageError(description: "the IMAGE or DATASET path is empty") }
        if let given { throw UsageError(description: "more than one image given ('\(given)' and '\(path)')") }
        return path
    }
}
