import Dispatch
import PanoCore
import Synchronization
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

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

    private let process: ChildProcess
    private let errors: ErrorOutput
    let width: Int
    let height: Int

    /// Starts ffmpeg writing `path` as `container` ("mp4" or "webm") from `width`×`height` frames at
    /// `fps`; odd sides are padded to even ones with black, as H.264's 4:2:0 needs.
    package init(path: String, container: String, width: Int, height: Int, fps: Double) throws(Failure) {
        guard let ffmpeg = ChildProcess.findOnPath("ffmpeg") else { throw .notInstalled }
        (self.width, self.height) = (width, height)
        let codec =
            container == "mp4"
            ? ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart"]
            : ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1"]
        let arguments =
            [
                ffmpeg, "-hide_banner", "-loglevel", "error", "-xerror", "-y", "-f", "rawvideo", "-pixel_format", "rgb24",
                "-video_size", "\(width)x\(height)",
                "-framerate", "\(fps)", "-i", "pipe:0", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"
            ] + codec + ["-f", container, path]
        // A frame written after ffmpeg has gone must be an error to report, not the signal that
        // ends this process without a word (and leaves the temporary file behind).
        signal(SIGPIPE, SIG_IGN)
        do { process = try ChildProcess(arguments, input: .pipe, output: .null, errors: .pipe) } catch {
            throw .failed(error.description)
        }
        errors = ErrorOutput(reading: process.takeErrors())
    }

    /// Sends one frame (the size given at the start).
    package func write(_ image: RGBImage) throws(Failure) {
        if case .failed = FileDescriptorIO.writeAll(process.input, image.pixels) {
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
        process.closeInput()
        let said = String(decoding: errors.wait(), as: UTF8.self).split(separator: "\n").last.map(String.init)
        let status = process.wait()
        guard status != 0 || said != nil else { return nil }
        return said.map { String($0.prefix(300)) } ?? "exit status \(status)"
    }
}

/// What ffmpeg writes to its standard error, read on a thread of its own as it comes, so that
/// ffmpeg never waits on a full pipe while Sidewalk waits on ffmpeg.
private final class ErrorOutput: Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// The first 64 KiB ffmpeg said; the rest is read and dropped.
    private let said = Mutex<[UInt8]>([])

    /// Reads `descriptor` on a thread of its own, and closes it at its end.
    init(reading descriptor: Int32) {
        BlockingThread.start(name: "sidewalk-ffmpeg") { [self] in
            let bytes = ChildProcess.readAll(descriptor, limit: 1 << 16)
            SystemCall.close(descriptor)
            said.withLock { $0 = bytes }
            done.signal()
        }
    }

    /// Everything said, once ffmpeg has closed its standard error.
    func wait() -> [UInt8] {
        done.wait()
        return said.withLock { $0 }
    }
}
