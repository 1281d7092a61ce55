import Explorer
import ExplorerScripts
import ExplorerSession
import ExplorerView
import FoundationEssentials
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TUI
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// What `sidewalk [IMAGE] [options]` was asked to do.
struct ExploreOptions {
    /// --version: print the version instead.
    var showVersion = false
    /// The panorama image or dataset to open; nil for the bundled default.
    var imagePath: String?
    /// Which panorama of a dataset.
    var selection = PanoramaSelection()
    /// The starting camera, as asked for.
    var cameraFlags = CameraFlags()
    /// Colour mode and frame rate from the command line (nil: the config file's or the default).
    var colorFlag: ColorMode??
    var fpsFlag: Double?
    /// --cache-mb: megabytes of decoded panoramas a dataset keeps (nil: the default).
    var cacheMB: Int?
    /// --format (nil: auto, from what the terminal answers).
    var format: PictureFormat?
    /// --dither: auto (cells in 256 and 16 colours), ordered (sixels too) or none.
    var dither = "auto"
    /// --symbols (nil: the config file's or half blocks).
    var symbolsFlag: SymbolSet?
    /// Key moves instant instead of animated.
    var reduceMotion = false
    /// HUD elements hidden on the command line: links, street-names, compass, home, floor-picker.
    var hidden: Set<String> = []
    /// The mouse left to the terminal.
    var mouseOff = false
    /// --mouse: mouse reporting even in --demo, where it is off so that a dropped link leaves a
    /// visitor's terminal without it.
    var mouseOn = false
    /// Black and white HUD with a yellow focus.
    var highContrast = false
    /// --minimap (nil: the config file's, else auto) and --minimap-up (nil: the config file's).
    var minimapFlag: Bool??
    var minimapUpFlag: Bool?
    /// Where to write events as JSON lines, if anywhere.
    var eventsPath: String?
    /// --state-log: where the full view writes what it shows each time it settles.
    var stateLogPath: String?
    /// --record-script: where the full view writes the session as a script.
    var recordScriptPath: String?
    /// --max-visitors: explorers of this user at once, at most.
    var maxVisitors: Int?
    /// --max-rate: the most the full view sends, kilobytes (1000 bytes) a second.
    var maxRate: Double?
    /// `sidewalk tour`: the script the full view plays for an audience.
    var tour: TourPlayer?
    /// --play-interval: seconds between Space's steps.
    var playInterval = 2.0
    /// --record-input: the recording keeps the keys typed.
    var recordInput = false
    /// --record: where the full view keeps what it draws as an asciicast; --record-idle-limit.
    var castPath: String?
    /// --broadcast: the socket the presenter's view is published on.
    var broadcastPath: String?
    /// --follow: the socket of the presenter whose view is shown.
    var followPath: String?
    var castIdleLimit = 2.0
    /// --record-visits: the folder a demo's operator keeps each visitor's session in.
    var visitsFolder: String?
    /// --demo: limits on a session, and a read-only HTTP cache.
    var demo = false
    /// --session-limit and --idle-limit, seconds.
    var sessionLimit: Double?
    var idleLimit: Double?
    /// How the explorer runs: full screen, headless from a script, or described line by line.
    enum Mode: Equatable {
        case screen
        /// No terminal, a simulated clock; the steps from --keys, --script, or standard input.
        case headless
        case describe
    }

    var mode = Mode.screen
    /// The modes asked for on the command line (more than one is a mistake).
    var modesAsked: Set<Mode> = []
    /// --verbosity: what the narrator says on arrival.
    var verbosity = Verbosity.normal
    /// --keys: key names separated by spaces.
    var keys: String?
    /// --script: a file with one key, :command or wait per line.
    var scriptPath: String?
    /// Gestures switched off on the command line.
    var gesturesOff = GestureSettings(orientation: false, zoom: false, navigation: false)

    /// What the explorer reports before the first key: where it starts. As GMSPanoramaViewDelegate
    /// does, `didMoveToPanorama` comes whenever the panorama changes, and when `--at` chose it,
    /// `didMoveToPanoramaNearCoordinate` follows.
    private func startEvents(_ start: Panorama?) -> [ExplorerEvent] {
        guard let start else { return [] }
        let near = selection.place.map { ExplorerEvent.didMoveToPanoramaNearCoordinate(id: start.id, coordinate: $0) }
        return [.didMoveToPanorama(id: start.id)] + (near.map { [$0] } ?? [])
    }

