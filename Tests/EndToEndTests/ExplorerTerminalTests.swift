import Foundation
import TestSupport
import Testing

/// The explorer in a real terminal (tmux), driven with keys as a person would. One session at
/// a time in this suite and one in `ExplorerTerminalMoreTests`: each runs a debug build that
/// decodes and filters a panorama, and the machine has two cores to share with the rest.
@Suite("Explorer in a terminal", .serialized)
struct ExplorerTerminalTests: ExplorerTerminalDriving {
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
        #expect(try shown.waitUntil(timeout: 30) { try shown.capture().contains("Floor 0 of 0–1 · [ ]  ⌂ home g") })
        try shown.send("]")
        #expect(try shown.waitUntil(timeout: 30) { try shown.capture().contains("Floor 1 of 0–1") })
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
}
