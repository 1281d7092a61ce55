import Datasets
import Explorer
import ExplorerView
import FoundationEssentials
import PanoCore
import PanoImage
import ParallelDispatch
import StreetModel
import SystemIO
import TermRender
import TextSafety

#if canImport(Glibc)
import Glibc
#endif

/// `sidewalk snapshot [IMAGE|DATASET] [--pano ID | --at LAT,LNG ...] [camera flags] --size WxH
/// --output FILE`: one view as a PNG, as ANSI art or as the words a screen reader would say,
/// like MKLookAroundSnapshotter. Results are cached on disk (`SnapshotCache`).
struct SnapshotCommand: SidewalkCommand {
    static let purpose = "write one view of a panorama as a picture, ANSI art or a description"
    static let synopsis = [
        "sidewalk snapshot [IMAGE|DATASET] [--pano ID | --at LAT,LNG | --find TEXT] [options] --output OUT.png|OUT.ans|OUT.txt"
    ]

    static var spec: CommandSpec<SnapshotCommand> {
        CommandSpec(
            name: "snapshot", purpose: purpose, synopsis: synopsis,
            about: """
                  The kind of output follows the extension of --output:
                    .png   W×H pixels
                    .ans   W×H cells of half-block art with colour codes (see it with cat)
                    .txt   what a screen reader would say of the view
                """,
            options: PanoramaSelection.options.map { $0.lifted(into: \.selection) }
                + [DatasetOpener.deadlineOption(default: Self.deadline).lifted(into: \.selection.opener)]
                + CameraFlags.options.map { $0.lifted(into: \.cameraFlags) } + [
                    .size(
                        "--size", in: sideRange,
                        help: "pixels (.png) or cells (.ans), each side 1...8192, at most 4096×2048 pixels or "
                            + "1,000,000 cells (default 640x360, or 80x24 for .ans)"
                    ) { $0.size = $1 },
                    .text("--output", "PATH", aliases: ["-o"], help: "the file to write (required)") { $0.outputPath = $1 },
                    .choice(
                        "--color", "MODE", ColorMode.allCases.map(\.rawValue), aliases: ["--colour"], default: ColorMode.truecolor.rawValue,
                        help: "colours for .ans"
                    ) { $0.colorMode = ColorMode(flag: $1)! },
                    SymbolSet.option { $0.symbols = $1 },
                    .choice(
                        "--dither", "D", ["auto", "none"],
                        glosses: [
                            "auto": ".ans in 256 and 16 colours dithered, so its colours stay the scene's",
                            "none": "nearest palette colours only"
                        ], default: "auto", help: "dithering of palette colours"
                    ) { $0.dithered = $1 == "auto" },
                    .flag("--overlays", help: "draw the ways on, the markers and the compass (.ans: the explorer's whole screen)") {
                        $0.overlays = true
                    },
                    .flag("--map", help: "the map around the panorama instead of the view (.png or .ans; as the explorer's M shows it)") {
                        $0.map = true
                    },
                    .flag("--no-cache", help: "make it afresh, neither reading nor writing the cache") { $0.useCache = false }
                ], epilogue: "Snapshots are cached in $XDG_CACHE_HOME/sidewalk/snapshots (default ~/.cache/sidewalk/snapshots)."
        ) {
            command, argument throws(UsageError) in
            command.imagePath = try ExploreOptions.imageOperand(argument, after: command.imagePath)
        }
    }

    /// What the output file holds, from its extension.
    enum Kind: String {
        case png, ans, txt
    }

    /// Largest side of a snapshot, pixels or cells.
    static let sideRange = 1...8192
    /// Largest area of each kind: 4096×2048 pixels for a PNG, a million cells (2000×500, say)
    /// for ANSI art; either keeps a snapshot within the memory budget of docs/reliability.md.
    static let maxArea: [Kind: Int] = [.png: 4096 * 2048, .ans: 1_000_000]

    /// The image or dataset named; nil shows the bundled demo town, as the explorer does.
    var imagePath: String?
    /// Seconds a snapshot may spend fetching by default (`--deadline`).
    static let deadline = 120.0
    /// Cell rows of ANSI art drawn at a time, so a large one holds a band's tables
    /// (docs/reliability.md: 2000×500 cells went over the 256 MB budget whole).
    static let bandRows = 64
    var selection = PanoramaSelection(opener: DatasetOpener(deadlineSeconds: deadline))
    var cameraFlags = CameraFlags()
    var size: (width: Int, height: Int)?
    var outputPath: String?
    var kind = Kind.png
    var colorMode = ColorMode.truecolor
    /// --dither: a .ans in 256 or 16 colours is dithered (`CellDither`).
    var dithered = true
    var symbols = SymbolSet.half
    var overlays = false
    /// --map: the map instead of the view.
    var map = false
    var useCache = true

