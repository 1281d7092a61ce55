import PanoCore
import PanoImage
import TUI

/// `sidewalk snapshot IMAGE|DATASET [--pano ID | --at LAT,LNG ...] [camera flags] --size WxH
/// --output OUT.png`: one view as a PNG.
struct SnapshotCommand {
    static let help = """
    sidewalk snapshot: write one view of a panorama as a PNG

    USAGE:
      sidewalk snapshot IMAGE|DATASET [options] --output OUT.png

    OPTIONS:
    \(PanoramaSelection.help)
    \(CameraFlags.help)
      --size WxH      output size in pixels, each side 1...8192 (default 640x360)
      --output PATH   the PNG to write (required)
      -h, --help      show this help
    """

    /// Largest side of a snapshot, pixels.
    static let sideRange = 1...8192

    var imagePath: String?
    var selection = PanoramaSelection()
    var cameraFlags = CameraFlags()
    var width = 640
    var height = 360
    var outputPath: String?
    var showHelp = false

    static func parse(_ arguments: [String]) throws(UsageError) -> SnapshotCommand {
        var command = SnapshotCommand()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            if try command.cameraFlags.apply(argument, from: &reader) { continue }
            if try command.selection.apply(argument, from: &reader) { continue }
            switch argument {
            case "-h", "--help": command.showHelp = true
            case "--size": (command.width, command.height) = try reader.size(for: argument, in: sideRange)
            case "--output", "-o": command.outputPath = try reader.value(for: argument)
            default:
                if argument.hasPrefix("-") && argument.count > 1 { throw ArgumentReader.unknownOption(argument, command: "snapshot ") }
                if let imagePath = command.imagePath {
                    throw UsageError(description: "more than one image given ('\(imagePath)' and '\(argument)')")
                }
                command.imagePath = argument
            }
        }
        try command.selection.validate()
        guard command.showHelp || command.imagePath != nil else { throw UsageError(description: "snapshot needs an IMAGE or DATASET") }
        guard command.showHelp || command.outputPath != nil else { throw UsageError(description: "snapshot needs --output PATH") }
        if let output = command.outputPath, !command.showHelp, !output.lowercased().hasSuffix(".png") {
            throw UsageError(description: "--output must name a .png file, not '\(output)'")
        }
        return command
    }

    /// Renders and writes the snapshot.
    func run() throws(CommandError) -> Int32 {
        if showHelp {
            print(Self.help)
            return ExitStatus.success
        }
        guard let imagePath, let outputPath else { return ExitStatus.usage }
        // The view spans camera.effectiveFOV across its wider side: decode no finer than that.
        let needed = PanoramaLoader.neededWidth(viewWidth: max(width, height), narrowestFOV: cameraFlags.camera.effectiveFOV)
        let opened = try selection.open(imagePath, minimumWidth: needed)
        let panorama = opened.panorama
        let camera = cameraFlags.startingCamera(initialView: opened.initialView)
        var view = RGBImage(width: width, height: height)
        var reprojector = Reprojector()
        reprojector.render(panorama, camera: camera, into: &view, runner: DispatchRunner())
        do { try PNGEncoder.write(view, to: outputPath) } catch { throw .image(error) }
        return ExitStatus.success
    }
}
