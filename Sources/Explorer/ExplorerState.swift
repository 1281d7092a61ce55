import PanoCore
import StreetModel

/// The explorer's state: where you stand, where you look, and whether you asked to leave.
/// Commands change it; the front draws it. Pure: no terminal, no clock, no files.
public struct ExplorerState: Sendable {
    public var camera: PanoramaCamera
    /// The panorama you stand in, when exploring a dataset; nil for a single image.
    public private(set) var panorama: Panorama? {
        // Every way of arriving elsewhere (a key, a click, a typed command, a script) drops the
        // focus: its index means a way or marker of the panorama left.
        didSet { if panorama?.id != oldValue?.id { focus = nil } }
    }
    /// True once a `.quit` command has been applied.
    public private(set) var isFinished = false
    /// True while the list of keys is shown over the view.
    public private(set) var isShowingHelp = false
    /// Which gestures keys may use; programmatic commands (`apply`) are never blocked.
    public var gestures = GestureSettings()
    /// Events since the front last took them, oldest first.
    private var events: [ExplorerEvent] = []
    /// True when key moves are instant instead of animated (`--reduce-motion`).
    public var reduceMotion = false
    /// The camera move under way, if any.
    public private(set) var animation: CameraAnimation?
    /// How long a key's camera move takes, seconds.
    public static let keyMoveDuration = 0.2

    /// A blend from the panorama left behind into the current one, while it lasts.
    public struct Transition: Equatable, Sendable {
        /// The panorama being left.
        public let from: Panorama
        /// When the blend starts, seconds.
        public let start: Double
        /// How long it takes, seconds.
        public let duration: Double

        /// How far the blend has come at `time`, eased, [0, 1].
        public func progress(at time: Double) -> Double {
            CameraAnimation.easeInOut(min(max((time - start) / duration, 0), 1))
        }
    }

    /// The move between panoramas under way, if any.
    public private(set) var transition: Transition?
    /// How long the blend into a new panorama takes, seconds.
    public static let transitionDuration = 0.4

    /// Where `g` goes: the panorama nearest this place (within 100 m); nil for the panorama the
    /// explorer started at.
    public var home: Coordinate?
    /// The panorama the explorer started at.
    private let start: Panorama?

    /// What is being typed after `:`, while the command line is open; nil otherwise.
    public private(set) var commandLine: String?

    /// True while the camera or the view is moving on its own and frames must keep coming.
    public var isAnimating: Bool { animation != nil || transition != nil }
    /// A short message for the status line after a command that could not be done ("no way
    /// forward"), cleared by the next command or, when commands come with a time, after
    /// `noteLifetime`.
    public private(set) var note: String? {
        didSet { if note != nil { noteSerial &+= 1 } }
    }
    /// Counts the notes given, so the same note given again can be told from one still shown.
    public private(set) var noteSerial = 0
    /// When the note goes by itself, seconds; nil when it stays until the next command.
    public private(set) var noteExpiry: Double?
    /// True once the front has drawn the current note (`noteDrawn(at:)`).
    private var noteOnScreen = false
    /// How long a note stays when nothing else happens, seconds.
    public static let noteLifetime = 4.0
    private let service: PanoramaService?

    /// A state looking at a single image.
    public init(camera: PanoramaCamera = PanoramaCamera()) {
        self.camera = camera
        panorama = nil
        service = nil
        start = nil
    }

    /// A state standing in `panorama` of the dataset `service` answers for.
    public init(camera: PanoramaCamera, panorama: Panorama, service: PanoramaService) {
        self.camera = camera
        self.panorama = panorama
        self.service = service
        start = panorama
    }

    /// The dataset's markers (points of interest); empty for a single image.
    public var markers: [Marker] { service?.markers ?? [] }

    /// Markers farther than this from the panorama are not shown, metres ("too small").
    public static let markerRange = 150.0

    /// Something Tab can focus: a way on (by its number) or a marker in range.
    public enum Focus: Equatable, Sendable {
        case link(Int)
        case marker(String)
    }

    /// What Tab and Shift-Tab step through: the ways on in order, then the markers in range,
    /// nearest first.
    public var focusables: [Focus] {
        guard let here = panorama?.coordinate else { return [] }
        let ways = numberedLinks.indices.map { Focus.link($0 + 1) }
        let near = markers.filter { here.distance(to: $0.coordinate) <= Self.markerRange }
            .sorted { here.distance(to: $0.coordinate) < here.distance(to: $1.coordinate) }
        return ways + near.map { .marker($0.id) }
    }

    /// The focused way or marker, if any; cleared by moving to another panorama.
    public private(set) var focus: Focus?

