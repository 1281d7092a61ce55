import Explorer
import PanoCore
import Testing

/// Proves, through scripted mode (the engine behind `--headless`), that every binding the help
/// lists does what the help says, and that every feature of the explorer can be reached from
/// the keyboard alone.
@Suite("Keyboard accessibility")
struct KeyboardAccessibilityTests {
    /// A runner standing at the crossroads, facing `heading`, with the café marker in range.
    static func runner(at id: String = "centre", heading: Double = 80, home: Coordinate? = nil) -> ScriptRunner {
        var state = ExplorerState(camera: PanoramaCamera(heading: heading), panorama: FocusTests.service.panorama(id: id)!, service: FocusTests.service)
        state.home = home
        return ScriptRunner(state: state)
    }

    /// Runs a `--keys` string; returns the transcript lines.
    @discardableResult
    static func press(_ keys: String, on runner: inout ScriptRunner) throws -> [String] {
        try KeyScript.parse(keys, form: .keys).flatMap { runner.run($0.step).lines }
    }

    /// What each help entry promises, checked by pressing its keys. Keyed by the help's own label.
    static let promises: [String: @Sendable (String) throws -> Void] = [
        "Left Right  h l": { label in
            for (keys, heading) in [("Left", 65.0), ("h", 65), ("Right", 95), ("l", 95)] {
                var r = runner()
                let said = try press(keys, on: &r)
                #expect(r.state.camera.heading == heading, "\(label): \(keys)")
                #expect(said == ["Facing \(CompassPoint.word(forHeading: heading)), \(Int(heading))°, level."])
            }
        },
        "Up Down  k j": { label in
            for (keys, pitch) in [("Up", 15.0), ("k", 15), ("Down", -15), ("j", -15)] {
                var r = runner()
                try press(keys, on: &r)
                #expect(r.state.camera.pitch == pitch, "\(label): \(keys)")
            }
        },
        "+ -": { _ in
            var r = runner()
            try press("+", on: &r)
            #expect(r.state.camera.zoom == KeyBindings.zoomStep)
            try press("- -", on: &r)
            #expect(r.state.camera.zoom == 1, "out again, no further than 1×")
        },
        "c": { _ in
            var r = runner()
            try press("c c", on: &r)
            #expect(r.state.displayRequests.colours == 2 && r.state.displayRequests.symbols == 0)
        },
        "b": { _ in
            var r = runner()
            try press("b", on: &r)
            #expect(r.state.displayRequests.symbols == 1 && r.state.displayRequests.colours == 0)
        },
        "n": { _ in
            var r = runner()
            try press("Up n", on: &r)
            #expect(r.state.camera.heading == 0 && r.state.camera.pitch == 0)
        },
        "w": { _ in
            var r = runner()
            try press("w", on: &r)
            #expect(r.state.panorama?.id == "east" && r.state.camera.heading == 90)
        },
        "s": { _ in
            var r = runner()
            try press("s", on: &r)
            #expect(r.state.panorama?.id == "west", "back from 80° is the way west")
        },
        "Tab Shift-Tab": { _ in
            var r = runner()
            let next = try press("Tab", on: &r)
            #expect(next == ["Focus: way 1, east along Main Street."], "way 1 is the way nearest the heading (80°)")
            let previous = try press("BTab", on: &r)
            #expect(previous == ["Focus: Café Aurora 7 m ahead on the left."], "back from the first way wraps to the last item")
        },
        "Enter": { _ in
            var r = runner()
            try press("BTab Enter", on: &r)
            #expect(r.state.note == "Café Aurora: Coffee and cake", "reads the focused marker")
            try press("Tab Tab Enter", on: &r)
            #expect(r.state.panorama?.id == "west", "takes the focused way")
            var plain = runner()
            try press("Enter", on: &plain)
            #expect(plain.state.panorama?.id == "east", "with nothing focused, walks forward")
        },
        "1 ... 9": { _ in
            for (key, id) in [("1", "east"), ("2", "west"), ("3", "north")] {
                var r = runner()
                try press(key, on: &r)
                #expect(r.state.panorama?.id == id, "way \(key)")
            }
            var r = runner()
            let said = try press("9", on: &r)
            #expect(said == ["no way 9 here"])
        },
        "[ ]": { _ in
            var r = runner(at: "hall")
            try press("]", on: &r)
            #expect(r.state.panorama?.id == "upper")
            try press("[", on: &r)
            #expect(r.state.panorama?.id == "hall")
        },
        "t": { _ in
            var r = runner()
            try press("t", on: &r)
            #expect(r.state.panorama?.id == "centre-winter")
        },
        "g": { _ in
            var r = runner()
            try press("w g", on: &r)
            #expect(r.state.panorama?.id == "centre", "home is the start")
        },
        "r": { _ in
            var r = runner()
            let said = try press("r r", on: &r)
            #expect(said.count == 2 && said.allSatisfy { $0 == Narrator.describe(r.state) }, "said in full, each time")
        },
        "u": { _ in
            var r = runner()
            let said = try press("u", on: &r)
            let url = try PanoramaURL.parse(try #require(said.first))
            #expect(url.panoramaID == "centre" && url.heading == 80)
        },
        "m": { _ in
            var r = runner()
            let said = try press("m m", on: &r)
            #expect(said == ["minimap on", "minimap off"] && !r.state.minimapShown)
        },
        "M": { _ in
            var r = runner()
            let said = try press("M Right Escape", on: &r)
            #expect(said.count == 3 && said[0].hasPrefix("Map. You are at centre.") && said[1].hasPrefix("Cursor 8 m east of you."))
            #expect(said[2] == "Map closed." && r.state.map == nil)
        },
        ":": { _ in
            var r = runner()
            try press(": h e a d i n g Space 2 7 0 Enter", on: &r)
            #expect(r.state.camera.heading == 270)
            try press(": g o t o Space h a l l Enter", on: &r)
            #expect(r.state.panorama?.id == "hall")
        },
        "?": { _ in
            var r = runner()
            let opened = try press("?", on: &r)
            #expect(opened.first?.hasPrefix("Keys:") == true)
            #expect(r.state.isShowingHelp)
            let closed = try press("Escape", on: &r)
            #expect(closed == ["Help closed."])
        },
        "q Ctrl-C": { _ in
            for keys in ["q", "C-c"] {
                var r = runner()
                try press(keys, on: &r)
                #expect(r.state.isFinished, "\(keys)")
            }
        },
    ]

    @Test("every binding in the help does what the help says", arguments: KeyBindings.help.map(\.0))
    func bindingDoesWhatHelpSays(label: String) throws {
        let promise = try #require(Self.promises[label], "the help lists '\(label)' but no test checks what it does")
        try promise(label)
    }

    @Test("no promise is checked for a binding the help no longer lists")
    func noStalePromises() {
        #expect(Set(Self.promises.keys) == Set(KeyBindings.help.map(\.0)))
    }

    /// Every key a keyboard can send that the help mentions, by tmux name.
    static let keyboard: [Key] = [.left, .right, .up, .down, .enter, .escape, .tab, .backTab, .control("c")]
        + "hjklnwstgrucbmM:?q+-[]123456789".map { Key.character($0) }

    @Test("every feature of the explorer is reachable from the keyboard alone")
    func everyFeatureHasAKey() {
        // The explorer's commands, by kind; the mouse's own (look, tap, tapMarker) are covered:
        // the arrows turn and tilt, and Tab then Enter reads a marker (didTapMarker).
        let reachable = Set(Self.keyboard.compactMap { KeyBindings.command(for: $0, effectiveFOV: 90).map(Self.kind) })
        let features = ["turn", "tilt", "zoom", "faceNorth", "followLink", "walkForward", "walkBack", "changeLevel", "switchDate", "goHome",
                        "moveFocus", "activate", "describe", "showURL", "nextColours", "nextSymbols", "toggleMinimap", "openMap", "toggleHelp", "dismiss", "quit"]
        for feature in features { #expect(reachable.contains(feature), "no key reaches \(feature)") }
        // The programmatic commands are all reachable through `:` (the `:` promise types two).
        for text in TypedCommand.usage {
            let name = text.dropFirst().split(separator: " ").first.map(String.init) ?? ""
            do { _ = try TypedCommand.parse(name) } catch { #expect(!error.message.hasPrefix("unknown command"), "\(text)") }
        }
    }

    static func kind(_ command: ExplorerCommand) -> String {
        switch command {
        case .turn: "turn"
        case .tilt: "tilt"
        case .look: "look"
        case .zoom: "zoom"
        case .faceNorth: "faceNorth"
        case .followLink: "followLink"
        case .walkForward: "walkForward"
        case .walkBack: "walkBack"
        case .walkToward: "walkToward"
        case .changeLevel: "changeLevel"
        case .switchDate: "switchDate"
        case .goHome: "goHome"
        case .moveFocus: "moveFocus"
        case .activate: "activate"
        case .tap: "tap"
        case .tapMarker: "tapMarker"
        case .describe: "describe"
        case .showURL: "showURL"
        case .nextColours: "nextColours"
        case .nextSymbols: "nextSymbols"
        case .toggleMinimap: "toggleMinimap"
        case .openMap: "openMap"
        case .panMap: "panMap"
        case .zoomMap: "zoomMap"
        case .goToPanorama: "goToPanorama"
        case .toggleHelp: "toggleHelp"
        case .dismiss: "dismiss"
        case .quit: "quit"
        }
    }
}
