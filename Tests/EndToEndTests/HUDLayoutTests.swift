import Foundation
import TestSupport
import Testing

/// The top and bottom lines at every size people use, in tmux: the help hint and the quit key
/// always show, the compass never covers the place's name, and the notice below the smallest size
/// stays whole.
@Suite("The HUD at every size")
struct HUDLayoutTests {
    @Test(
        "? keys and q quit always show; the compass sits beside the name, never over it",
        arguments: [(20, 4), (40, 12), (80, 24), (120, 40), (203, 61), (400, 100)])
    func sizes(columns: Int, rows: Int) throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --heading 100", columns: columns, rows: rows,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        var lines: [Substring] = []
        #expect(
            try session.waitUntil(timeout: 30) {
                lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= rows && lines[rows - 1].contains("q quit")
            }, "\(lines.last ?? "")")
        let status = String(lines[rows - 1])
        #expect(status.contains("? keys · q quit"), "\(columns)×\(rows): \(status)")
        let top = String(lines[0])
        #expect(top.hasPrefix(" Main Street 16, L"), "\(columns)×\(rows): \(top)")
        if let bracket = top.firstIndex(of: "[") {
            #expect(
                top[..<bracket].hasSuffix(" ") && top.hasSuffix("]") || top.trimmingCharacters(in: .whitespaces).hasSuffix("]"),
                "\(columns)×\(rows): the compass stands apart: \(top)")
            #expect(top[..<bracket].contains("Lindenfeld"), "\(columns)×\(rows): the whole name shows before the compass: \(top)")
        }
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("below the smallest size the notice stays whole: no compass, control or label is drawn over it")
    func tooSmall() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --heading 100", columns: 19, rows: 8,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        // At 19 columns the notice's shortest whole form that fits: the size it needs.
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("Need 20×4") })
        let screen = try session.capture()
        #expect(!screen.contains("⌂") && !screen.contains("[") && !screen.contains("▲"), "\(screen)")
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }
}

/// The controls respond to clicks, as Street View's do to taps.
@Suite("Controls you can click")
struct ClickableControlsTests {
    @Test("a click on the compass faces north; on home, goes home with the start view; a marker out of view has an edge hint")
    func clicks() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --reduce-motion --heading 100", columns: 120, rows: 36,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("⌂ home g") })
        // Café Aurora stands behind, on the left: its hint is at the left edge.
        // (Waited for: a frame reaches tmux in pieces, top rows first.)
        #expect(
            try session.waitUntil {
                try session.capture().split(separator: "\n").contains { $0.contains("◀") && $0.contains("Café Aurora") }
            })
        let mouse = TmuxSession.mouseReport
        // The compass is the top line's last 27 columns but one (cells from 0: 119 is the last).
        try session.sendBytes(mouse(0, 105, 0) + mouse(3, 105, 0))
        #expect(try session.waitUntil { try session.capture().split(separator: "\n").last?.contains("0° N") == true })
        try session.send("1")
        #expect(try session.waitUntil { try !session.capture().hasPrefix(" Main Street 16") })
        // "⌂ home g" ends one column from the right edge, on the second line.
        try session.sendBytes(mouse(0, 114, 1) + mouse(3, 114, 1))
        #expect(try session.waitUntil { try session.capture().hasPrefix(" Main Street 16") && session.capture().contains("100° E") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    /// The demo at `columns`×`rows` in tmux, once its status line shows.
    private static func demo(columns: Int, rows: Int, arguments: String = "") throws -> TmuxSession {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor \(arguments)", columns: columns, rows: rows,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("q quit") })
        return session
    }

    @Test("r's reading is shown whole at 80×24, wrapped above the status line, not cut at the screen's width")
    func readingWhole() throws {
        let session = try Self.demo(columns: 80, rows: 24)
        defer { session.close() }
        try session.send("r")
        // Before: "Facing east, 90 degrees, at Main Street 16, Lindenfeld, 21 June 2…" and no more.
        #expect(
            try session.waitUntil(timeout: 30) {
                let screen = try session.capture().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                    separator: " ")
                return screen.contains("Facing east") && screen.contains("r again:")
            })
    }

    @Test(
        "? at 160×48 shows every part of the keys at once, the current one marked, and steps as a listener hears them; at 100×30 one part")
    func helpOnOnePage() throws {
        let large = try Self.demo(columns: 160, rows: 48)
        defer { large.close() }
        try large.send("?")
        #expect(try large.waitUntil(timeout: 30) { try large.capture().contains("Keys 1/5: looking") })
        let screen = try large.capture()
        #expect(
            ["» Looking", "Walking", "Choosing", "Finding", "Telling and showing", "q Ctrl-C"].allSatisfy { screen.contains($0) },
            "\(screen)")
        try large.send("?")
        #expect(try large.waitUntil(timeout: 30) { try large.capture().contains("» Walking") && large.capture().contains("Looking") })
        try large.send("Escape")
        #expect(try large.waitUntil(timeout: 30) { try !large.capture().contains("Keys") })
        let small = try Self.demo(columns: 100, rows: 30)
        defer { small.close() }
        try small.send("?")
        #expect(try small.waitUntil(timeout: 30) { try small.capture().contains("Keys 1/5: looking") })
        #expect(try !small.capture().contains("Walking"))
    }

    @Test("at 40×10 no label runs into the home control: a label on its row is whole and ends before it")
    func labelBesideControls() throws {
        let session = try Self.demo(columns: 40, rows: 10)
        defer { session.close() }
        for _ in 0..<3 {
            try session.send("Right")
            #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("⌂ home g") })
            let row = try session.capture().split(separator: "\n").first { $0.contains("⌂ home g") }.map(String.init) ?? ""
            let home = try #require(row.range(of: "⌂ home g")).lowerBound
            let homeColumn = row.distance(from: row.startIndex, to: home)
            // A label on this row is whole and ends a column or more before the control. Before:
            // the control was drawn over the label's end ("◆ Clock Tower 48⌂ home g").
            if let label = row.range(of: "Clock") {
                let labelEnd = row.distance(from: row.startIndex, to: label.lowerBound) + "Clock Tower 48 m".count
                #expect(row.contains("Clock Tower 48 m") && labelEnd < homeColumn, "\(row)")
            }
        }
    }
}