    /// The headless run's steps: from --keys, from the --script file, or from standard input.
    private func scriptSteps() throws(CommandError) -> (source: String, lines: [ScriptLine]) {
        if let keys {
            do { return ("--keys", try KeyScript.parse(keys, form: .keys)) } catch {
                throw .script(source: "--keys", problem: error.message)
            }
        }
        if let scriptPath { return (scriptPath, try ScriptSuite.read([scriptPath])[0].lines) }
        let source = "standard input"
        let data = ChildProcess.readAll(STDIN_FILENO, limit: ScriptSuite.byteLimit + 1)
        guard data.count <= ScriptSuite.byteLimit else { throw .script(source: source, problem: "is over 16 MB") }
        return (source, try ScriptSuite.lines([UInt8](data), source: source))
    }

    /// A free place among `count` for this user's explorers (`ProcessSlots`, in
    /// `$XDG_RUNTIME_DIR/sidewalk-visitors`, else `/tmp/sidewalk-visitors-UID`); nil when all are taken.
    static func visitorSlot(of count: Int, environment: [String: String]) throws(CommandError) -> ProcessSlots? {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let folder = runtime.map { $0 + "/sidewalk-visitors" } ?? "/tmp/sidewalk-visitors-\(getuid())"
        do { return try ProcessSlots.take(count: count, in: folder) } catch { throw .file(error) }
    }

    /// Opens the explorer, or prints the version.
    func run() throws(CommandError) -> Int32 {
        if showVersion {
            print(HelpText.versionLine)
            return ExitStatus.success
        }
        let environment = ProcessInfo.processInfo.environment
        let slot = try maxVisitors.map { (count) throws(CommandError) in try Self.visitorSlot(of: count, environment: environment) }
        if let maxVisitors, case .some(nil) = slot {
            print("Sidewalk's demo is full (\(maxVisitors) \(maxVisitors == 1 ? "visitor" : "visitors")); try again in a minute.")
            return ExitStatus.success
        }
        defer { withExtendedLifetime(slot) {} }
        let config = try ConfigFile.load(environment: environment)
        var gestures = config.gestures
        if gesturesOff.orientation { gestures.orientation = false }
        if gesturesOff.zoom { gestures.zoom = false }
        if gesturesOff.navigation { gestures.navigation = false }
        var display = displayOptions(config)
        guard let path = imagePath ?? AssetLocator.defaultPath() else { throw .assetsNotFound }
        // One street map for the map, the places around and the addresses (docs/places.md); the
        // fronts that speak wait for its tiles, the full view draws what has arrived.
        let streetMap = try selection.openBasemap(datasetPath: path, configured: config.basemap, waits: mode != .screen)
        if mode == .screen { display.basemap = try selection.mapLayers(over: streetMap, datasetPath: path, waits: false) }
        // --find's geocoder: the flag's, else config.json's; none under --demo unless one of them says.
        var configured = self
        configured.selection.geocoder = selection.geocoder ?? config.geocoder
        configured.selection.namesPictures = true
        configured.selection.streetMap = streetMap
        configured.selection.offlineOnly = demo
        if mode != .screen { return try configured.runWithoutPicture(path, gestures: gestures, display: display, config: config) }
        return try configured.runOnScreen(path, gestures: gestures, display: display, config: config, environment: environment)
    }

    /// What is shown and how, from the flags, then the configuration file.
    private func displayOptions(_ config: ConfigFile) -> DisplayOptions {
        var display = DisplayOptions(
            colorMode: colorFlag ?? config.colorMode, framesPerSecond: fpsFlag ?? config.framesPerSecond ?? 30,
            reduceMotion: reduceMotion)
        let hide = hidden.union(config.hidden)
        display.linksHidden = hide.contains("links")
        display.streetNamesHidden = hide.contains("street-names")
        display.compassHidden = hide.contains("compass")
        display.homeHidden = hide.contains("home")
        display.floorPickerHidden = hide.contains("floor-picker")
        display.mouse = config.mouse && !mouseOff && (!demo || mouseOn)
        display.symbols = symbolsFlag ?? config.symbols ?? .half
        display.format = format
        display.dither = dither == "ordered"
        display.ditherCells = dither != "none"
        display.highContrast = highContrast || config.highContrast
        display.minimap = MinimapSettings(shown: minimapFlag ?? config.minimap.shown, headingUp: minimapUpFlag ?? config.minimap.headingUp)
        return display
    }

