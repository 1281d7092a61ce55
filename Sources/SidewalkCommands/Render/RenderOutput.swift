import CastRender
import FoundationEssentials
import PanoCore
import PanoImage
import SystemIO

/// What `sidewalk render` writes, frame by frame: the playback painted at the output's cell
/// size, made into a GIF, a video, a still or a folder of frames.
struct RenderOutput {
    /// The kinds of output, by the name given.
    enum Kind: Equatable {
        case gif, mp4, webm, png, folder

        init?(path: String) {
            let lower = path.lowercased()
            if path.hasSuffix("/") {
                self = .folder
            } else if let found = [(".gif", Kind.gif), (".mp4", .mp4), (".webm", .webm), (".png", .png)].first(where: {
                lower.hasSuffix($0.0)
            }) {
                self = found.1
            } else {
                return nil
            }
        }
    }

    struct Settings {
        var fps: Double
        var size: (width: Int, height: Int)?
        var speed: Double
        var idleLimit: Double?
        var font: String?
        /// Where progress goes (a terminal's standard error), or nil.
        var progress: ((String) -> Void)?
    }

    /// The largest recording read, bytes. A render reads it twice, a line at a time, and holds
    /// its events' times and kinds but not their output (`Cast(streaming:)`), the pictures shown
    /// and its frames.
    static let castLimit = 256 << 20
    /// The largest picture drawn, pixels (4096×4096): a frame and the one before it, 100 MB.
    static let maximumPixels = 1 << 24
    /// The last frame shows this long at the end of an animation, seconds.
    static let hold = 1.0
    /// The most frames an animation, a video or a folder has: 100,000, an hour of video at 30 a
    /// second or nearly three of a GIF at 10. A recording that would play longer is refused
    /// before anything is written.
    static let maximumFrames = 100_000
    /// The most bytes a GIF or a folder of frames takes (1 GiB); past it the render stops, says
    /// so and removes what it wrote.
    static let maximumBytes = 1 << 30
    /// Where Debian, Fedora and Arch put DejaVu Sans Mono.
    static let fontPlaces = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "/usr/share/fonts/dejavu-sans-mono-fonts/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf"
    ]

    let cast: Cast
    /// The picture's size in cells: the largest the recording's terminal was.
    let size: (columns: Int, rows: Int)
    let settings: Settings
    let name: String
    let painter: ScreenPainter
    let timeline: RenderTimeline
    /// The recording terminal's cell, which sizes pictures sent in pixels.
    let sourceCell: (width: Int, height: Int)

    /// The installed DejaVu Sans Mono, or nil.
    static func installedFont() -> String? { fontPlaces.first { FileKind.of($0) == .regular } }

    init(_ cast: Cast, settings: Settings, name: String) {
        (self.cast, self.settings, self.name) = (cast, settings, name)
        size = cast.largestSize
        sourceCell = cast.cellPixels ?? (10, 20)
        var cell = sourceCell
        if let pixels = settings.size {
            cell = (max(2, pixels.width / size.columns), max(4, pixels.height / size.rows))
        }
        painter = ScreenPainter(cell: cell, fontPath: settings.font)
        timeline = RenderTimeline(cast, speed: settings.speed, idleLimit: settings.idleLimit)
    }

    /// The picture's size in pixels: the largest the recording's terminal was, in cells. A
    /// smaller screen is drawn at its top left, the rest black, as a terminal window would leave it.
    var width: Int { size.columns * painter.cell.width }
    var height: Int { size.rows * painter.cell.height }

    /// Writes `kind` to `path`; the line to print when done.
    func write(_ kind: Kind, to path: String, at: Double?, marker: String?) throws(CommandError) -> String {
        if kind == .png { return try writeStill(to: path, at: at, marker: marker) }
        let frames = try frameCount()
        switch kind {
        case .gif: return try writeGIF(to: path, frames: frames)
        case .mp4, .webm: return try writeVideo(to: path, container: kind == .mp4 ? "mp4" : "webm", frames: frames)
        default: return try writeFolder(path, frames: frames)
        }
    }

    /// Frames at `fps` of the played recording, the first at 0 s and the last at its end; throws
    /// when that is more than `maximumFrames` (counted in `Double`, so a recording of any length
    /// is refused, not converted).
    func frameCount() throws(CommandError) -> Int {
        let frames = ((timeline.duration - start) * settings.fps).rounded(.up) + 1
        guard frames <= Double(Self.maximumFrames) else {
            throw .render(
                "\(safeName) plays for \(Self.seconds(timeline.duration)): at \(settings.fps.plainText) frames a second that is more than "
                    + "the \(Self.maximumFrames) frames a render makes; shorten its pauses with --idle-limit, play it faster with --speed "
                    + "or give a lower --fps")
        }
        return Int(frames)
    }

    /// When the frames start in the played recording: at its first output that shows anything.
    var start: Double { timeline.firstShown(in: cast) }

    /// The first `total` frames at `fps` of the played recording from `start`, to `take` (its
    /// picture and its time from `start`), then the played length.
    func eachFrame(_ total: Int, _ take: (RGBImage, Double, Int) throws(CommandError) -> Void) throws(CommandError) -> Double {
        var playback = try makePlayback()
        var image = RGBImage(width: 0, height: 0)
        let start = start
        for index in 0..<total {
            let time = Double(index) / settings.fps
            try play(&playback, through: timeline.eventsPlayed(by: start + time))
            if playback.takeChanged() { image = paint(playback) }
            try take(image, time, index)
            if index % 10 == 0 || index == total - 1 { settings.progress?("\rrendering \(safeName): frame \(index + 1) of \(total)") }
        }
        settings.progress?("\n")
        return Double(total) / settings.fps
    }

    /// The recording played from the start: its output read again from its file, a line at a time,
    /// when it was read without it (`Cast(streaming:)`).
    func makePlayback() throws(CommandError) -> CastPlayback {
        guard !cast.outputKept else { return CastPlayback(cast, cell: sourceCell) }
        do { return CastPlayback(cast, cell: sourceCell, source: try CastEvents(name, cast: cast)) } catch { throw .file(error) }
    }

    /// Plays `playback` through the `count`th event; throws when its file changed under it.
    func play(_ playback: inout CastPlayback, through count: Int) throws(CommandError) {
        playback.play(through: count)
        if let failure = playback.failure { throw .cast(path: name, failure) }
    }

    func paint(_ playback: CastPlayback) -> RGBImage {
        painter.paint(playback.screen, pictures: playback.pictures, columns: size.columns, rows: size.rows)
    }

    /// The recording's name as it may be printed.
    var safeName: String { safePath(name) }

    static func megabytes(_ bytes: Int) -> String { String(cFormat: "%.2f MB", Double(bytes) / 1_000_000) }
}
