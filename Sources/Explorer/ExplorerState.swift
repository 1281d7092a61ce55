import PanoCore
import StreetModel

/// The explorer's state: where you stand, where you look, and whether you asked to leave.
/// Commands change it; the front draws it. Pure: no terminal, no clock, no files.
public struct ExplorerState: Sendable {
    public var camera: PanoramaCamera
    /// The panorama you stand in, when exploring a dataset; nil for a single image.
    public internal(set) var panorama: Panorama? {
        // Every way of arriving elsewhere (a key, a click, a typed command, a script) drops the
        // focus: its index means a way or marker of the panorama left.
        didSet {
            guard panorama?.id != oldValue?.id else { return }
            focus = nil
            previousPanorama = oldValue
        }
    }
    /// The panorama before the current one, where `cannotShow` goes back to.
    var previousPanorama: Panorama?
    /// True once a `.quit` command has been applied.
    public internal(set) var isFinished = false
    /// True while the list of keys is shown over the view.
    public internal(set) var isShowingHelp = false
    /// Which gestures keys may use; programmatic commands (`apply`) are never blocked.
    public var gestures = GestureSettings()
    /// Events since the front last took them, oldest first.
    var events: [ExplorerEvent] = []
    /// True when key moves are instant instead of animated (`--reduce-motion`).
    public var reduceMotion = false
    /// The camera move under way, if any.
    public internal(set) var animation: CameraAnimation?
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
    public internal(set) var transition: Transition?
    /// How long the blend into a new panorama takes, seconds.
    public static let transitionDuration = 0.4

    /// Where `g` goes: the panorama nearest this place (within 100 m); nil for the panorama the
    /// explorer started at.
    public var home: Coordinate?
    /// The panorama the explorer started at.
    let start: Panorama?

    /// What is being typed after `:`, while the command line is open; nil otherwise.
    public internal(set) var commandLine: String?

    /// True while the camera or the view is moving on its own and frames must keep coming.
    public var isAnimating: Bool { animation != nil || transition != nil }
    /// A short message for the status line after a command that could not be done ("no way
    /// forward"), cleared by the next command or, when commands come with a time, after
    /// `noteLifetime`.
    public internal(set) var note: String? {
        didSet { if note != nil { noteSerial &+= 1 } }
    }
    /// Counts the notes given, so the same note given again can be told from one still shown.
    public internal(set) var noteSerial = 0
    /// When the note goes by itself, seconds; nil when it stays until the next command.
    public internal(set) var noteExpiry: Double?
    /// True once the front has drawn the current note (`noteDrawn(at:)`).
    var noteOnScreen = false
    /// How long a note stays when nothing else happens, seconds.
    public static let noteLifetime = 4.0
    let service: PanoramaService?

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
    public internal(set) var focus: Focus?

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

    mutating func handleUntimed(_ key: Key, at now: Double?) -> Bool {
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

    mutating func handleUntimed(gesture command: ExplorerCommand, at now: Double?) -> Bool {
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

    /// The events since the last call, oldest first; the state forgets them.
    public mutating func takeEvents() -> [ExplorerEvent] {
        defer { events.removeAll() }
        return events
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
