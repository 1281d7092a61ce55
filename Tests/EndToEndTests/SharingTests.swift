import Foundation
import TestSupport
import Testing

/// Sharing a place: `u` copies the view's URL to the clipboard (OSC 52) and shows it whole; a
/// Google Maps URL as a browser shows it opens at its camera.
@Suite("Sharing a place")
struct SharingTests {
    @Test("u at 80×24 puts the whole URL in a panel and on the clipboard (tmux keeps it with set-clipboard on); the next key closes it")
    func copy() throws {
        let session = try TmuxSession(
            command: "'\(BuiltProducts.sidewalk)' --color truecolor --heading 100", columns: 80, rows: 24,
            environment: ["SWIFT_BACKTRACE": "interactive=no"])
        defer { session.close() }
        _ = try session.command(["set-option", "-g", "set-clipboard", "on"])
        #expect(try session.waitUntil(timeout: 30) { try session.capture().contains("q quit") })
        try session.send("u")
        let url = "sidewalk://view?pano=main-3&viewpoint=46.9412,7.444984&heading=100&pitch=0&fov=90"
        // 72 columns of it a line in the panel at 80 columns.
        let (first, rest) = (String(url.prefix(72)), String(url.dropFirst(72)))
        #expect(
            try session.waitUntil {
                let screen = try session.capture()
                return screen.contains("This view's URL") && screen.contains(first) && screen.contains(rest)
            })
        #expect(session.waitUntil { (try? session.command(["show-buffer"]))?.contains(url) == true }, "the clipboard holds the URL")
        try session.send("Right")
        #expect(try session.waitUntil { try !session.capture().contains("This view's URL") })
        try session.send("q")
        #expect(session.waitUntil(timeout: 30) { session.exitStatus != nil })
    }

    @Test("a browser's Google Maps URL opens at its heading, pitch and field of view; its panorama when the dataset has it, else its place")
    func googleBrowserURL() throws {
        let known = try ProgramRun.sidewalk([
            "open", "https://www.google.com/maps/@46.9412,7.4453,3a,75y,180h,100t/data=!3m6!1e1!3m4!1smain-0!2e0",
            "--headless", "--keys", ""
        ])
        #expect(
            known.status == 0
                && known.standardOutput.hasPrefix(
                    "Main Street 10, Lindenfeld, 21 June 2024; facing south, looking up 10 degrees, zoom 1.3 times;"),
            "\(known.standardOutput)\(known.standardError)")
        let google = try ProgramRun.sidewalk([
            "open", "https://www.google.com/maps/@46.9412,7.4453,3a,90y,90h,90t/data=!3m6!1e1!3m4!1sAF1QipN%2Dx!2e0",
            "--headless", "--keys", ""
        ])
        #expect(
            google.status == 0 && google.standardOutput.hasPrefix("Main Street at Station Road, Lindenfeld, 21 June 2024; facing east;"),
            "\(google.standardOutput)\(google.standardError)")
    }
}
