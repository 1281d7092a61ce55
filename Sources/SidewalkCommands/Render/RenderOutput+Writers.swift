import CastRender
import FoundationEssentials
import PanoCore
import PanoImage
import SystemIO
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// The four ways a render is written.
extension RenderOutput {
    /// One frame as a PNG: the end, `at` seconds into the recording, or settled after `marker`.
    func writeStill(to path: String, at: Double?, marker: String?) throws(CommandError) -> String {
        var count = cast.events.count
        if let at { count = RenderTimeline.eventsWritten(by: at, in: cast) }
        if let marker {
            guard let settled = RenderTimeline.eventsSettled(afterMarker: marker, in: cast) else {
                throw .noSuchMarker(name: marker, path: name, known: cast.markers.map(\.label))
            }
            count = settled
        }
        var playback = try makePlayback()
        try play(&playback, through: count)
        try writePNG(path, paint(playback))
        return "wrote \(safePath(path)): \(width)×\(height) pixels, the screen after \(count) of \(cast.events.count) events"
    }

    /// A GIF written as its frames are made, into a file of ours beside `path` moved over it when
    /// whole: never more than a frame of it in memory, and at most `maximumBytes` of it on disk.
    func writeGIF(to path: String, frames total: Int) throws(CommandError) -> String {
        let file: StagedFile
        do { file = try StagedFile(replacing: path, limit: Self.maximumBytes) } catch { throw .file(error) }
        var animation = GIFAnimation(width: width, height: height)
        let length = try eachFrame(total) { image, time, _ throws(CommandError) in
            animation.add(image, at: time)
            try write(animation.takeReady(), to: file)
        }
        try write(animation.finish(at: length + Self.hold), to: file)
        do { try file.commit() } catch { throw .file(error) }
        return
            "wrote \(safePath(path)): \(animation.frames) frames, \(width)×\(height) pixels, \(Self.seconds(length)), \(Self.megabytes(file.written))"
    }

    private func write(_ pieces: [[UInt8]], to file: StagedFile) throws(CommandError) {
        do {
            for piece in pieces { try file.write(piece) }
        } catch .tooLarge { throw .render("\(safePath(file.path)): \(Self.tooLarge)") } catch {
            throw .file(error)
        }
    }

    /// What a render that would write more than `maximumBytes` says.
    static var tooLarge: String {
        "the render would be more than \(maximumBytes >> 20) MiB, the most it writes; give a smaller --size or a lower --fps, "
            + "or render a part with --idle-limit or --speed"
    }

    /// A video through ffmpeg, written into a file of ours made beside `path` (so ffmpeg never
    /// opens anything else) and moved over it only when ffmpeg says it finished without an error.
    func writeVideo(to path: String, container: String, frames total: Int) throws(CommandError) -> String {
        let temporary: String
        do {
            let made = try OutputFile.makeTemporary(beside: path)
            close(made.descriptor)
            temporary = made.path
        } catch { throw .file(error) }
        defer { unlink(temporary) }
        let video: FFmpegVideo
        do { video = try FFmpegVideo(path: temporary, container: container, width: width, height: height, fps: settings.fps) } catch {
            throw .video(error)
        }
        var (frames, last) = (0, RGBImage(width: 0, height: 0))
        let length = try eachFrame(total) { image, _, _ throws(CommandError) in
            try Self.send(image, to: video)
            (frames, last) = (frames + 1, image)
        }
        for _ in 0..<Int((Self.hold * settings.fps).rounded()) { try Self.send(last, to: video) }
        do { try video.finish() } catch { throw .video(error) }
        let size = Directory.size(of: temporary) ?? 0
        do { try OutputFile.moveTemporary(temporary, over: path) } catch { throw .file(error) }
        return
            "wrote \(safePath(path)): \(frames) frames at \(settings.fps) a second, \(width)×\(height) pixels, \(Self.seconds(length)), \(Self.megabytes(size))"
    }

    /// Every frame as a PNG in `folder`, which must be new or empty; when a frame cannot be
    /// written (a full disk, `maximumBytes` reached), the frames written are removed, and the
    /// folder too when the render made it.
    func writeFolder(_ folder: String, frames total: Int) throws(CommandError) -> String {
        let path = String(folder.dropLast())
        let found = FileKind.of(path)
        let existed = found == .directory
        if let kind = found, kind != .directory {
            throw .file(.notWritable(path: path, reason: "it is \(kind.phrase), not a folder; frames go into a new or empty folder"))
        }
        do {
            try OutputFile.makeFolder(path)
        } catch { throw .file(error) }
        guard (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false else {
            throw .file(.notWritable(path: path, reason: "the folder is not empty, and frames are written only into a new or empty one"))
        }
        var (written, bytes) = ([String](), 0)
        do {
            let length = try eachFrame(total) { image, _, index throws(CommandError) in
                let name = "\(path)/frame-\(String(cFormat: "%06d", index + 1)).png"
                let png = try encodePNG(image, name: name)
                guard bytes + png.count <= Self.maximumBytes else { throw .render("\(safePath(folder)): \(Self.tooLarge)") }
                written.append(name)
                try writeWhole(name, png)
                bytes += png.count
            }
            return "wrote \(written.count) frames into \(safePath(folder)), \(width)×\(height) pixels, \(Self.seconds(length))"
        } catch {
            for name in written { Directory.remove(name) }
            if !existed { Directory.remove(path) }
            throw error
        }
    }

    private static func send(_ image: RGBImage, to video: FFmpegVideo) throws(CommandError) {
        do { try video.write(image) } catch { throw .video(error) }
    }

    private func writePNG(_ path: String, _ image: RGBImage) throws(CommandError) {
        try writeWhole(path, try encodePNG(image, name: path))
    }

    private func encodePNG(_ image: RGBImage, name: String) throws(CommandError) -> [UInt8] {
        do { return try PNGEncoder.encode(image, name: name) } catch { throw .image(error) }
    }

    /// `path` as it may be printed: its control characters shown, not sent.
    func safePath(_ path: String) -> String { TextSanitizer.sanitize(path, showingInvisible: true) }

    private func writeWhole(_ path: String, _ bytes: [UInt8]) throws(CommandError) {
        do { try OutputFile.replaceWhole(path, with: bytes) } catch { throw .file(error) }
    }

    static func seconds(_ value: Double) -> String { String(cFormat: "%.1f s", value) }
}
