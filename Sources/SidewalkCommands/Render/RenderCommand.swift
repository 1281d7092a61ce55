import CastRender
import FoundationEssentials
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk render FILE.cast --output OUT.gif|OUT.mp4|OUT.webm|OUT.png|DIR/`: a recording
/// replayed through the terminal model and drawn as a terminal draws it (docs/recording.md).
struct RenderCommand: SidewalkCommand {
    static let purpose = "draw an asciicast recording as a GIF, a video, a still PNG or a folder of frames"
    static let synopsis = [
        "sidewalk render FILE.cast --output OUT.gif|OUT.mp4|OUT.webm|OUT.png|DIR/ [--at SECONDS | --marker NAME] [options]"
    ]

    static var spec: CommandSpec<RenderCommand> {
        CommandSpec(
            name: "render", purpose: purpose, synopsis: synopsis,
            about: """
                  FILE.cast is an asciicast v2 recording (sidewalk --record, asciinema rec). It is played through
                  Sidewalk's terminal model and each frame drawn as a terminal draws it: block symbols (halves,
                  quadrants, sextants, octants, eighths, shades) and braille as shapes, so every symbol set is right;
                  text from DejaVu Sans Mono (fonts-dejavu-core) through FreeType, or the bundled 5×7 font when it
                  is missing; colours as sent; sixel, kitty and iTerm2 pictures where they were placed.

                  The output's kind follows its name:
                    .gif   an animation that loops, each frame the part that changed, in a palette of its own
                    .mp4   H.264 video, .webm VP9 video, both made by ffmpeg (apt install ffmpeg)
                    .png   one frame: the end, --at SECONDS into the recording, or --marker NAME
                    DIR/   every frame as DIR/frame-000001.png…, in a new or empty folder
                """,
            options: [
                .text("--output", "PATH", aliases: ["-o"], help: "what to write (required)") { $0.output = $1 },
                .number("--at", "SECONDS", in: 0...1e7, help: "for .png: the screen this many seconds into the recording, as written in it")
                {
                    $0.at = $1
                },
                .text("--marker", "NAME", help: "for .png: the screen once it settles after this marker (an arrival's place)") {
                    $0.marker = $1
                },
                .number("--fps", "N", in: 1...60, help: "frames a second (a GIF at most 50) (default 10 for GIF and frames, 30 for video)")
                {
                    $0.fps = $1
                },
                .size(
                    "--size", in: 16...8192,
                    help:
                        "the largest picture, pixels: each cell gets its share, at least 2×4 (default: the recording's cells, else 10×20 a cell)"
                ) {
                    $0.size = $1
                },
                .number("--speed", "X", in: 0.1...100, default: 1, help: "play this many times faster") { $0.speed = $1 },
                .number(
                    "--idle-limit", "SECONDS", in: 0.01...3600,
                    help: "shorten longer pauses to this (default: the recording's idle_time_limit)"
                ) {
                    $0.idleLimit = $1
                },
                .text("--font", "PATH", help: "a TrueType or OpenType monospace font for the text (default DejaVu Sans Mono)") {
                    $0.font = $1
                }
            ], epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.cast == nil else { throw UsageError(description: "render takes one recording") }
            command.cast = argument
        }
    }

    var cast: String?
    var output: String?
    var at: Double?
    var marker: String?
    var fps: Double?
    var size: (width: Int, height: Int)?
    var speed = 1.0
    var idleLimit: Double?
    var font: String?

    func validate() throws(UsageError) {
        guard cast != nil else { throw UsageError(description: "render needs a recording FILE.cast; see sidewalk render --help") }
        guard let output else { throw UsageError(description: "render needs --output OUT.gif|OUT.mp4|OUT.webm|OUT.png|DIR/") }
        guard let kind = RenderOutput.Kind(path: output) else {
            throw UsageError(description: "--output must end in .gif, .mp4, .webm or .png, or be a folder ending in /")
        }
        if at != nil && marker != nil { throw UsageError(description: "--at and --marker each choose the still: give one") }
        if (at != nil || marker != nil) && kind != .png {
            throw UsageError(description: "--at and --marker choose a still, for a .png --output")
        }
        if kind == .gif, let fps, fps > 50 {
            throw UsageError(description: "--fps for a GIF is at most 50 (browsers show faster frames slower)")
        }
    }

    /// The recording at `path`, read a line at a time without its output, which the render
    /// reads again as it plays (`CastEvents`).
    private static func read(_ path: String) throws(CommandError) -> Cast {
        let file: LineFile
        do { file = try LineFile(path, limit: Cast.maximumLine) } catch { throw .file(error) }
        if let size = Directory.size(of: path), size > RenderOutput.castLimit {
            throw .file(.tooLarge(path: path, bytes: size, limit: RenderOutput.castLimit))
        }
        do { return try Cast(streaming: file) } catch { throw .cast(path: path, error) }
    }

    func run() throws(CommandError) -> Int32 {
        guard let cast, let output, let kind = RenderOutput.Kind(path: output) else { return ExitStatus.usage }
        let recording = try Self.read(cast)
        let progress: ((String) -> Void)? = isatty(STDERR_FILENO) == 1 ? { writeStandardError($0) } : nil
        let videoKind = kind == .mp4 || kind == .webm
        let settings = RenderOutput.Settings(
            fps: fps ?? (videoKind ? 30 : 10), size: size, speed: speed, idleLimit: idleLimit ?? recording.idleLimit,
            font: font ?? RenderOutput.installedFont(), progress: progress)
        let renderer = RenderOutput(recording, settings: settings, name: cast)
        guard renderer.width * renderer.height <= RenderOutput.maximumPixels else {
            throw .usage(
                UsageError(
                    description:
                        "\(cast): \(renderer.size.columns)×\(renderer.size.rows) cells would be \(renderer.width)×\(renderer.height) pixels, "
                        + "more than 16 megapixels; give a smaller --size"))
        }
        // A font asked for that cannot be used is an error; the usual one missing is a note.
        if font != nil, let problem = renderer.painter.fontProblem { throw .usage(UsageError(description: "--font \(problem)")) }
        if renderer.painter.usesBitmapFont {
            writeStandardError(
                "sidewalk: no font at \(font ?? "the usual places of fonts-dejavu-core"); text is drawn in the bundled 5×7 font\n")
        }
        let started = FileDescriptorIO.monotonicSeconds()
        let summary = try renderer.write(kind, to: output, at: at, marker: marker)
        print(summary + String(cFormat: " in %.1f s", FileDescriptorIO.monotonicSeconds() - started))
        return ExitStatus.success
    }
}
