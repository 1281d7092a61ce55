import Foundation
import PanoCore
import PanoImage

#if canImport(Glibc)
import Glibc
#endif

/// A virtual X display of its own (Xvfb) with terminal windows on it, for tests of what real
/// terminals (xterm, kitty) show: screenshots with ImageMagick's `import`, window sizes with
/// `xwininfo`, keys with `xdotool`. Everything it started is ended when it goes.
package final class XDisplay {
    /// The display's number: DISPLAY=:number.
    package let number: Int
    private let server: pid_t
    private var clients: [pid_t] = []

    /// Starts Xvfb on the first free display number from 40, `width`×`height` pixels, 24 bits.
    package init(width: Int = 1024, height: Int = 768) throws {
        var chosen = 40
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(chosen)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(chosen)-lock")
        {
            chosen += 1
        }
        number = chosen
        server = try Subprocess.start(["Xvfb", ":\(chosen)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        let ready = Wait.until(seconds: 20) { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(chosen)") }
        guard ready else {
            Subprocess.stop(server)
            throw SpawnError(code: ETIMEDOUT)
        }
    }

    /// The environment for a program on this display.
    package var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["DISPLAY": ":\(number)"]) { $1 }
    }

    /// Starts a client (a terminal window) on this display, in the background.
    package func launch(_ arguments: [String], environment extra: [String: String] = [:]) throws {
        clients.append(try Subprocess.start(arguments, environment: environment.merging(extra) { $1 }))
    }

    /// The whole screen as pixels.
    package func screenshot() throws -> RGBImage {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-x-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try Subprocess.run(["import", "-window", "root", file], environment: environment)
        guard run.status == 0 else { throw SpawnError(code: EIO) }
        return try ImageDecoder.decodeFile(file)
    }

    /// Where the first top-level window whose class is `windowClass` draws on the screen and its
    /// size, in pixels: its inside, past the X border (xterm's text is in a child window, one
    /// pixel in); nil when there is none.
    package func windowFrame(class windowClass: String) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let text = String(
            decoding: try Subprocess.run(["xwininfo", "-root", "-tree"], environment: environment).standardOutput, as: UTF8.self)
        // e.g.  0x20000c "sh": ("xterm" "XTerm")  640x408+0+0  +0+0 (size, then where it is on the screen)
        func frame(_ line: Substring) -> (x: Int, y: Int, width: Int, height: Int)? {
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(where: { $0.contains("x") && $0.contains("+") && $0.first?.isNumber == true }),
                at + 1 < words.count
            else { return nil }
            let size = words[at].split(separator: "+")[0].split(separator: "x").compactMap { Int($0) }
            let origin = words[at + 1].split(separator: "+").compactMap { Int($0) }
            return size.count == 2 && size[0] > 1 && size[1] > 1 && origin.count == 2 ? (origin[0], origin[1], size[0], size[1]) : nil
        }
        let lines = text.split(separator: "\n")
        for (index, line) in lines.enumerated() where line.contains("\"\(windowClass)\"") {
            guard let outer = frame(line) else { continue }
            // A child of the same size draws the window's contents.
            let inner = lines[(index + 1)...].prefix(3).compactMap(frame).first { $0.width == outer.width && $0.height == outer.height }
            return inner ?? outer
        }
        return nil
    }

    /// Types `keys` (xdotool key names, e.g. "q" or "Right") into the focused window.
    package func press(_ keys: String...) throws {
        _ = try Subprocess.run(["xdotool", "key", "--clearmodifiers"] + keys, environment: environment)
    }

    deinit {
        clients.reversed().forEach(Subprocess.stop)
        Subprocess.stop(server)
    }
}
