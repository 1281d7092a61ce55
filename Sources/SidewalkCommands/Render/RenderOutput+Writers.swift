import CastRender
import Foundation
import PanoCore
import PanoImage
import SystemIO

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
        var playback = CastPlayback(cast, cell: sourceCell)
        playback.play(through: count)
        try writePNG(path, paint(playback))
        return "wrote \(path): \(width)×\(height) pixels, the screen after \(count) of \(cast.events.count) events"
    }

    func writeGIF(to path: String) throws(CommandError) -> String {
        do { try OutputFile.checkReplaceable(path) } catch { throw .file(error) }
        var animation = GIFAnimation(width: width, height: height)
        let length = try eachFrame { image, time, _ throws(CommandError) in animation.add(image, at: time) }
        let pieces = animation.finish(at: length + Self.hold)
        do { try OutputFile.replaceWhole(path, withPieces: pieces) } catch { throw .file(error) }
        let bytes = pieces.reduce(0) { $0 + $1.count }
        return "wrote \(path): \(animation.frames) frames, \(width)×\(height) pixels, \(Self.seconds(length)), \(Self.megabytes(bytes))"
    }

    /// A video through ffmpeg, written into a file of ours made beside `path` (so ffmpeg never
    /// opens anything else) and moved over it when whole.
    func writeVideo(to path: String, container: String) throws(CommandError) -> String {
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
        let length = try eachFrame { image, _, _ throws(CommandError) in
            try Self.send(image, to: video)
            (frames, last) = (frames + 1, image)
        }
        for _ in 0..<Int((Self.hold * settings.fps).rounded()) { try Self.send(last, to: video) }
        do { try video.finish() } catch { throw .video(error) }
        let size = (try? FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
        do { try OutputFile.moveTemporary(temporary, over: path) } catch { throw .file(error) }
        return
            "wrote \(path): \(frames) frames at \(settings.fps) a second, \(width)×\(height) pixels, \(Self.seconds(length)), \(Self.megabytes(size))"
    }

    /// Every frame as a PNG in `folder`, which must be new or empty.
    func writeFolder(_ folder: String) throws(CommandError) -> String {
        let path = String(folder.dropLast())
        do {
            try OutputFile.makeFolder(path)
        } catch { throw .file(error) }
        guard (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false else {
            throw .file(.notWritable(path: path, reason: "the folder is not empty, and frames are written only into a new or empty one"))
        }
        var frames = 0
        let length = try eachFrame { image, _, index throws(CommandError) in
            try writePNG("\(path)/frame-\(String(format: "%06d", index + 1)).png", image)
            frames += 1
        }
        return "wrote \(frames) frames into \(folder), \(width)×\(height) pixels, \(Self.seconds(length))"
    }

    private static func send(_ image: RGBImage, to video: FFmpegVideo) throws(CommandError) {
        do { try video.write(image) } catch { throw .video(error) }
    }

    private func writePNG(_ path: String, _ image: RGBImage) throws(CommandError) {
        do { try writeWhole(path, try PNGEncoder.encode(image, name: path)) } catch let error as CommandError { throw error } catch {
            throw .image(error as! ImageError)
        }
    }

    private func writeWhole(_ path: String, _ bytes: [UInt8]) throws(CommandError) {
        do { try OutputFile.replaceWhole(path, with: bytes) } catch { throw .file(error) }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
}
