import Foundation
import PanoCore
import SystemIO

/// MP4 (H.264) or WebM (VP9) made by ffmpeg from raw frames written to its standard input, at
/// a constant rate. ffmpeg is an optional tool: without it, this says so in one line.
package final class FFmpegVideo {
    package enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case failed(String)

        package var description: String {
            switch self {
            case .notInstalled: "ffmpeg is not installed, and MP4 and WebM are made by it (apt install ffmpeg); GIF and PNG need nothing"
            case .failed(let why): "ffmpeg failed: \(why)"
            }
        }
    }

    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    let width: Int
    let height: Int

    /// Starts ffmpeg writing `path` as `container` ("mp4" or "webm") from `width`×`height` frames at
    /// `fps`; odd sides are padded to even ones with black, as H.264's 4:2:0 needs.
    package init(path: String, container: String, width: Int, height: Int, fps: Double) throws(Failure) {
        guard let ffmpeg = Self.findOnPath("ffmpeg") else { throw .notInstalled }
        (self.width, self.height) = (width, height)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        let codec =
            container == "mp4"
            ? ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart"]
            : ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1"]
        process.arguments =
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pixel_format", "rgb24", "-video_size", "\(width)x\(height)",
                "-framerate", "\(fps)", "-i", "pipe:0", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"
            ] + codec + ["-f", container, path]
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .failed("could not start \(ffmpeg): \(error.localizedDescription)")
        }
    }

    /// Sends one frame (the size given at the start).
    package func write(_ image: RGBImage) throws(Failure) {
        if case .failed = FileDescriptorIO.writeAll(input.fileHandleForWriting.fileDescriptor, image.pixels) {
            throw .failed(finishWithError() ?? "it stopped reading frames")
        }
    }

    /// Ends the input and waits for ffmpeg to finish writing.
    package func finish() throws(Failure) {
        if let problem = finishWithError() { throw .failed(problem) }
    }

    /// Closes the input, waits, and returns ffmpeg's last line of complaint when it failed.
    private func finishWithError() -> String? {
        try? input.fileHandleForWriting.close()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        let last = String(decoding: said, as: UTF8.self).split(separator: "\n").last.map(String.init)
        return last ?? "exit status \(process.terminationStatus)"
    }

    /// The first executable called `name` in PATH.
    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
