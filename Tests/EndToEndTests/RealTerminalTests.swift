import Foundation
import PanoCore
import PanoImage
import TermRender
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What xterm and kitty really show, on a virtual X display: what the explorer asked them,
/// a screenshot of the window against `sidewalk snapshot` of the same view, and the terminal
/// given back after q. (xvfb, xterm, kitty, imagemagick, x11-utils, xdotool; scripts/test installs them.)
@Suite("Real terminals", .serialized)
struct RealTerminalTests {
    static let root = BuiltProducts.packageRoot(from: #filePath)
    static let compass = root.appendingPathComponent("Assets/default-panorama.png").path
    static let (columns, rows) = (80, 24)

    /// A terminal: its window class and the command that opens it, `columns`×`rows` cells, at
    /// the screen's top left, running `shell`, with a folder of its own for files.
    struct Terminal: Sendable, CustomStringConvertible {
        let name: String
        let windowClass: String
        let expected: [String]
        /// Run after the test, to end what the terminal leaves running.
        var cleanup: [String]?
        /// The least PSNR, dB, of the window's half cells against the truecolor snapshot.
        var halfCellFloor = 25.0
        let command: @Sendable (_ shell: String, _ work: String) -> [String]
        var description: String { name }
    }

    /// tmux's own socket for the test, so no one's tmux server is touched.
    static let tmuxSocket = "sidewalk-real-terminal-\(getpid())"

    static let terminals = [
        Terminal(
            name: "xterm", windowClass: "XTerm",
            expected: ["24-bit colour:   yes", "colour mode:     truecolor", "picture:         symbols"]
        ) { shell, _ in
            ["xterm", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "10", "-e", "sh", "-c", shell]
        },
        Terminal(
            name: "xterm -ti vt340", windowClass: "XTerm",
            expected: ["sixel:           yes, 1024 colours", "colour mode:     truecolor", "picture:         sixels"]
        ) { shell, _ in
            [
                "xterm", "-ti", "vt340", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "10", "-e",
                "sh", "-c", shell
            ]
        },
        Terminal(
            name: "kitty", windowClass: "kitty", expected: ["kitty graphics:  yes", "colour mode:     truecolor", "picture:         kitty"]
        ) { shell, _ in
            [
                "kitty", "--config", "NONE", "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
                "-o", "window_padding_width=0", "-o", "remember_window_size=no", "sh", "-c", shell
            ]
        },
        // tmux as people set it up (tmux-256color inside, an xterm-256color outside, no status
        // line here so the pane is the whole window): it answers for itself, without sixels or
        // kitty graphics, so the picture is symbols. tmux 3.3 asks the outer terminal its name
        // (XTVERSION), knows XTerm has RGB, and says so (client_termfeatures): truecolor.
        Terminal(
            name: "tmux in xterm", windowClass: "XTerm",
            expected: [
                "terminal:        tmux", "TMUX=/", "24-bit colour:   yes (tmux lists RGB", "colour mode:     truecolor",
                "picture:         symbols"
            ],
            cleanup: ["tmux", "-L", tmuxSocket, "kill-server"], halfCellFloor: 38
        ) { shell, work in
            let configuration = work + "/tmux.conf"
            _ = FileManager.default.createFile(
                atPath: configuration, contents: Data("set -g status off\nset -g default-terminal tmux-256color\n".utf8))
            return [
                "xterm", "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "10",
                "-e", "tmux", "-L", tmuxSocket, "-f", configuration, "new-session", "sh", "-c", shell
            ]
        },
        // The usual set-up for 24-bit colour: `RGB` in terminal-features for the outer terminal.
        // tmux says so when asked (client_termfeatures), so the picture is truecolor.
        Terminal(
            name: "tmux with RGB in xterm", windowClass: "XTerm",
            expected: ["24-bit colour:   yes (tmux lists RGB", "colour mode:     truecolor", "picture:         symbols"],
            cleanup: ["tmux", "-L", tmuxSocket, "kill-server"], halfCellFloor: 38
        ) { shell, work in
            let configuration = work + "/tmux.conf"
            let settings = "set -g status off\nset -g default-terminal tmux-256color\nset -as terminal-features ',xterm-256color:RGB'\n"
            _ = FileManager.default.createFile(atPath: configuration, contents: Data(settings.utf8))
            return [
                "xterm", "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "10",
                "-e", "tmux", "-L", tmuxSocket, "-f", configuration, "new-session", "sh", "-c", shell
            ]
        }
    ]

    @Test(
        "the terminal is asked and answers; the window shows the view a snapshot shows; q gives the terminal back",
        arguments: terminals)
    func realTerminal(terminal: Terminal) throws {
        let display = try XDisplay()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let sidewalk = BuiltProducts.sidewalk
        let shell =
            "unset NO_COLOR; '\(sidewalk)' terminal > '\(work.path)/report'; stty -g > '\(work.path)/before'; "
            + "'\(sidewalk)' --hide-compass '\(Self.compass)' --record '\(work.path)/view.cast'; echo $? > '\(work.path)/status'; "
            + "stty -g > '\(work.path)/after'; sleep 60"
        defer { if let cleanup = terminal.cleanup { _ = try? Subprocess.run(cleanup) } }
        try display.launch(terminal.command(shell, work.path), environment: ["SWIFT_BACKTRACE": "interactive=no", "LC_ALL": "C.UTF-8"])

        // What it answered.
        #expect(
            Wait.until(seconds: 30) {
                ((try? String(contentsOfFile: work.path + "/report", encoding: .utf8)) ?? "").contains("colour mode:")
            })
        let report = (try? String(contentsOfFile: work.path + "/report", encoding: .utf8)) ?? ""
        for line in terminal.expected { #expect(report.contains(line), "\(terminal): \(report)") }

        // What it shows. With symbols: the view rows (a header above, the status line below),
        // each half cell averaged, against a snapshot at one pixel per half cell. With real
        // pixels: the view rows pixel for pixel, against a snapshot of that many pixels.
        let window = try #require(try display.windowFrame(class: terminal.windowClass))
        let (cellWidth, cellHeight) = (window.width / Self.columns, window.height / Self.rows)
        let viewRows = Self.rows - 2
        let pixels = report.contains("picture:         kitty") || report.contains("picture:         sixels")
        let (width, height) = pixels ? (Self.columns * cellWidth, viewRows * cellHeight) : (Self.columns, viewRows * 2)
        let snapshotPath = work.path + "/view.png"
        let snap = try ProgramRun.sidewalk([
            "snapshot", Self.compass, "--size", "\(width)x\(height)", "--no-cache", "--output", snapshotPath
        ])
        #expect(snap.status == 0)
        let expected = try ImageDecoder.decodeFile(snapshotPath)
        var psnr = 0.0
        _ = Wait.until(seconds: 30) {
            guard let screen = try? display.screenshot() else { return false }
            let inside = Self.crop(screen, left: window.x, top: window.y + cellHeight, width: window.width, height: viewRows * cellHeight)
            let shown =
                pixels
                ? Self.crop(inside, left: 0, top: 0, width: width, height: height)
                : Self.halfCells(of: inside, cellWidth: cellWidth, cellHeight: cellHeight, rows: viewRows)
            psnr = ImageMetrics.psnr(shown, expected)
            return psnr > (pixels ? 35 : terminal.halfCellFloor)
        }
        #expect(psnr > (pixels ? 35 : terminal.halfCellFloor), "\(terminal): the window against the snapshot, \(psnr) dB")
        print(
            "\(terminal): \(pixels ? "pixels" : "half cells") of the window against a snapshot, PSNR \(String(format: "%.1f", psnr)) dB, "
                + "cells \(cellWidth)x\(cellHeight) pixels")

        try Self.compareRender(of: work.path + "/view.cast", with: display, window: window, pixels: pixels, terminal: terminal)

        // The status line as sent: kitty 0.26.5 drew every cell background wrong (maroon, with
        // stale letters) while an image lay under the text.
        if report.contains("colour mode:     truecolor"), let screen = try? display.screenshot() {
            let statusLine = Self.crop(
                screen, left: window.x, top: window.y + (Self.rows - 1) * cellHeight, width: window.width, height: cellHeight)
            let background = Self.mostCommonColour(statusLine)
            let sent = HUDColors.standard.statusBackground
            let off = max(abs(Int(background.r) - Int(sent.r)), abs(Int(background.g) - Int(sent.g)), abs(Int(background.b) - Int(sent.b)))
            #expect(off <= 4, "\(terminal): the status line's background is \(background), sent \(sent)")
        }

        // Given back.
        try display.press("q")
        // The shell writes the file after creating it: wait for its line, not for the file.
        #expect(Wait.until(seconds: 30) { ((try? String(contentsOfFile: work.path + "/after", encoding: .utf8)) ?? "").hasSuffix("\n") })
        #expect((try? String(contentsOfFile: work.path + "/status", encoding: .utf8)) == "0\n")
        let (before, after) = (
            try String(contentsOfFile: work.path + "/before", encoding: .utf8),
            try String(contentsOfFile: work.path + "/after", encoding: .utf8)
        )
        #expect(before == after, "\(terminal): stty -g before \(before.dropLast()), after \(after.dropLast())")
    }

    /// `sidewalk render` of what the explorer sent, at the window's cell size, against the
    /// window: the view rows pixel for pixel (pictures) or half cell by half cell (symbols,
    /// drawn as shapes by both), the terminal itself the reference.
    static func compareRender(
        of cast: String, with display: XDisplay, window: (x: Int, y: Int, width: Int, height: Int), pixels: Bool, terminal: Terminal
    ) throws {
        let (cellWidth, cellHeight) = (window.width / columns, window.height / rows)
        let output = cast + ".png"
        let render = try ProgramRun.sidewalk(["render", cast, "--output", output, "--size", "\(columns * cellWidth)x\(rows * cellHeight)"])
        #expect(render.status == 0, "\(render.standardError)")
        let drawn = try ImageDecoder.decodeFile(output)
        let screen = try display.screenshot()
        let viewRows = rows - 2
        let shown = crop(screen, left: window.x, top: window.y + cellHeight, width: columns * cellWidth, height: viewRows * cellHeight)
        let rendered = crop(drawn, left: 0, top: cellHeight, width: columns * cellWidth, height: viewRows * cellHeight)
        let psnr =
            pixels
            ? ImageMetrics.psnr(rendered, shown)
            : ImageMetrics.psnr(
                halfCells(of: rendered, cellWidth: cellWidth, cellHeight: cellHeight, rows: viewRows),
                halfCells(of: shown, cellWidth: cellWidth, cellHeight: cellHeight, rows: viewRows))
        #expect(psnr >= 35, "\(terminal): sidewalk render against the window, \(psnr) dB")
        print("\(terminal): sidewalk render of the recording against the window's view, PSNR \(String(format: "%.1f", psnr)) dB")
    }

    /// `width`×`height` pixels of `screen` from (`left`, `top`).
    static func crop(_ screen: RGBImage, left: Int, top: Int, width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height where top + y < screen.height {
            for x in 0..<width where left + x < screen.width { image[x, y] = screen[left + x, top + y] }
        }
        return image
    }

    /// The colour most of `image`'s pixels have.
    static func mostCommonColour(_ image: RGBImage) -> RGB {
        var counts: [RGB: Int] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width { counts[image[x, y], default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value }?.key ?? RGB(0, 0, 0)
    }

    /// The mean colour of each half cell of the first `rows` rows: one pixel per half cell, as
    /// the explorer's view is drawn.
    static func halfCells(of screen: RGBImage, cellWidth: Int, cellHeight: Int, rows: Int) -> RGBImage {
        let top = 0
        var image = RGBImage(width: columns, height: rows * 2)
        for y in 0..<(rows * 2) {
            // Each half's pixel rows, the middle row of an odd cell height left out.
            let start = top + (y / 2) * cellHeight + (y % 2) * (cellHeight + 1) / 2
            let end = top + (y / 2) * cellHeight + (y % 2 == 0 ? cellHeight / 2 : cellHeight)
            for x in 0..<columns {
                var sum = (0, 0, 0)
                var count = 0
                for py in start..<end where py < screen.height {
                    for px in (x * cellWidth)..<((x + 1) * cellWidth) where px < screen.width {
                        let colour = screen[px, py]
                        sum = (sum.0 + Int(colour.r), sum.1 + Int(colour.g), sum.2 + Int(colour.b))
                        count += 1
                    }
                }
                guard count > 0 else { continue }
                image[x, y] = RGB(UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
            }
        }
        return image
    }
}
