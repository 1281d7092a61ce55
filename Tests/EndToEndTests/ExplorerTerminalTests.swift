import Foundation
import TestSupport
import Testing

/// The explorer in a real terminal (tmux), driven with keys as a person would. One session at
/// a time: each runs a debug build that decodes and filters a panorama, and the machine has
/// two cores to share with the rest of the suite.
@Suite("Explorer in a terminal", .serialized)
struct ExplorerTerminalTests {
    private static let backtraceOff = ["SWIFT_BACKTRACE": "interactive=no"]
    /// The compass panorama: its views are known (north red, heading 0 at start).
    private static let compass = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("Assets/default-panorama.png").path

    private func startExplorer(
        _ arguments: String = "", columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        // 24-bit colour is asked for explicitly: tmux's TERM (screen) declares 8 colours, and
        // `swift test` exports NO_COLOR=1, which the panes inherit.
        try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor '\(Self.compass)' \(arguments)", columns: columns, rows: rows,
            environment: Self.backtraceOff.merging(environment) { $1 }
        )
    }

    /// Waits for the first frame: truecolor half-blocks and the status line.
    private func waitForFrame(_ session: TmuxSession) throws -> Bool {
        try session.waitUntil(timeout: 30) {
            let screen = try session.capture(escapes: true)
            return screen.contains("38;2;") && screen.contains("▀") && screen.contains("Heading")
        }
    }

    /// Checks what every exit must leave: modes as before, main screen, cursor visible.
    private func expectRestored(_ session: TmuxSession, status expected: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ended = session.waitUntil(timeout: 30) { session.exitStatus != nil }
        #expect(ended, "the explorer did not exit", sourceLocation: sourceLocation)
        // A crash leaves its report on the pane (remain-on-exit): shown when the status is wrong.
        #expect(
            session.exitStatus == expected, "\((try? session.capture()).map { String($0.suffix(1500)) } ?? "")",
            sourceLocation: sourceLocation)
        let stty = try #require(session.sttyBeforeAndAfter, sourceLocation: sourceLocation)
        #expect(stty.before == stty.after, "terminal modes (stty -g) changed", sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", "still in the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.display("#{cursor_flag}") == "1", "cursor left hidden", sourceLocation: sourceLocation)
        #expect(try session.display("#{mouse_any_flag}") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
    }

    /// Counts the frames the program writes from now on (each opens a synchronized update).
    private func frameCounter(_ session: TmuxSession) throws -> () -> Int {
        let recorded = try session.recordOutput()
        let frameStart = Array("\u{1B}[?2026h".utf8)
        return {
            let output = recorded()
            return output.indices.filter { output[$0...].starts(with: frameStart) }.count
        }
    }

    private func statusLine(_ session: TmuxSession) throws -> String {
        String(try session.capture().split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
    }

    @Test("--symbols sextant draws the demo town in sextants, still turns and quits cleanly; config.json's symbols does the same")
    func sextants() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        try Data(#"{"symbols": "quadrant"}"#.utf8).write(to: config.appendingPathComponent("sidewalk/config.json"))
        for (arguments, range) in [("--symbols sextant", 0x1FB00...0x1FB3B), ("", 0x2596...0x259F)] as [(String, ClosedRange<UInt32>)] {
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' --color truecolor \(arguments)", columns: 100, rows: 30,
                environment: Self.backtraceOff.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
            defer { session.close() }
            #expect(
                try session.waitUntil(timeout: 30) {
                    try session.capture().unicodeScalars.filter { range.contains($0.value) }.count > 50
                        && statusLine(session).contains("Heading")
                }, "\(arguments)")
            try session.send("Right")
            #expect(try session.waitUntil { try statusLine(session).contains("Heading 105°") })
            try session.send("q")
            try expectRestored(session, status: 0)
        }
    }

    @Test("c and b change the colours and the block symbols live, and say so")
    func cycleLive() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor", columns: 100, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture(escapes: true).contains("38;2;") })
        try session.send("c")
        #expect(
            try session.waitUntil(timeout: 30) {
                try statusLine(session).contains("colours: 256") && !session.capture(escapes: true).contains("38;2;")
            })
        try session.send("b", "b")
        #expect(
            try session.waitUntil(timeout: 30) {
                try statusLine(session).contains("block symbols: sextant")
                    && session.capture().unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) }
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("draws truecolor half-blocks; Right turns the view and the heading shown; q restores the terminal")
    func turnAndQuit() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        #expect(try session.display("#{alternate_on}") == "1")
        #expect(try statusLine(session).contains("Heading 0° N"))
        let before = try session.capture(escapes: true)

        try session.send("Right")
        #expect(try session.waitUntil { try statusLine(session).contains("Heading 15° N") })
        let after = try session.capture(escapes: true)
        let changedRows = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }.count
        #expect(changedRows > 20, "the picture turned, not just the status line")

        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("keys that change nothing draw nothing; with reduced motion a change draws a motion frame and then one exact frame")
    func quietWhenNothingChanges() throws {
        let session = try startExplorer("--reduce-motion")
        defer { session.close() }
        #expect(try waitForFrame(session))
        let frames = try frameCounter(session)
        // Keys are handled in order, so frames caused by the unbound keys would come before the
        // ones counted for Right and +.
        try session.send("x", "F1", "z", "x")
        try session.send("Right")
        #expect(try session.waitUntil { try statusLine(session).contains("Heading 15°") && frames() >= 2 })
        try session.send("x", "F1", "z")
        try session.send("+")
        #expect(try session.waitUntil { try statusLine(session).contains("Zoom 1.4×") && frames() >= 4 })
        #expect(frames() == 4)
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("a key turn is animated: several frames, ending at the new heading, then quiet")
    func turnIsAnimated() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let frames = try frameCounter(session)
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 15° N") })
        #expect(session.waitUntil(timeout: 5) { frames() >= 3 }, "a move in several frames, not a jump")
        let settled = frames()
        try session.send("x")  // unbound: handled after the animation's frames, and draws nothing
        try session.send("Left")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 0° N") })
        #expect(frames() > settled)
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("a burst of keys, as from a held key, ends at the final view without a frame per key")
    func heldKeyIsNotQueued() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let frames = try frameCounter(session)
        try session.send(contentsOf: Array(repeating: "Right", count: 47))  // 47 × 15° = 705° = 345°
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 345° N") })
        #expect(session.waitUntil(timeout: 5) { frames() >= 2 })
        #expect(frames() < 20, "frames are skipped, not queued: \(frames()) frames for 47 keys")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("with no argument the demo town opens at its start panorama, looking down Main Street")
    func demoByDefault() throws {
        let session = try TmuxSession(command: "'\(BuiltProducts.sidewalk)' --color truecolor", environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) {
                let header = String(try session.capture().split(separator: "\n").first ?? "")
                return try statusLine(session).contains("Heading 90° E") && header.contains("Main Street 16, Lindenfeld")
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    /// The explorer at panorama a, facing b, whose image is a 16384×8192 zlib bomb: seconds of
    /// decoding (scaled down to the budget) in a debug build.
    private func explorerBesideASlowPanorama() throws -> (DatasetFixture, TmuxSession) {
        let fixture = try DatasetFixture()
        try Data(ZlibBomb.png(width: 16384, height: 8192)).write(to: fixture.folder.appendingPathComponent("images/b.png"))
        try fixture.write(DatasetFixture.validManifest())
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion '\(fixture.folder.path)' --pano a --heading 90",
            columns: 100, rows: 30, environment: Self.backtraceOff)
        return (fixture, session)
    }

    @Test("walking to a panorama still decoding never stalls the loop: keys act at once, and it shows when it arrives")
    func walkWhileDecoding() throws {
        let (fixture, session) = try explorerBesideASlowPanorama()
        defer {
            session.close()
            fixture.remove()
        }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90°") })
        try session.send("w")
        try session.send("Right")
        // The turn is drawn while b is still loading: the loop did not wait for the decode.
        #expect(
            try session.waitUntil(timeout: 30) {
                let screen = try session.capture()
                return screen.contains("loading this panorama") && screen.contains("Heading 105°")
            })
        #expect(try session.waitUntil(timeout: 60) { try !session.capture().contains("loading this panorama") })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("walking back before a panorama has loaded drops 'loading this panorama…' (it stayed for good)")
    func walkBackWhileDecoding() throws {
        let (fixture, session) = try explorerBesideASlowPanorama()
        defer {
            session.close()
            fixture.remove()
        }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90°") })
        try session.send("w")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("loading this panorama") })
        try session.send("s")
        #expect(try session.waitUntil(timeout: 60) { try !session.capture().contains("loading this panorama") })
        #expect(try session.capture().split(separator: "\n").first?.contains("Main Street 1") == true, "back at a")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("names with emoji, CJK, combining marks and zero-width joiners keep every row in its place")
    func wideAndZeroWidthNames() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        panoramas[1]["description"] = "🚀⚡✅☕ 東京駅 Cafe\u{301} a\u{200D}b ⌚"
        panoramas[1]["links"] = [
            ["target": "a", "description": "🚀 Rocket Road 東"], ["target": "c", "heading": 91.5, "description": "✅☕ Cafe\u{301} Lane"]
        ]
        manifest["panoramas"] = panoramas
        try fixture.write(manifest)
        // Wide enough that the status line names the ways (the HUD drops names first when narrow).
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor '\(fixture.folder.path)' --heading 45",
            columns: 160, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 45°") })
        let rows = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        // Counted one column short each, the emoji pushed the header past the edge: the compass
        // strip, right-aligned on the same row, wrapped onto the next, and the rows below moved.
        // (tmux's capture drops combining marks and joiners, so the name is matched without them.)
        #expect(
            rows.first?.contains("🚀⚡✅☕ 東京駅 Cafe") == true && rows.first?.trimmingCharacters(in: .whitespaces).hasSuffix("]") == true,
            "\(rows.first ?? "")")
        #expect(rows.count >= 30 && rows[29].contains("Heading 45°") && rows[29].contains("Rocket Road 東"), "\(rows.suffix(2))")
        #expect(!rows[1].contains("]") && !rows[1].contains("·"), "nothing of the top row spills into the view")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("non-ASCII typed after ':' reaches the command: ':goto café' goes there under a UTF-8 locale")
    func nonASCIIInput() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        var manifest = DatasetFixture.validManifest()
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        panoramas[2]["id"] = "café"
        panoramas[2]["description"] = "The café"
        panoramas[1]["links"] = [["target": "a"], ["target": "café"]]
        panoramas[2]["links"] = [["target": "b"]]
        manifest["panoramas"] = panoramas
        try fixture.write(manifest)
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor '\(fixture.folder.path)'",
            columns: 100, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading") })
        try session.send(":goto café", "Enter")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().split(separator: "\n").first?.contains("The café") == true })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("a panorama whose image is broken is not arrived at: the view stays, the state goes back and says why")
    func brokenImageIsNotArrival() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try Data("not an image".utf8).write(to: fixture.folder.appendingPathComponent("images/c.png"))
        try fixture.write(DatasetFixture.validManifest())
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion '\(fixture.folder.path)'",
            columns: 100, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading") })
        try session.send("2")  // way 2 leads east, to c
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("cannot show c") })
        try session.send("r")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("at b") }, "it stayed 'at c' while showing b")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("walking the demo town: w walks down Main Street, t switches to winter, a missing way is a note")
    func walkTheTown() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor", columns: 140, rows: 40,
            environment: Self.backtraceOff)
        defer { session.close() }
        func header() throws -> String { String(try session.capture().split(separator: "\n").first ?? "") }
        #expect(try session.waitUntil(timeout: 30) { try header().contains("Main Street 16, Lindenfeld") })
        try session.send("w")
        #expect(try session.waitUntil(timeout: 30) { try header().contains("Main Street 18, Lindenfeld") })
        try session.send("t")
        #expect(try session.waitUntil(timeout: 30) { try header().contains("Main Street in winter") && header().contains("2023-12-15") })
        try session.send("9")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("no way 9 here") })
        try session.send("?")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Keys 1/5: looking") })
        try session.send("?")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("walk forward") }, "? shows the next part")
        try session.send("Escape")
        #expect(try session.waitUntil(timeout: 30) { try !session.capture().contains("walk forward") })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("--events: the start, camera moves, will/did move on a walk, and rendering, as JSON lines")
    func eventsFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --events '\(file.path)'", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { session.close() }
        func events() -> [[String: Any]] {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        #expect(try waitForFrame(session))
        try session.send("Right")
        #expect(
            session.waitUntil(timeout: 30) {
                events().contains { $0["event"] as? String == "didMoveCamera" && $0["heading"] as? Double == 105 }
            })
        try session.send("w")
        #expect(
            session.waitUntil(timeout: 30) {
                events().contains { $0["event"] as? String == "didMoveToPanorama" && $0["panorama"] as? String == "main-4" }
            })
        // Once the walk's blend is over the explorer is idle: 2 s in a row without one byte.
        let output = try session.recordOutput()
        var (bytes, since) = (-1, ContinuousClock.now)
        #expect(
            session.waitUntil(timeout: 30) {
                if output().count != bytes { (bytes, since) = (output().count, .now) }
                return ContinuousClock.now - since >= .seconds(2)
            }, "an idle explorer writes nothing")
        let before = events().count
        try session.send("1")
        #expect(session.waitUntil(timeout: 30) { events().dropFirst(before).contains { $0["event"] as? String == "didMoveToPanorama" } })
        let walk = events().dropFirst(before).compactMap { $0["event"] as? String }.filter { $0.hasSuffix("MoveToPanorama") }
        #expect(walk == ["willMoveToPanorama", "didMoveToPanorama"], "way 1: will, then did")
        try session.send("q")
        try expectRestored(session, status: 0)
        let names = events().map { $0["event"] as? String ?? "" }
        #expect(names.first == "didMoveToPanorama", "the start panorama comes first")
        #expect(names.contains("didStartRendering") && names.contains("didFinishRendering"))
        let will = try #require(names.firstIndex(of: "willMoveToPanorama"))
        #expect(names[will + 1] == "didMoveToPanorama" && names[will + 2] == "didMoveCamera", "\(names)")
        let times = events().compactMap { $0["time"] as? Double }
        #expect(times == times.sorted(), "times only go forward")
    }

    @Test("the mouse: drag turns, the wheel zooms, a click reports didTap, a click on a way walks it; never bare motion tracking")
    func mouse() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-mouse-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion --events '\(file.path)'",
            columns: 120, rows: 36, environment: Self.backtraceOff)
        defer { session.close() }
        func events(_ name: String) -> [[String: Any]] {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["event"] as? String == name }
        }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("▲2 Main Street") })
        #expect(
            try session.display("#{mouse_button_flag} #{mouse_all_flag}") == "1 0",
            "button-event tracking (drags) only, never all motion: it floods SSH links")

        // Drag the picture 12 columns left in one burst, as a fast hand over SSH sends it (a
        // regression: ncurses queues such reports and held back all but one): the view turns right from 90°.
        let mouse = TmuxSession.mouseReport
        try session.sendBytes(mouse(0, 60, 10) + mouse(32, 54, 10) + mouse(32, 48, 10) + mouse(3, 48, 10))
        #expect(
            session.waitUntil(timeout: 30) { events("didMoveCamera").last?["heading"] as? Double ?? 0 > 101 },
            "\(events("didMoveCamera"))")
        try session.sendBytes(mouse(64, 48, 10))
        #expect(session.waitUntil(timeout: 30) { (events("didMoveCamera").last?["zoom"] as? Double ?? 0) > 1.2 })
        try session.sendBytes(mouse(0, 60, 3) + mouse(3, 60, 3))
        #expect(session.waitUntil(timeout: 30) { (events("didTap").first?["pitch"] as? Double ?? 0) > 10 }, "a click high in the view")

        // Click on the label of way 2, wherever it is drawn once the view has settled after the
        // click: every frame begun since it written, and the screen the same twice running (a
        // label read off the frame before would be clicked where it no longer is).
        let tapped = try #require(events("didTap").first?["time"] as? Double)
        var (label, screen): ((column: Int, row: Int)?, String) = (nil, "")
        #expect(
            try session.waitUntil(timeout: 30) {
                let finished = events("didFinishRendering").compactMap { $0["time"] as? Double }
                let settled = finished.last ?? 0 > tapped && finished.count == events("didStartRendering").count
                let previous = screen
                screen = try session.capture()
                label =
                    screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated().lazy.compactMap { row, line in
                        line.range(of: "▲2").map { (line.distance(from: line.startIndex, to: $0.lowerBound) + 1, row) }
                    }.first
                return settled && screen == previous && label != nil
            }, "\(screen)")
        let target = try #require(label)
        try session.sendBytes(mouse(0, target.column, target.row) + mouse(3, target.column, target.row))
        #expect(
            session.waitUntil(timeout: 30) { !events("willMoveToPanorama").isEmpty }, "the click at \(target) walked way 2 on\n\(screen)")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("--hide-links and --hide-compass hide the ways on the ground and the compass; the status still lists the ways")
    func hiding() throws {
        let shown = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor", columns: 120, rows: 36, environment: Self.backtraceOff)
        defer { shown.close() }
        #expect(try shown.waitUntil(timeout: 30) { try shown.capture().contains("▲2 Main Street") && shown.capture().contains("[") })
        let hidden = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --hide-links --hide-compass", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { hidden.close() }
        #expect(try hidden.waitUntil(timeout: 30) { try statusLine(hidden).contains("1 E Main Street") })
        let screen = try hidden.capture()
        #expect(!screen.contains("▲") && !screen.contains("[···"), "no ways on the ground, no compass strip")
        try hidden.send("q")
        try expectRestored(hidden, status: 0)
    }

    @Test(
        "in the museum: the floor picker shows the floors and follows ] ; --hide-floor-picker and --hide-home hide the controls, not their keys"
    )
    func floorPickerAndHome() throws {
        let shown = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --pano museum-hall", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { shown.close() }
        #expect(try shown.waitUntil(timeout: 30) { try shown.capture().contains("Floor 0 of 0 1 · [ ]  ⌂ home g") })
        try shown.send("]")
        #expect(try shown.waitUntil(timeout: 30) { try shown.capture().contains("Floor 1 of 0 1") })
        let hidden = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --pano museum-hall --hide-floor-picker --hide-home",
            columns: 120, rows: 36, environment: Self.backtraceOff)
        defer { hidden.close() }
        #expect(try hidden.waitUntil(timeout: 30) { try hidden.capture().contains("Town Museum, ground floor") })
        #expect(try !hidden.capture().contains("Floor 0") && !hidden.capture().contains("⌂"))
        try hidden.send("]")
        #expect(try hidden.waitUntil(timeout: 30) { try hidden.capture().contains("Town Museum, upper floor") }, "] still works")
        try hidden.send("q")
        try expectRestored(hidden, status: 0)
    }

    @Test("--describe: no picture, no alternate screen, no cursor moves; each key is announced as a line; r repeats; q restores the modes")
    func describeMode() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --describe", columns: 160, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16, Lindenfeld, 21 June 2024; facing east") })
        #expect(try session.display("#{alternate_on}") == "0", "the terminal's own screen, where a screen reader reads")
        let output = try session.recordOutput()
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Facing east, 105 degrees.") })
        try session.send("Tab")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Focus: way 1, east along Main Street.") })
        try session.send("Escape", "r")
        #expect(
            try session.waitUntil(timeout: 30) {
                try session.capture().contains("Facing east, 105 degrees, at Main Street 16, Lindenfeld, 21 June 2024. Ways east and west.")
            },
            "r says it all again")
        let written = String(decoding: output(), as: UTF8.self)
        #expect(!written.contains("\u{1B}"), "lines of text only: no escape sequences at all")
        try session.send("q")
        try expectRestored(session, status: 0)
        #expect(try !session.capture().contains("▀"))
    }

    @Test("--high-contrast: black status lines with white text; the focus is marked » as well as coloured")
    func highContrast() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --high-contrast", columns: 120, rows: 36,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90°") })
        let status = try session.capture(escapes: true).split(separator: "\n").last { $0.contains("Heading") } ?? ""
        #expect(status.contains("38;2;255;255;255") && status.contains("48;2;0;0;0"), "\(status)")
        try session.send("Tab")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("» ▲1 Main Street") })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test(
        "escape sequences in every text field of a dataset never reach the terminal: the title stays, the screen is not cleared, the clipboard is not set"
    )
    func hostileText() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        // OSC 0 (title), OSC 52 (clipboard), OSC 8 (hyperlink), CSI 2J (clear), C1 CSI, CR, RLO.
        let poison =
            "\u{1B}]0;PWNED\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]8;;http://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[2J\u{9B}2J\rX\u{202E}dliob"
        var manifest = DatasetFixture.validManifest()
        manifest["name"] = "Name" + poison
        var panoramas = manifest["panoramas"] as! [[String: Any]]
        for i in panoramas.indices {
            panoramas[i]["description"] = "Place\(i)" + poison
            panoramas[i]["copyright"] = "Owner" + poison
            var links = panoramas[i]["links"] as! [[String: Any]]
            for j in links.indices { links[j]["description"] = "Street" + poison }
            panoramas[i]["links"] = links
        }
        manifest["panoramas"] = panoramas
        manifest["markers"] = [
            ["id": "cafe" + poison, "lat": 48.2001, "lng": 16.3701, "height": 3, "title": "Cafe" + poison, "snippet": "Open" + poison]
        ]
        let folder = try fixture.write(manifest)
        let session = try TmuxSession(
            command: "read go; '\(BuiltProducts.sidewalk)' --color truecolor '\(folder)'", columns: 140, rows: 40,
            environment: Self.backtraceOff)
        defer { session.close() }
        try session.command(["set-option", "-g", "set-clipboard", "on"])
        try session.command(["set-option", "-g", "allow-rename", "on"])
        let title = try session.display("#{pane_title}")
        try session.send("Enter")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Place1") && statusLine(session).contains("Heading") })
        let output = try session.recordOutput()
        try session.send("BTab", "Enter")  // focus the marker (the last item), read its snippet
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Cafe") })
        try session.send("r", "u", "?", "Escape", "1")  // way 1 leads west, to panorama a
        #expect(
            try session.waitUntil(timeout: 30) { try session.capture().contains("Place0") },
            "\(String((try? session.capture())?.suffix(1500) ?? ""))")
        let screen = try session.capture()
        #expect(screen.contains("Heading") && screen.contains("Place0"), "the screen was not cleared")
        #expect(try session.display("#{pane_title}") == title, "the pane title did not change")
        // u copies the view's URL (OSC 52) and nothing else reaches the clipboard: the ids in it are
        // percent-encoded, so it holds no escape.
        let clipboard = try session.command(["show-buffer"])
        #expect(
            clipboard.hasPrefix("sidewalk://view?pano=") && !clipboard.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" },
            "\(clipboard)")
        let written = output()
        let osc = written.indices.filter { written[$0...].starts(with: [0x1B, 0x5D]) }
        #expect(osc.allSatisfy { written[$0...].starts(with: Array("\u{1B}]52;c;".utf8)) }, "no OSC but the clipboard's")
        #expect(!written.indices.contains { written[$0...].starts(with: Array("\u{1B}[2J".utf8)) }, "no clear")
        #expect(
            !written.indices.contains { written[$0...].starts(with: [0xC2, 0x9B]) || written[$0...].starts(with: [0xE2, 0x80, 0xAE]) },
            "no C1 CSI, no right-to-left override")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("NO_COLOR turns colour off: characters by brightness, no colour codes")
    func noColor() throws {
        let session = try TmuxSession(
            command: "NO_COLOR=1 '\(BuiltProducts.sidewalk)' '\(Self.compass)'", environment: Self.backtraceOff
        )
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 0° N") })
        let screen = try session.capture(escapes: true)
        #expect(!screen.contains("38;2;") && !screen.contains("48;5;") && !screen.contains("▀"))
        #expect(screen.contains("+") || screen.contains("*") || screen.contains("#"))
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("--idle-limit and --session-limit end a session, give the terminal back and say why")
    func sessionLimits() throws {
        let idle = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --idle-limit 3", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { idle.close() }
        #expect(try idle.waitUntil(timeout: 30) { try statusLine(idle).contains("Heading") })
        try expectRestored(idle, status: 0)
        #expect(try idle.capture().contains("sidewalk: the session ended after 3 seconds without a key"))
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --session-limit 2", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        try expectRestored(session, status: 0)
        #expect(try session.capture().contains("sidewalk: the session ended after its 2 seconds"))
    }

    @Test("--max-visitors: one explorer more is told the demo is full (status 0); a visitor who leaves frees the place at once")
    func maxVisitors() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = Self.backtraceOff.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        let command = "'\(BuiltProducts.sidewalk)' --max-visitors 2 --geocoder off"
        let first = try TmuxSession(command: command, columns: 80, rows: 24, environment: environment)
        defer { first.close() }
        let second = try TmuxSession(command: command, columns: 80, rows: 24, environment: environment)
        defer { second.close() }
        for visitor in [first, second] { #expect(try visitor.waitUntil(timeout: 30) { try statusLine(visitor).contains("Heading") }) }
        let third = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(third.status == 0 && third.standardOutput == "Sidewalk's demo is full (2 visitors); try again in a minute.\n")
        try first.send("q")
        #expect(first.waitUntil(timeout: 30) { first.exitStatus == 0 })
        let after = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(after.status == 0 && after.standardOutput.hasPrefix("Main Street 16"), "the first visitor's place is free")
        // A slots folder that is a link (someone else's) is refused, not followed.
        let linked = runtime.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        let other = runtime.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: other.appendingPathComponent("sidewalk-visitors").path, withDestinationPath: linked.path)
        let refused = try ProgramRun.sidewalk(
            ["--max-visitors", "2", "--headless", "--keys", ""], environment: ["XDG_RUNTIME_DIR": other.path])
        #expect(refused.status == 1 && refused.errorLines.count == 1 && refused.standardError.contains("not a folder of this user's own"))
    }

    @Test("a terminal that reads UTF-8 gets the picture though the locale says C: the probe's é moved the cursor one column")
    func utf8WithoutLocale() throws {
        let session = try TmuxSession(
            command: "env -u LANG -u LC_CTYPE LC_ALL=C '\(BuiltProducts.sidewalk)' --color truecolor --geocoder off", columns: 100,
            rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(
            try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90° E") }, "\((try? session.capture()) ?? "")")
        #expect(
            try session.waitUntil(timeout: 10) { try session.capture().contains("▀") }, "the picture in half blocks, not ASCII's spaces")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("ten seconds before a session limit the status line says so, then the session ends")
    func sessionLimitWarning() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --session-limit 12", columns: 100, rows: 30,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("This session ends in 10 seconds.") })
        try expectRestored(session, status: 0)
    }

    @Test("--describe has the limits too: the warning is said as a line, then the session ends and says why")
    func describeLimitWarning() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --describe --session-limit 12", columns: 120, rows: 30, environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("This session ends in 10 seconds.") })
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: the session ended after its 12 seconds"), "\(screen)")
        #expect(session.exitStatus == 0)
    }

    @Test("sidewalk tour plays a script at its pace and loops home; Space pauses it; another key takes over; the docs' tour runs")
    func tour() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString).txt")
        try Data("Right\nw\nexpect panorama main-4\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' tour '\(script.path)' --pace 0.3 --loop --reduce-motion", columns: 120, rows: 40,
            environment: Self.backtraceOff)
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 105°") }, "Right, played")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 18, Lindenfeld") }, "w, played")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Main Street 16, Lindenfeld") }, "home again")
        try session.send("Space")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Tour paused") })
        try session.send("n")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 0° N") }, "the key did its own work")
        let before = try session.capture()
        #expect(!session.waitUntil(timeout: 2) { (try? session.capture()) != before }, "the tour played no more")
        try session.send("q")
        try expectRestored(session, status: 0)
        let docs = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("docs/examples/demo-tour.txt").path
        let played = try ProgramRun.sidewalk(["--script", docs])
        #expect(played.status == 0 && played.standardOutput.contains("Town Museum, upper floor"), "\(played.standardError)")
    }

    @Test("standard output that is not a terminal is refused before the screen is touched")
    func outputNotATerminal() throws {
        // Standard output is a pipe to cat; standard input and the error output stay on the pane.
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' | cat",
            environment: Self.backtraceOff
        )
        defer { session.close() }
        #expect(session.waitUntil { session.exitStatus != nil })
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: standard output is not a terminal"))
        #expect(try session.display("#{alternate_on}") == "0")
    }

    @Test("the frame fills the real window despite stale LINES/COLUMNS; + zooms; a resize re-lays out")
    func zoomAndResize() throws {
        // Not 80×24, which is also what terminfo would claim.
        let session = try startExplorer(columns: 90, rows: 26, environment: ["LINES": "10", "COLUMNS": "10"])
        defer { session.close() }
        #expect(try waitForFrame(session))
        let firstLines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(firstLines.count >= 26 && firstLines[25].contains("Heading") && firstLines[0].count == 90)
        try session.send("+")
        #expect(try session.waitUntil { try statusLine(session).contains("Zoom 1.4×") })
        try session.resize(columns: 120, rows: 40)
        #expect(
            try session.waitUntil {
                let lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 40 && lines[39].contains("Zoom 1.4×") && lines[0].count == 120
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("a storm of 200 resizes ending at 1×1: no crash, a 'too small' notice, and a full frame once there is room again")
    func resizeStorm() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        for i in 0..<199 { try session.resize(columns: 1 + (i * 37) % 180, rows: 1 + (i * 11) % 60) }
        try session.resize(columns: 1, rows: 1)
        try session.resize(columns: 30, rows: 3)
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Terminal too") }, "below 20×4 a notice, not a crash")
        #expect(session.exitStatus == nil, "still running")
        try session.resize(columns: 100, rows: 30)
        #expect(
            try session.waitUntil(timeout: 30) {
                let lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 30 && lines[29].contains("Heading 0°") && lines[0].count == 100
            })
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("kill-pane (the terminal goes away): the explorer exits at once instead of spinning")
    func killPane() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let shell = try session.panePID()
        let explorer = try #require(ProcessTree.children(of: shell).first)
        try session.command(["kill-pane", "-t", "0"])
        let gone = session.waitUntil(timeout: 10) { kill(explorer, 0) != 0 && errno == ESRCH }
        #expect(gone, "the explorer outlived its terminal")
        if !gone { kill(explorer, SIGKILL) }
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP each leave the terminal as it was", arguments: ["C-c", "TERM", "HUP"])
    func signalsRestore(how: String) throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        let expected: Int32
        switch how {
        case "C-c":
            try session.send("C-c")
            expected = 128 + SIGINT
        default:
            let signal = how == "TERM" ? SIGTERM : SIGHUP
            let explorer = try #require(ProcessTree.children(of: try session.panePID()).first)
            kill(explorer, signal)
            expected = 128 + signal
        }
        try expectRestored(session, status: expected)
    }

    @Test("--demo leaves the mouse to the terminal, so a visitor's dropped link leaves no mouse reporting; --mouse takes it")
    func demoMouse() throws {
        for (arguments, taken) in [("--demo", "0"), ("--demo --mouse", "1"), ("", "1")] {
            let session = try TmuxSession(
                command: "'\(BuiltProducts.sidewalk)' --color truecolor \(arguments)", environment: Self.backtraceOff)
            defer { session.close() }
            #expect(try waitForFrame(session))
            #expect(try session.display("#{mouse_button_flag}") == taken, "\(arguments)")
            try session.send("q")
        }
    }

    @Test("Ctrl-Z hands the terminal back to the shell; fg takes it again and redraws; q restores it")
    func suspendAndResume() throws {
        // An interactive shell, as a person has: job control is what Ctrl-Z and fg need.
        let session = try TmuxSession(command: "bash --norc --noprofile -i", environment: Self.backtraceOff.merging(["PS1": "$ "]) { $1 })
        defer { session.close() }
        try session.send("'\(BuiltProducts.sidewalk)' --color truecolor '\(Self.compass)'", "Enter")
        #expect(try waitForFrame(session))
        try session.send("C-z")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "0" }, "main screen while stopped")
        #expect(try session.display("#{cursor_flag}") == "1", "cursor visible while stopped")
        #expect(try session.display("#{mouse_any_flag}") == "0", "the shell gets no mouse reports while the explorer is stopped")
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Stopped") })
        try session.send("fg", "Enter")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "1" })
        #expect(try waitForFrame(session), "the view is drawn again after fg")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{mouse_button_flag}") == "1" }, "drags work again after fg")
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 15°") })
        try session.send("q")
        #expect(try session.waitUntil(timeout: 30) { try session.display("#{alternate_on}") == "0" })
        try session.send("echo \"explorer-status=$?\"; exit", "Enter")
        try expectRestored(session, status: 0)
        #expect(try session.capture().contains("explorer-status=0"))
    }

    /// tmux runs the test's `sh -c`, so the explorer's process group is orphaned: the kernel
    /// discards SIGTSTP. Before, ncurses still left the screen and came back to a blank one, and
    /// the next frame drew only its changes over it (`         105° E · Pitch 0° · Z om 1.0×`).
    @Test("Ctrl-Z where the process cannot stop (no job control: ForceCommand, tmux's own command) is ignored; the screen stays whole")
    func suspendWithoutJobControl() throws {
        let session = try startExplorer()
        defer { session.close() }
        #expect(try waitForFrame(session))
        try session.send("C-z")
        try session.send("Right")
        let whole = session.waitUntil(timeout: 30) { (try? statusLine(session))?.contains("Heading 15° N · Pitch 0° · Zoom 1.0×") == true }
        #expect(whole, "the status line after Ctrl-Z and Right: \((try? statusLine(session)) ?? "")")
        #expect(try session.display("#{alternate_on}") == "1", "still on the explorer's screen")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    /// In every picture format: a pixel format asks for its picture to be deleted on the way out,
    /// which arms the crash guard a second time (once it took its own handler for the one to
    /// restore, and a crash re-raised for ever at full CPU, deaf to SIGTERM).
    @Test(
        "a crash ends the process and restores the terminal before the backtrace",
        arguments: ["", "--format kitty", "--format sixels", "--format iterm"])
    func crashRestores(format: String) throws {
        let session = try startExplorer(format, environment: ["SIDEWALK_TEST_CRASH_ON_KEY": "X"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading") })
        try session.send("X")
        let ended = session.waitUntil(timeout: 60) { session.exitStatus != nil }
        #expect(ended)
        // Killed by the trap's signal normally; under AddressSanitizer its handler exits 1 instead.
        #expect(session.exitStatus.map { $0 != 0 } == true, "a crash is not a success: \(String(describing: session.exitStatus))")
        let stty = try #require(session.sttyBeforeAndAfter)
        #expect(stty.before == stty.after, "terminal modes (stty -g) changed")
        #expect(try session.display("#{alternate_on}") == "0", "still in the alternate screen")
        #expect(try session.display("#{cursor_flag}") == "1", "cursor left hidden")
    }

    @Test("--no-orientation-gestures: Right does not turn and says why; a config file can switch zoom off")
    func gestureFlags() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-gestures-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        func headings() -> [Double] {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["event"] as? String == "didMoveCamera" }.compactMap { $0["heading"] as? Double }
        }
        let session = try startExplorer("--no-orientation-gestures --events '\(file.path)'")
        defer { session.close() }
        #expect(try waitForFrame(session))
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("turning is switched off") })
        #expect(try statusLine(session).contains("Heading 0° N"))
        #expect(headings() == [0], "only the start: Right moved nothing and reported nothing")
        try session.send(":")
        try session.send("-l", "heading 90")
        try session.send("Enter")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 90° E") }, ":heading still turns")
        #expect(session.waitUntil(timeout: 30) { headings() == [0, 90] })
        try session.send("q")
        try expectRestored(session, status: 0)

        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("sidewalk"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: config) }
        try Data(#"{"gestures": {"zoom": false}}"#.utf8).write(to: config.appendingPathComponent("sidewalk/config.json"))
        let configured = try startExplorer(environment: ["XDG_CONFIG_HOME": config.path])
        defer { configured.close() }
        #expect(try waitForFrame(configured))
        try configured.send("+")
        #expect(try configured.waitUntil(timeout: 30) { try statusLine(configured).contains("zooming is switched off") })
        try configured.send("Right")
        #expect(try configured.waitUntil(timeout: 30) { try statusLine(configured).contains("Heading 15°") }, "turning still works")
        try configured.send("q")
        try expectRestored(configured, status: 0)
    }

    @Test("common terminal types work: draw, turn, quit and restore", arguments: ["xterm-256color", "tmux-256color", "screen", "linux"])
    func commonTerms(term: String) throws {
        let session = try startExplorer(environment: ["TERM": term])
        defer { session.close() }
        #expect(try waitForFrame(session), "TERM=\(term)")
        try session.send("Right")
        #expect(try session.waitUntil(timeout: 30) { try statusLine(session).contains("Heading 15°") }, "TERM=\(term)")
        try session.send("q")
        try expectRestored(session, status: 0)
    }

    @Test("an unusable TERM is refused before the screen is touched", arguments: ["dumb", "nosuchterm"])
    func unusableTerm(term: String) throws {
        let session = try TmuxSession(
            command: "TERM=\(term) '\(BuiltProducts.sidewalk)'",
            environment: Self.backtraceOff
        )
        defer { session.close() }
        try expectRestored(session, status: 1)
        let screen = try session.capture()
        #expect(screen.contains("sidewalk: ") && screen.contains("TERM=\(term)"))
    }
}
