import Explorer
import ExplorerScripts
import PanoCore
import Testing

/// Proves that every feature of the explorer can be reached from the keyboard alone. That each
/// binding the help lists does what the help says is Tests/Accessibility's work: scripts that
/// `sidewalk test` plays headless and in a terminal (`AccessibilitySuiteTests`).
@Suite("Keyboard accessibility")
struct KeyboardAccessibilityTests {
    /// A runner standing at the crossroads, facing `heading`, with the café marker in range.
    static func runner(at id: String = "centre", heading: Double = 80, home: Coordinate? = nil) -> ScriptRunner {
        var state = ExplorerState(
            camera: PanoramaCamera(heading: heading), panorama: FocusTests.service.panorama(id: id)!, service: FocusTests.service)
        state.home = home
        return ScriptRunner(state: state)
    }

    /// Every key a keyboard can send that the help mentions, by tmux name.
    static let keyboard: [Key] =
        [.left, .right, .up, .down, .enter, .escape, .tab, .backTab, .control("c")]
        + "hjklnwstgrucbmM:?q+-[]123456789".map { Key.character($0) }

    @Test("every feature of the explorer is reachable from the keyboard alone")
    func everyFeatureHasAKey() {
        // The explorer's commands, by kind; the mouse's own (look, tap, tapMarker) are covered:
        // the arrows turn and tilt, and Tab then Enter reads a marker (didTapMarker).
        let reachable = Set(Self.keyboard.compactMap { KeyBindings.command(for: $0, effectiveFOV: 90).map(Self.kind) })
        let features = [
            "turn", "tilt", "zoom", "faceNorth", "followLink", "walkForward", "walkBack", "changeLevel", "switchDate", "goHome",
            "moveFocus", "activate", "describe", "showURL", "nextColours", "nextSymbols", "toggleMinimap", "openMap", "toggleHelp",
            "dismiss", "quit"
        ]
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
        case .togglePlay: "togglePlay"
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
        case .chooseFoundPlace: "chooseFoundPlace"
        case .toggleHelp: "toggleHelp"
        case .dismiss: "dismiss"
        case .quit: "quit"
        }
    }
}