    /// `--headless` and `--describe`: no picture, so the dataset is opened but no image is
    /// decoded until one is shown.
    private func runWithoutPicture(
        _ path: String, gestures: GestureSettings, display: DisplayOptions, config: ConfigFile
    ) throws(CommandError) -> Int32 {
        let script = try mode == .headless ? scriptSteps() : ("", [])
        let chosen = try selection.chooseInDataset(path)
        let opened = try chosen == nil ? selection.open(path) : nil
        var state =
            chosen.map {
                ExplorerState(camera: cameraFlags.startingCamera(initialView: $1.initialView), panorama: $1, service: $0.service)
            }
            ?? ExplorerState(camera: cameraFlags.startingCamera(initialView: opened?.initialView))
        state.gestures = gestures
        state.shareOrigin = shareOrigin(path: path)
        state.home = config.home
        state.reduceMotion = reduceMotion
        state.verbosity = verbosity
        state.playInterval = playInterval
        let log = try eventsPath.map { (path) throws(CommandError) in try EventLog(path: path) }
        for event in startEvents(chosen?.1) { log?.record(event, at: 0) }
        log?.record(.didMoveCamera(heading: state.camera.heading, pitch: state.camera.pitch, zoom: state.camera.zoom), at: 0)
        let nearby = chosen.map { NearbyParts($0.0) }
        // Two ways ahead of the start (then one more at each arrival), so that the ways said on
        // arriving are final: a flat or unreadable picture is already left out.
        if let start = chosen?.1, let nearby {
            for _ in 0..<2 { state.grow(nearby.growth(near: start)) }
        }
        if mode == .headless {
            return HeadlessRun.run(
                state: state, dataset: chosen?.0, nearby: nearby, script: script, display: display, log: log,
                lookup: selection.lookup(in: chosen?.0))
        }
        let limits = sessionLimits()
        defer { if let reason = limits.endedBecause { reportError(reason) } }
        let cast = try castRecorder(titled: chosen?.1.description ?? PathText.lastComponent(path))
        let status: Int32
        do {
            status = try DescribeSession.run(
                state: state, problem: { panorama in chosen?.0.problem(showing: panorama) },
                moreOfTheDataset: { nearby?.growth(near: $0) ?? .nothing },
                events: log.map { log in { log.record($0, at: $1) } }, lookup: selection.lookup(in: chosen?.0),
                imageryNear: nearby.map { parts in { @Sendable (place: Coordinate) in parts.growth(nearPlace: place) } }, limits: limits,
                cast: cast)
        } catch {
            throw .terminal(error)
        }
        return try Self.checked(status, recording: cast)
    }

    /// The explorer on the terminal.
    private func runOnScreen(
        _ path: String, gestures: GestureSettings, display: DisplayOptions, config: ConfigFile, environment: [String: String]
    ) throws(CommandError) -> Int32 {
        // Images are decoded at the size the first view needs, and larger when a view needs more.
        let chosen = try selection.chooseInDataset(path)
        var display = display
        display.basemap = PanoramaSelection.withShardCoverage(display.basemap, of: chosen?.0)
        let firstWidth = SharperDecode.neededAtStart(
            symbols: display.symbols, camera: cameraFlags.startingCamera(initialView: chosen?.1.initialView))
        let opened = try selection.open(path, chosen: chosen, minimumWidth: firstWidth)
        let sharper =
            chosen != nil
            ? nil
            : opened.widest.map { SharperDecode(path: path, width: opened.panorama.pyramid.levels[0].width, widest: $0) }
        let log = try eventsPath.map { (path) throws(CommandError) in try EventLog(path: path) }
        let stateLog = try stateLogPath.map { (path) throws(CommandError) in
            do throws(FileError) { return try StateLog(path: path) } catch { throw .file(error) }
        }
        let recorder = try recordScriptPath.map { (path) throws(CommandError) in
            do throws(FileError) { return try ScriptRecorder(path: path) } catch { throw .file(error) }
        }
        let cast = try castRecorder(titled: opened.dataset?.1.description ?? PathText.lastComponent(path))
        let startEvents = startEvents(opened.dataset?.1)
        let (broadcast, follower) = try sockets()
        defer { broadcast?.close() }
        let term = getenv("TERM").map { String(cString: $0) }
        let limits = sessionLimits()
        defer { if let reason = limits.endedBecause { reportError(reason) } }
        var options = SessionOptions(
            scenery: opened.scenery(cacheBytes: cacheMB.map { $0 << 20 } ?? PanoramaSelection.Opened.cacheBudget),
            camera: cameraFlags.startingCamera(initialView: opened.initialView), termName: term, environment: environment)
        (options.shareOrigin, options.lookup) = (shareOrigin(path: path), selection.lookup(in: opened.dataset?.0))
        (options.display, options.gestures, options.home, options.sharper) = (display, gestures, config.home, sharper)
        (options.startEvents, options.follower, options.limits) = (startEvents, follower, limits)
        (options.maxRate, options.tour, options.playInterval) = (maxRate.map { $0 * 1000 }, tour, playInterval)
        options.recordInput = recordInput
        // What the session tells, in this order: a new output is one line here.
        options.outputs = ([log, stateLog, recorder, cast, broadcast] as [(any SessionOutput)?]).compactMap { $0 }
        let status: Int32
        do { status = try InteractiveSession.run(options) } catch { throw .terminal(error) }
        return try Self.checked(status, recording: cast)
    }
}
