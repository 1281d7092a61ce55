import PanoCore
import StreetModel

/// The explorer's state: where you stand, where you look, and whether you asked to leave. It
/// composes one part per concern: `Navigation` (where you stand, where the ways lead),
/// `CameraMotion` (the camera and its move), `FocusRing`, `CommandLineEditor` and `StatusNote`;
/// it turns commands into changes of those parts, and the changes into events. Pure: no
/// terminal, no clock, no files.
package struct ExplorerState: Sendable {
    package internal(set) var navigation: Navigation
    package internal(set) var motion: CameraMotion
    var focusRing = FocusRing()
    var commandEditor = CommandLineEditor()
    var status = StatusNote()
    /// True once a `.quit` command has been applied.
    package internal(set) var isFinished = false
    /// Why the last part of the dataset that could not be read was not (its file and the
    /// error), or nil; a way into it leads nowhere, and says this.
    package internal(set) var partNotRead: String?
    /// Which part of the list of keys is shown over the view (an index into
    /// `KeyBindings.helpSections`), or nil while the help is closed.
    package internal(set) var helpSection: Int?
    /// How far the last `r` read the markers, so `r` again at once reads the rest; nil after
    /// any other command.
    var markersRead: MarkersRead?
    /// True while the list of keys is shown over the view.
    package var isShowingHelp: Bool { helpSection != nil }
    /// True while the view's URL is shown whole over the view (after `u`, until the next key).
    package internal(set) var isShowingShare = false
    /// True while the minimap is shown in the view's corner (`m`); the front sets where it starts.
    package var minimapShown = false
    /// The full-screen map while it is open (`M`); nil otherwise.
    package internal(set) var map: MapMode?
    /// The camera the explorer started with: going home restores it.
    package var startCamera: PanoramaCamera
    /// Which gestures keys may use; programmatic commands (`apply`) are never blocked.
    package var gestures = GestureSettings()
    /// Where the dataset comes from, for the URLs `u` shares.
    package var shareOrigin = ShareOrigin()
    /// A name the dataset does not hold may be searched for on the web (a geocoder is configured).
    package var webSearchAllowed = false
    /// The dataset has a names index to search beyond the names in memory (a sharded dataset).
    package var namesIndexed = false
    /// The places a web search found, while the list to choose from is shown.
    package internal(set) var found: FoundPlaces?
    /// A search asked for and not yet taken by the front (`takeSearch`).
    var searchAsked: SearchAsked?
    /// More of the dataset can be read near a place (Panoramax, or a sharded dataset): Enter on
    /// the map where nothing is read yet asks for it (`takeImageryAsked`).
    package var imageryCanBeRead = false
    /// A place the map asked imagery to be read near, not yet taken by the front.
    var imageryAsked: Coordinate?
    /// The place the map's Enter waits to go to, until the front says it was read near.
    var jumpPending: Coordinate?
    /// The place found (and the others named with it) that `goToView` waits to go to, until
    /// the front says the imagery near it was read.
    var placePending: (place: NamedPlace, others: [String])?
    /// How often the user asked for the next colour mode or block symbols; the front draws.
    package internal(set) var displayRequests = DisplayRequests()
    /// True when key moves are instant instead of animated (`--reduce-motion`).
    package var reduceMotion = false
    /// A follower's link to the presenter (`--follow`); nil for an explorer of its own.
    package var presenter: PresenterLink?
    /// When the next step of playing the way ahead is due (Space), seconds; nil when not playing.
    package internal(set) var playDue: Double?
    /// Seconds between steps while playing the way ahead (`--play-interval`), 0...10: 0 takes
    /// each step as the last one ends.
    package var playInterval = 2.0
    /// How much is said on arrival (`--verbosity`).
    package var verbosity = Verbosity.normal
    /// Events since the front last took them, oldest first.
    var events: [ExplorerEvent] = []

    /// A state looking at a single image.
    package init(camera: PanoramaCamera = PanoramaCamera()) {
        navigation = Navigation(panorama: nil, start: nil, service: nil, heading: camera.heading)
        motion = CameraMotion(camera: camera)
        startCamera = camera
    }

    /// A state standing in `panorama` of the dataset `service` answers for.
    package init(camera: PanoramaCamera, panorama: Panorama, service: PanoramaService) {
        navigation = Navigation(panorama: panorama, start: panorama, service: service, heading: camera.heading)
        motion = CameraMotion(camera: camera)
        startCamera = camera
    }

    /// Takes what reading more of the dataset gave: a service holding more of it (a sharded
    /// dataset's shards, read as the walk comes near them; where you stand, came from and
    /// started stay as they are), or why a part could not be read, said as the note and kept
    /// for a way that then leads nowhere; `now` as for `handle`.
    package mutating func grow(_ growth: DatasetGrowth, at now: Double? = nil) {
        switch growth {
        case .nothing: break
        case .larger(let service): navigation.adopt(service)
        case .notRead(let reason):
            partNotRead = reason
            say("not read: " + reason, at: now)
        }
    }

    // What the fronts read, from the parts.

    package var camera: PanoramaCamera {
        get { motion.camera }
        set { motion.camera = newValue }
    }
    package var animation: CameraAnimation? { motion.animation }
    /// The panorama you stand in, when exploring a dataset; nil for a single image.
    package var panorama: Panorama? { navigation.panorama }
    package var transition: PanoramaTransition? { navigation.transition }
    /// Where `g` goes (`Navigation.home`).
    package var home: Coordinate? {
        get { navigation.home }
        set { navigation.home = newValue }
    }
    /// The focused way or marker, if any; cleared by arriving anywhere.
    package var focus: Focus? { focusRing.current }
    /// What is being typed after `:`, while the command line is open; nil otherwise.
    package var commandLine: String? { commandEditor.text }
    /// The status line's note ("no way forward"); see `StatusNote`.
    package internal(set) var note: String? {
        get { status.text }
        set { status.text = newValue }
    }
    package var noteSerial: Int { status.serial }
    package var noteExpiry: Double? { status.expiry }
    /// The dataset's markers (points of interest); empty for a single image.
    package var markers: [Marker] { navigation.markers }
    /// The current panorama's links, numbered as `Navigation.numberedLinks` says.
    package var numberedLinks: [Link] { navigation.numberedLinks }
    /// The floor picker's content (`Navigation.floors`).
    package var floors: (current: Int, all: [Int])? { navigation.floors }
    /// What Tab and Shift-Tab step through (`Navigation.focusables`).
    package var focusables: [Focus] { navigation.focusables }
    /// True while the camera or the view is moving on its own and frames must keep coming.
    package var isAnimating: Bool { motion.animation != nil || navigation.transition != nil }

    /// Applies a command; returns true when what is on screen changes.
    @discardableResult
    package mutating func apply(_ command: ExplorerCommand) -> Bool {
        if motion.animation != nil, command != .toggleHelp, command != .dismiss { finishAnimation() }
        let before = (camera, panorama?.id, note, helpSection, focus, minimapShown, map, isShowingShare)
        note = nil
        isShowingShare = false
        let readingBefore = markersRead
        markersRead = nil
        switch command {
        case .turn, .tilt, .look, .zoom, .faceNorth: moveCamera(command)
        case .followLink(let number):
            let links = numberedLinks
            if links.indices.contains(number - 1) { take(navigation.follow(links[number - 1])) } else { note = "no way \(number) here" }
        case .walkForward: take(navigation.walk(towards: camera.heading, missing: "no way forward"))
        case .togglePlay: _ = togglePlay(at: nil)
        case .walkBack: take(navigation.walk(towards: camera.heading + 180, missing: "no way back", keepingHeading: true))
        case .walkToward(let heading): take(navigation.approach(heading))
        case .changeLevel(let delta): take(navigation.level(by: delta))
        case .switchDate:
            take(navigation.nextDate())
            sayWhichDate()
        case .goHome: goHome()
        case .moveFocus(let step): if !focusRing.step(step, through: focusables) { note = "nothing to focus here" }
        case .activate:
            switch focus {
            case .link(let number):
                let links = numberedLinks
                if links.indices.contains(number - 1) { take(navigation.follow(links[number - 1])) }
            case .marker(let id): read(markerID: id)
            case nil: take(navigation.walk(towards: camera.heading, missing: "no way forward"))
            }
        case .tap(let orientation):
            events.append(.didTap(heading: orientation.heading, pitch: orientation.pitch))
        case .tapMarker(let id): read(markerID: id)
        case .describe: describeReading(after: readingBefore)
        case .showURL:
            let url = PanoramaURL.sidewalkURL(panorama: panorama, camera: camera, dataset: shareOrigin.dataset)
            note = url
            displayRequests.shares += 1
            displayRequests.sharedURL = url
            displayRequests.viewerURL = panorama.flatMap { panorama in
                shareOrigin.viewer?.link(to: panorama, camera: camera)
            }
            isShowingShare = true
        case .nextColours: displayRequests.colours += 1
        case .nextSymbols: displayRequests.symbols += 1
        case .toggleMinimap:
            minimapShown.toggle()
            note = minimapShown ? "minimap on" : "minimap off"
        case .openMap: openMap()
        case .panMap(let columns, let rows): panMap(columns: columns, rows: rows)
        case .zoomMap(let zoomIn): _ = handleInMap(.character(zoomIn ? "+" : "-"))
        case .chooseFoundPlace(let index): chooseFound(index)
        case .goToPanorama(let id):
            performUntimed(.goto(id: id), at: nil)
            map = nil
        case .toggleHelp: helpSection = helpSection.map { $0 + 1 < KeyBindings.helpSections.count ? $0 + 1 : nil } ?? 0
        case .dismiss: dismiss()
        case .quit: isFinished = true
        }
        if let id = panorama?.id, id != before.1 {
            events.append(.willMoveToPanorama(id: id))
            events.append(.didMoveToPanorama(id: id))
        }
        if camera != before.0 {
            events.append(.didMoveCamera(heading: camera.heading, pitch: camera.pitch, zoom: camera.zoom))
        }
        return camera != before.0 || panorama?.id != before.1 || note != before.2 || helpSection != before.3 || focus != before.4
            || minimapShown != before.5 || map != before.6 || isShowingShare != before.7 || command == .nextColours
            || command == .nextSymbols
    }

    /// Shows `text` as the note, from a front (what it now draws with); `now` as for `handle`.
    package mutating func say(_ text: String, at now: Double? = nil) {
        _ = timingNote(at: now) { state in
            state.note = text
            return true
        }
    }

    /// Applies the command bound to a key, if any and if its gesture is on; returns true when
    /// what is on screen changes (a refusal shows a note). With `now` (seconds), camera moves
    /// are animated from then on, unless `reduceMotion` is set; without it they are instant.
    @discardableResult
    package mutating func handle(_ key: Key, at now: Double? = nil) -> Bool {
        timingNote(at: now) { $0.handleUntimed(key, at: now) }
    }

    private mutating func handleUntimed(_ key: Key, at now: Double?) -> Bool {
        // Any key closes the shared URL's panel, and stops playing (and says so), whatever it
        // goes on to do.
        let stopsPlaying = key != .character(" ") && playDue != nil
        if stopsPlaying { playDue = nil }
        defer { if stopsPlaying, note == nil || note == Self.nothingToClose { note = "Stopped." } }
        let closedShare = isShowingShare
        isShowingShare = false
        if commandEditor.isOpen { return edit(key, at: now) || closedShare }
        if found != nil { return handleInFound(key) }
        if map != nil { return handleInMap(key) }
        if key == .character(":") || key == .character("/") {
            commandEditor.open(with: key == .character("/") ? "find " : "")
            note = nil
            return true
        }
        guard let command = KeyBindings.command(for: key, effectiveFOV: motion.target.effectiveFOV) else { return false }
        return handle(gesture: command, at: now)
    }

    /// Applies a command the user asked for by key or mouse, if its gesture is on; returns true
    /// when what is on screen changes (a refusal shows a note). `now` as for `handle(_:at:)`.
    @discardableResult
    package mutating func handle(gesture command: ExplorerCommand, at now: Double? = nil) -> Bool {
        timingNote(at: now) { $0.handleUntimed(gesture: command, at: now) }
    }

    private mutating func handleUntimed(gesture command: ExplorerCommand, at now: Double?) -> Bool {
        if let refusal = gestures.refusal(of: command) {
            let changed = note != refusal
            note = refusal
            return changed
        }
        if command == .togglePlay { return togglePlay(at: now) }
        if let now, !reduceMotion, motion.animate(command, at: now) {
            note = nil
            return true
        }
        finishAnimation()
        let left = panorama
        let changed = apply(command)
        if let now, !reduceMotion, let left, panorama?.id != left.id { navigation.blend(from: left, at: now) }
        return changed
    }

    /// The events since the last call, oldest first; the state forgets them.
    package mutating func takeEvents() -> [ExplorerEvent] {
        defer { events.removeAll() }
        return events
    }
}

/// Requests for how the picture is drawn, counted: the front turns each into its next mode.
package struct DisplayRequests: Equatable, Sendable {
    /// Times the next colour mode was asked for.
    package internal(set) var colours = 0
    /// Times the next block symbols were asked for.
    package internal(set) var symbols = 0
    /// Times the view's URL was shared (`u`), and the last one: the front copies it to the
    /// clipboard (OSC 52).
    package internal(set) var shares = 0
    package internal(set) var sharedURL: String?
    /// With the last share, for a street-level service's picture: the same in its own web viewer.
    package internal(set) var viewerURL: String?

    package init() {}
}