    /// The floor picker's content: the level you are on and every level of this building
    /// reachable from here, lowest first; nil outside a building with other levels.
    public var floors: (current: Int, all: [Int])? {
        guard let current = panorama, let level = current.level, let service else { return nil }
        let others = service.otherLevels(of: current).compactMap(\.level)
        return others.isEmpty ? nil : (level, (others + [level]).sorted())
    }

    /// The current panorama's links, numbered from 1 clockwise from north.
    public var numberedLinks: [Link] {
        (panorama?.links ?? []).sorted { $0.heading < $1.heading }
    }

    /// Applies a command; returns true when what is on screen changes.
    @discardableResult
    public mutating func apply(_ command: ExplorerCommand) -> Bool {
        if animation != nil, command != .toggleHelp, command != .dismiss { finishAnimation() }
        let before = (camera, panorama?.id, note, isShowingHelp, focus)
        note = nil
        switch command {
        case let .turn(degrees): camera.heading += degrees
        case let .tilt(degrees): camera.pitch += degrees
        case let .look(turn, tilt):
            camera.heading += turn
            camera.pitch += tilt
        case let .zoom(factor): camera.zoom *= factor
        case .faceNorth:
            camera.heading = 0
            camera.pitch = 0
        case let .followLink(number):
            let links = numberedLinks
            if links.indices.contains(number - 1) { follow(links[number - 1]) } else { note = "no way \(number) here" }
        case .walkForward: walk(towards: camera.heading, missing: "no way forward")
        case .walkBack: walk(towards: camera.heading + 180, missing: "no way back")
        case let .changeLevel(delta): changeLevel(by: delta)
        case .switchDate: switchDate()
        case .goHome: goHome()
        case let .moveFocus(step):
            let items = focusables
            guard !items.isEmpty else {
                note = "nothing to focus here"
                break
            }
            let index = focus.flatMap { items.firstIndex(of: $0) }.map { ($0 + step + items.count) % items.count }
            focus = items[index ?? (step > 0 ? 0 : items.count - 1)]
        case .activate:
            switch focus {
            case let .link(number):
                // Followed here, not through apply, so the move is reported once.
                let links = numberedLinks
                if links.indices.contains(number - 1) { follow(links[number - 1]) }
            case let .marker(id): read(markerID: id)
            case nil:
                walk(towards: camera.heading, missing: "no way forward")
            }
        case let .tap(orientation):
            events.append(.didTap(heading: orientation.heading, pitch: orientation.pitch))
        case let .tapMarker(id): read(markerID: id)
        case .describe: note = Narrator.describe(self)
        case .showURL: note = PanoramaURL.sidewalkURL(panorama: panorama, camera: camera)
        case .toggleHelp: isShowingHelp.toggle()
        case .dismiss:
            isShowingHelp = false
            focus = nil
        case .quit: isFinished = true
        }
        if let id = panorama?.id, id != before.1 {
            focus = nil
            events.append(.willMoveToPanorama(id: id))
            events.append(.didMoveToPanorama(id: id))
        }
        if camera != before.0 {
            events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom))
        }
        return camera != before.0 || panorama?.id != before.1 || note != before.2 || isShowingHelp != before.3 || focus != before.4
    }

    /// Applies the command bound to a key, if any and if its gesture is on; returns true when
    /// what is on screen changes (a refusal shows a note). With `now` (seconds), camera moves
    /// are animated from then on, unless `reduceMotion` is set; without it they are instant.
    @discardableResult
    public mutating func handle(_ key: Key, at now: Double? = nil) -> Bool {
        timingNote(at: now) { $0.handleUntimed(key, at: now) }
    }

    private mutating func handleUntimed(_ key: Key, at now: Double?) -> Bool {
        if commandLine != nil { return edit(key, at: now) }
        if key == .character(":") {
            commandLine = ""
            note = nil
            return true
        }
        guard let command = KeyBindings.command(for: key, effectiveFOV: targetCamera.effectiveFOV) else { return false }
        return handle(gesture: command, at: now)
    }

    /// Applies a command the user asked for by key or mouse, if its gesture is on; returns true
    /// when what is on screen changes (a refusal shows a note). `now` as for `handle(_:at:)`.
    @discardableResult
    public mutating func handle(gesture command: ExplorerCommand, at now: Double? = nil) -> Bool {
        timingNote(at: now) { $0.handleUntimed(gesture: command, at: now) }
    }

    /// Runs `body`; a new note it leaves goes after `noteLifetime` from `now`.
    private mutating func timingNote(at now: Double?, _ body: (inout ExplorerState) -> Bool) -> Bool {
        let before = note
        let changed = body(&self)
        if note == nil {
            noteExpiry = nil
        } else if let now, note != before || changed {
            noteExpiry = now + Self.noteLifetime
            noteOnScreen = false
        }
        return changed
    }

    /// Tells the state the current note is on screen from `now`: it then stays its whole
    /// lifetime from here, so a note is never gone before anyone could read it, however late a
    /// slow or busy terminal drew it.
    public mutating func noteDrawn(at now: Double) {
        guard let expiry = noteExpiry, !noteOnScreen else { return }
        noteOnScreen = true
        noteExpiry = max(expiry, now + Self.noteLifetime)
    }

    private mutating func handleUntimed(gesture command: ExplorerCommand, at now: Double?) -> Bool {
        if let refusal = gestures.refusal(of: command) {
            let changed = note != refusal
            note = refusal
            return changed
        }
        if let now, !reduceMotion, let animation = animated(command, at: now) {
            note = nil
            self.animation = animation
            return true
        }
        finishAnimation()
        let left = panorama
        let changed = apply(command)
        if let now, !reduceMotion, let left, panorama?.id != left.id {
            transition = Transition(from: left, start: now, duration: Self.transitionDuration)
        }
        return changed
    }

    /// Edits the command line: characters add, Backspace removes, Enter runs, Escape cancels.
    /// Ctrl-C quits, here as everywhere: in a terminal it is SIGINT, which no front can see as a
    /// key, so every front agrees with it (docs/decisions.md, 2026-12-01).
    private mutating func edit(_ key: Key, at now: Double?) -> Bool {
        switch key {
        case .enter:
            let text = commandLine ?? ""
            commandLine = nil
            do { perform(try TypedCommand.parse(text), at: now) } catch { note = error.message }
        case .escape: commandLine = nil
        case .control("c"):
            commandLine = nil
            isFinished = true
        case .backspace: if commandLine?.isEmpty == false { commandLine?.removeLast() } else { commandLine = nil }
        case let .character(c) where (commandLine?.count ?? 0) < 200: commandLine?.append(c)
        default: return false
        }
        return true
    }

    /// Runs a typed command: programmatic, so gestures never block it. With `now`, `:animate`
    /// is animated and a note it leaves goes after `noteLifetime`.
    public mutating func perform(_ command: TypedCommand, at now: Double? = nil) {
        _ = timingNote(at: now) {
            $0.performUntimed(command, at: now)
            return true
        }
    }

    private mutating func performUntimed(_ command: TypedCommand, at now: Double?) {
        var target = targetCamera
        switch command {
        case let .heading(h): target.heading = h
        case let .pitch(p): target.pitch = p
        case let .zoom(z): target.zoom = z
        case let .camera(h, p, z): (target.heading, target.pitch, target.zoom) = (h, p, z)
        case let .animate(h, p, z, seconds):
            let to = PanoramaCamera(heading: h, pitch: p, zoom: z, fov: camera.fov)
            if let now, seconds > 0, !reduceMotion {
                finishAnimation()
                animation = CameraAnimation(from: camera, to: to, start: now, duration: seconds)
                return
            }
            target = to
        case let .goto(id):
            guard let found = service?.panorama(id: id) else {
                note = "no panorama '\(id)'"
                events.append(.errorOnMoveToPanoramaID(id: id, message: "no such panorama"))
                return
            }
            move(to: found)
            return
        case let .near(place, radius, source):
            guard let service else {
                note = "no dataset to search"
                return
            }
            guard let found = service.nearest(to: place, radius: radius, source: source) else {
                let message = "No street-level imagery available within \(Int(radius)) m of \(place)"
                note = message
                events.append(.errorOnMoveNearCoordinate(coordinate: place, message: message))
                return
            }
            move(to: found)
            events.append(.didMoveToPanoramaNearCoordinate(id: found.id, coordinate: place))
            return
        case .quit:
            apply(.quit)
            return
        }
        finishAnimation()
        let before = camera
        camera = target
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
    }

    /// Goes to another panorama, keeping the view's direction.
    private mutating func move(to target: Panorama) {
        guard target.id != panorama?.id else { return }
        finishAnimation()
        panorama = target
        events.append(.willMoveToPanorama(id: target.id))
        events.append(.didMoveToPanorama(id: target.id))
    }

    /// Moves the camera along the animation to `now`, ends a transition or a note whose time is
    /// up; returns true when what is on screen changed. The final position is reached exactly,
    /// and reported.
    @discardableResult
    public mutating func advance(to now: Double) -> Bool {
        var moved = false
        if let noteExpiry, now >= noteExpiry {
            note = nil
            self.noteExpiry = nil
            moved = true
        }
        if let transition {
            moved = true
            if now >= transition.start + transition.duration { self.transition = nil }
        }
        guard let animation else { return moved }
        let before = camera
        camera = animation.camera(at: now)
        if animation.isFinished(at: now) { self.animation = nil }
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
        return moved || camera != before
    }

    /// Where the camera is going: the animation's end, or where it is.
    private var targetCamera: PanoramaCamera {
        animation.map { $0.camera(at: $0.start + $0.duration) } ?? camera
    }

    /// Jumps to the end of any animation (before an instant command), reporting where.
    private mutating func finishAnimation() {
        guard let animation else { return }
        let before = camera
        camera = animation.camera(at: animation.start + animation.duration)
        self.animation = nil
        if camera != before { events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom)) }
    }

    /// The animation a camera command starts at `now`, added to what remains of the one under
    /// way; nil for commands that do not move the camera smoothly.
    private func animated(_ command: ExplorerCommand, at now: Double) -> CameraAnimation? {
        let current = animation?.camera(at: now) ?? camera
        let remaining = animation?.remainingHeading(at: now) ?? 0
        let target = targetCamera
        var turn = remaining
        var pitch = target.pitch
        var zoom = target.zoom
        switch command {
        case let .turn(degrees): turn += degrees
        case let .tilt(degrees): pitch = PanoramaCamera(pitch: target.pitch + degrees).pitch
        case let .zoom(factor): zoom = PanoramaCamera(zoom: target.zoom * factor).zoom
        case .faceNorth:
            turn = Degrees.wrap180(0 - current.heading)
            pitch = 0
        default: return nil
        }
        return CameraAnimation(from: current, headingDelta: turn, toPitch: pitch, toZoom: zoom, start: now, duration: Self.keyMoveDuration)
    }

    /// The events since the last call, oldest first; the state forgets them.
    public mutating func takeEvents() -> [ExplorerEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Shows a marker's title and snippet, and reports the tap.
    private mutating func read(markerID id: String) {
        guard let marker = markers.first(where: { $0.id == id }) else { return }
        note = [marker.title, marker.snippet].compactMap { $0 }.joined(separator: ": ")
        events.append(.didTapMarker(id: id))
    }

    /// Walks along the link nearest `heading` (within 90°), facing the way it goes.
    private mutating func walk(towards heading: Double, missing: String) {
        let nearest = (panorama?.links ?? [])
            .map { ($0, abs(Degrees.wrap180($0.heading - heading))) }
            .filter { $0.1 < 90 }
            .min { $0.1 < $1.1 }
        if let link = nearest?.0 { follow(link) } else { note = missing }
    }

    /// Moves to a link's target, facing along the link (as Street View does when you walk).
    private mutating func follow(_ link: Link) {
        guard let target = service?.panorama(id: link.target) else {
            note = "the way to '\(link.target)' leads nowhere"
            events.append(.errorOnMoveToPanoramaID(id: link.target, message: "no such panorama"))
            return
        }
        panorama = target
        camera.heading = link.heading
    }

    private mutating func changeLevel(by delta: Int) {
        guard let current = panorama, let service, let level = current.level else {
            note = "no other floors here"
            return
        }
        // Levels come from a file: checked arithmetic, so no value can trap here.
        let (wanted, overflow) = level.addingReportingOverflow(delta)
        if !overflow, let target = service.otherLevels(of: current).first(where: { $0.level == wanted }) {
            panorama = target
        } else {
            note = delta > 0 ? "no floor above" : "no floor below"
        }
    }

    private mutating func goHome() {
        // A configured home never falls back to the start: saying there is nothing there is clearer.
        let destination = home.map { service?.nearest(to: $0, radius: 100) } ?? start
        guard let destination else {
            note = home == nil ? "no home to go to" : "no imagery within 100 m of home"
            return
        }
        if destination.id == panorama?.id { note = "you are home" } else { panorama = destination }
    }

    private mutating func switchDate() {
        guard let current = panorama, let service else {
            note = "no other dates here"
            return
        }
        let others = service.otherDates(of: current)
        guard !others.isEmpty else {
            note = "no other dates here"
            return
        }
        // The next date after this one, wrapping round to the earliest.
        let date = current.captureDate ?? ""
        panorama = others.first { ($0.captureDate ?? "") > date } ?? others[0]
    }

    /// One line describing the camera, e.g. "Heading 90° E · Pitch 0° · Zoom 1.0× (fov 90°)".
    public var cameraReadout: String {
        let heading = Int(camera.heading.rounded()) % 360
        let pitch = Int(camera.pitch.rounded())
        let zoom = (camera.zoom * 10).rounded() / 10
        let fov = Int(camera.effectiveFOV.rounded())
        return "Heading \(heading)° \(CompassPoint.name(forHeading: camera.heading)) · Pitch \(pitch)° · Zoom \(zoom)× (fov \(fov)°)"
    }

    /// The links as the status line lists them, e.g. "1 N Station Road  2 E Main Street".
    public var linkSummary: String {
        numberedLinks.enumerated().map { index, link in
            "\(index + 1) \(CompassPoint.name(forHeading: link.heading))" + (link.description.map { " \($0)" } ?? "")
        }.joined(separator: "  ")
    }
}
