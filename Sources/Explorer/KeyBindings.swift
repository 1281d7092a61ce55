/// The default key map, and the step sizes of a key press.
package enum KeyBindings {
    /// One key press turns or tilts by this fraction of the effective field of view, so a step
    /// looks the same size at every zoom.
    package static let turnFractionOfView = 1.0 / 6.0
    /// One zoom key press multiplies or divides the zoom by this factor (geometric steps).
    package static let zoomStep = 2.0.squareRoot()

    /// The keys as the help lists them, in sections a listener can take one at a time: (the
    /// section's name, its (keys, what they do)).
    package static let helpSections: [(name: String, keys: [(String, String)])] = [
        ("looking", [("Left Right  h l", "turn"), ("Up Down  k j", "look up, down"), ("+ -", "zoom in, out"), ("n", "face north")]),
        (
            "walking",
            [
                ("w PageUp", "walk forward: the next picture along the way"), ("s PageDown", "walk back: the one before"),
                ("Space", "play the way ahead step by step (--play-interval), until a key"),
                ("1 ... 9", "take way 1 ... 9: 1 is the way ahead on arrival, then clockwise")
            ]
        ),
        (
            "choosing",
            [
                ("Tab Shift-Tab", "focus the next, previous way or marker"),
                ("Enter", "take the focused way, read the focused marker; else walk"), ("[ ]", "floor down, up"),
                ("t", "another capture date"), ("g", "go home (the start, or config.json's home)")
            ]
        ),
        (
            "finding",
            [
                ("/", "find a place by name, e.g. /bakery (:find TEXT)"), (":", "command line, e.g. :heading 90 or :goto ID"),
                ("M", "the map: arrows move, + - zoom, Tab next place, r reads, Enter go, Esc back"), ("m", "show or hide the minimap")
            ]
        ),
        (
            "telling and showing",
            [
                ("r", "read out where you are and what you face"), ("u", "show this view's URL, to share"),
                ("c", "next colours: truecolor, 256, 16, none"), ("b", "next block symbols: half, quadrant, sextant, octant"),
                ("?", "this help's next part (Esc closes it)"), ("q Ctrl-C", "quit")
            ]
        )
    ]

    /// Every key the help lists, section after section: (keys, what they do).
    package static let help: [(String, String)] = helpSections.flatMap(\.keys)

    /// What the mouse does, as the help lists it after the keys: (action, what it does).
    package static let mouseHelp: [(String, String)] = [
        ("drag", "look around"), ("wheel", "zoom in, out"), ("click a way", "take it"), ("click a marker", "read it")
    ]

    /// The command a key asks for with the camera as it is, or nil when the key is unbound.
    package static func command(for key: Key, effectiveFOV: Double) -> ExplorerCommand? {
        let step = effectiveFOV * turnFractionOfView
        switch key {
        case .left, .character("h"): return .turn(degrees: -step)
        case .right, .character("l"): return .turn(degrees: step)
        case .up, .character("k"): return .tilt(degrees: step)
        case .down, .character("j"): return .tilt(degrees: -step)
        case .character("+"), .character("="): return .zoom(factor: zoomStep)
        case .character("-"), .character("_"): return .zoom(factor: 1 / zoomStep)
        case .enter: return .activate
        case .character("w"), .pageUp: return .walkForward
        case .character(" "): return .togglePlay
        case .tab: return .moveFocus(1)
        case .backTab: return .moveFocus(-1)
        case .character("s"), .pageDown: return .walkBack
        case .character("n"): return .faceNorth
        case .character("]"): return .changeLevel(delta: 1)
        case .character("["): return .changeLevel(delta: -1)
        case .character("t"): return .switchDate
        case .character("g"): return .goHome
        case .character("r"): return .describe
        case .character("u"): return .showURL
        case .character("m"): return .toggleMinimap
        case .character("M"): return .openMap
        case .character("c"): return .nextColours
        case .character("b"): return .nextSymbols
        case .character("?"): return .toggleHelp
        case .escape: return .dismiss
        case .character("q"), .character("Q"), .control("c"): return .quit
        case .character(let digit) where ("1"..."9").contains(digit): return .followLink(Int(String(digit))!)
        default: return nil
        }
    }
}