    mutating func validate() throws(UsageError) {
        try selection.validate()
        guard let output = outputPath else { throw UsageError(description: "snapshot needs --output PATH") }
        let suffix = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard output.contains("."), let kind = Kind(rawValue: suffix) else {
            throw UsageError(description: "--output must end in .png, .ans or .txt, not '\(output)'")
        }
        self.kind = kind
        if map, kind == .txt {
            throw UsageError(description: "--map draws a picture: --output must end in .png or .ans (a .txt is --describe's words)")
        }
        if let (width, height) = size, let most = Self.maxArea[kind], width * height > most {
            throw UsageError(
                description: "--size \(width)x\(height) is more than the \(most) \(kind == .png ? "pixels" : "cells") "
                    + "a .\(kind.rawValue) snapshot may have (memory budget, docs/reliability.md)")
        }
    }

    /// The size asked for, or the kind's default.
    var outputSize: (width: Int, height: Int) {
        size ?? (kind == .ans ? (80, 24) : (640, 360))
    }

    /// Renders (or takes from the cache) and writes the snapshot.
    func run() throws(CommandError) -> Int32 {
        guard let outputPath else { return ExitStatus.usage }
        guard let imagePath = imagePath ?? AssetLocator.defaultPath() else { throw .assetsNotFound }
        // Refused before any work: a snapshot replaces only a regular file.
        do { try OutputFile.checkReplaceable(outputPath) } catch { throw .file(error) }
        let chosen = try selection.chooseInDataset(imagePath)
        // Only local files can be checked for change: a dataset on the web or a service's, or
        // tiles (too many files to stat), are rendered each time.
        let cacheable = chosen.map { $0.0.remote == nil && $0.0.source == nil && $0.1.tiles == nil } ?? true
        let cache =
            useCache && cacheable
            ? SnapshotCache.directory(environment: ProcessInfo.processInfo.environment).map { SnapshotCache(directory: $0) } : nil
        let key = cacheKey(imagePath: imagePath, chosen: chosen)
        let output: [UInt8]
        var tilesMissing = 0
        if let cached = cache?.load(key: key) {
            output = cached
        } else {
            (output, tilesMissing) = try render(imagePath, chosen: chosen)
            cache?.store(output, key: key)
        }
        do { try OutputFile.replaceWhole(outputPath, with: output) } catch { throw .file(error) }
        guard tilesMissing == 0 else {
            // The picture is written (coarser where tiles are missing), and the status says it is not whole.
            writeStandardError(
                TextSanitizer.sanitize(
                    "sidewalk: \(outputPath): written incomplete, \(tilesMissing) tile\(tilesMissing == 1 ? "" : "s") not loaded") + "\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// The snapshot's bytes, and how many tiles of a tiled panorama could not be loaded (drawn
    /// from a coarser level instead).
    private func render(_ imagePath: String, chosen dataset: (Dataset, Panorama)?) throws(CommandError) -> (
        bytes: [UInt8], tilesMissing: Int
    ) {
        let (width, height) = outputSize
        // The view spans camera.effectiveFOV across its wider side: decode no finer than that.
        let needed = PanoramaLoader.neededWidth(
            viewWidth: max(width, kind == .ans ? height * 2 : height),
            narrowestFOV: cameraFlags.camera.effectiveFOV)
        if map {
            guard let (dataset, chosen) = dataset else {
                throw .usage(UsageError(description: "--map needs a DATASET: a single image has no place"))
            }
            let layers = try selection.mapLayers(
                datasetPath: imagePath, configured: try ConfigFile.load(environment: ProcessInfo.processInfo.environment).basemap,
                waits: true)
            let basemap = PanoramaSelection.withShardCoverage(layers, of: dataset)
            let camera = cameraFlags.startingCamera(initialView: chosen.initialView)
            return (mapSnapshot(dataset.service, at: chosen, camera: camera, basemap: basemap), 0)
        }
        if kind == .txt, let (dataset, chosen) = dataset {
            // Words only: no image needs decoding.
            let state = ExplorerState(
                camera: cameraFlags.startingCamera(initialView: chosen.initialView), panorama: chosen, service: dataset.service)
            return (Array((Narrator.describe(state) + "\n").utf8), 0)
        }
        var opened = try selection.open(imagePath, chosen: dataset, minimumWidth: needed)
        let camera = cameraFlags.startingCamera(initialView: opened.initialView)
        var tilesMissing = 0
        if let (dataset, chosen) = opened.dataset, chosen.tiles != nil {
            let (across, down) = kind == .ans ? ViewPicture.pixelsPerCell(symbols) : (1, 1)
            let scale = kind == .ans ? ViewPicture.supersampling : 1
            let detailed = dataset.detailed(
                opened.panorama, of: chosen, camera: camera, width: width * across * scale,
                height: height * down * scale)
            opened.panorama = detailed.panorama
            tilesMissing = detailed.failures.count
            for (key, error) in detailed.failures.prefix(3) {
                writeStandardError(TextSanitizer.sanitize("sidewalk: tile \(key) not loaded, shown from a coarser level: \(error)") + "\n")
            }
        }
        let state = opened.dataset.map { ExplorerState(camera: camera, panorama: $1, service: $0.service) } ?? ExplorerState(camera: camera)
        return (try encode(opened, state: state, camera: camera), tilesMissing)
    }

    /// The bytes of the snapshot's file, of the kind its name says.
    private func encode(_ opened: PanoramaSelection.Opened, state: ExplorerState, camera: PanoramaCamera) throws(CommandError) -> [UInt8] {
        let (width, height) = outputSize
        switch kind {
        case .txt:
            return Array((Narrator.describe(state) + "\n").utf8)
        case .png:
            var view = Reprojector.renderInBands(opened.panorama, camera: camera, width: width, height: height, runner: DispatchRunner())
            if overlays { SnapshotOverlays.paint(state, into: &view) }
            do { return PNGEncoder.adding(texts: Self.credit(opened.dataset), to: try PNGEncoder.encode(view, name: "snapshot")) } catch {
                throw .image(error)
            }
        case .ans:
            var grid = CellGrid(columns: width, rows: height)
            let dither = dithered ? CellDither.forMode(colorMode, ansi: .xterm) : nil
            if overlays, width >= FrameComposer.minimumColumns, height >= FrameComposer.minimumRows {
                var composer = FrameComposer()
                composer.dither = dither
                composer.pictureBandRows = Self.bandRows
                var display = DisplayOptions()
                display.mouse = false
                display.symbols = symbols
                grid =
                    ExplorerFrame.draw(
                        composer: &composer, panorama: opened.panorama, state: state,
                        header: ExplorerFrame.header(of: state) ?? opened.title, display: display,
                        columns: width, rows: height, runner: DispatchRunner()
                    ).grid
            } else {
                var picture = ViewPicture(symbols: symbols)
                picture.dither = dither
                picture.bandRows = Self.bandRows
                picture.draw(opened.panorama, camera: camera, into: &grid, rows: height, runner: DispatchRunner())
            }
            return AnsiArt.encode(grid, colorMode: colorMode)
        }
    }

    /// The panorama's credit as PNG text (standard keywords): copyright, where it came from, and
    /// when it was taken.
    private static func credit(_ chosen: (dataset: Dataset, panorama: Panorama)?) -> [(keyword: String, text: String)] {
        guard let (dataset, panorama) = chosen else { return [] }
        var texts = [(keyword: "Source", text: "\(dataset.name ?? dataset.folder.lastPathComponent), panorama \(panorama.id)")]
        if let copyright = panorama.copyright { texts.append(("Copyright", copyright)) }
        if let date = panorama.captureDate { texts.append(("Creation Time", date)) }
        return texts
    }

    /// Everything the output depends on: the program, what was asked for, and the input files
    /// as they are now: the image, or the dataset's manifest and the chosen panorama's image,
    /// each by resolved path, device and inode, size, and modification time to the nanosecond.
    private func cacheKey(imagePath: String, chosen: (dataset: Dataset, panorama: Panorama)?) -> String {
        let camera = cameraFlags.camera
        let (width, height) = outputSize
        var lines = [
            HelpText.version, "kind \(kind.rawValue)", "map \(map)", "size \(width)x\(height)", "color \(colorMode)", "dither \(dithered)",
            "symbols \(symbols)", "overlays \(overlays)",
            "camera \(camera.heading) \(camera.pitch) \(camera.zoom) \(camera.fov) given \(cameraFlags.orientationGiven)",
            "pano \(selection.panoramaID ?? "-") at \(selection.place.map { "\($0)" } ?? "-") radius \(selection.radius) source \(selection.source)",
            "find \(selection.find ?? "-") geocoder \(selection.geocoder ?? "-")",
            "chosen \(chosen?.panorama.id ?? "-")"
        ]
        var inputs =
            chosen.map { [$0.dataset.manifestPath, $0.dataset.folder.appendingPathComponent($0.panorama.imagePath).path] } ?? [imagePath]
        // A map is drawn over the basemap: its file is an input too.
        let configured = try? ConfigFile.load(environment: ProcessInfo.processInfo.environment).basemap
        if map, let basemap = selection.basemapFile(datasetPath: imagePath, configured: configured ?? nil) { inputs.append(basemap) }
        for path in inputs {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var info = stat()
            let found = stat(resolved, &info) == 0
            lines.append(
                found
                    ? "file \(resolved) \(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                    : "file \(resolved) missing")
        }
        return lines.joined(separator: "\n")
    }
}
