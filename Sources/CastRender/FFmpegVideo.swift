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
    private let errors = ErrorOutput()
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
                "-hide_banner", "-loglevel", "error", "-xerror", "-y", "-f", "rawvideo", "-pixel_format", "rgb24", "-video_size",
                "\(width)x\(height)",
                "-framerate", "\(fps)", "-i", "pipe:0", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"
            ] + codec + ["-f", container, path]
        process.standardInput = input
        process.standardError = errors.pipe
        process.standardOutput = FileHandle.nullDevice
        // A frame written after ffmpeg has gone must be an error to report, not the signal that
        // ends this process without a word (and leaves the temporary file behind).
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw .failed("could not start \(ffmpeg): \(error.localizedDescription)")
        }
        errors.collect()
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

    /// Closes the input, waits, and returns ffmpeg's last line of complaint when it failed: when
    /// it exits with a status, or says anything at all (at `-loglevel error`, with `-xerror`, all
    /// it says is an error: a disk that filled among them).
    private func finishWithError() -> String? {
        try? input.fileHandleForWriting.close()
        let said = String(decoding: errors.wait(), as: UTF8.self).split(separator: "\n").last.map(String.init)
        process.waitUntilExit()
        guard process.terminationStatus != 0 || said != nil else { return nil }
        return said.map { String($0.prefix(300)) } ?? "exit status \(process.terminationStatus)"
    }

    /// The first executable called `name` in PATH.
    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// What ffmpeg writes to its standard error, read on a thread of its own as it comes, so that
/// ffmpeg never waits on a full pipe while Sidewalk waits on ffmpeg.
private final class ErrorOutput: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    /// The first 64 KiB ffmpeg said; the rest is read and dropped.
    private var said = Data()

    func collect() {
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while case let chunk = reader.availableData, !chunk.isEmpty {
                lock.withLock { if said.count < 1 << 16 { said.append(chunk.prefix((1 << 16) - said.count)) } }
            }
            done.signal()
        }
    }

    /// Everything said, once ffmpeg has closed its standard error.
    func wait() -> Data {
        done.wait()
        return lock.withLock { said }
    }
}
