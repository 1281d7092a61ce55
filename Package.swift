// swift-tools-version:6.0
// Sidewalk: street-level panoramas in a terminal. The layering below is checked by
// scripts/check-imports (every import a direct dependency, docs/architecture.md's table the same as
// this file; the compiler's `--explicit-target-dependency-import-check` accepts any transitive
// one); docs/architecture.md explains what each target owns.
import PackageDescription

/// The per-pixel loops (sampler, ray tables, frame encoders) optimised in debug builds too: the
/// tests drive a debug build, where unoptimised SIMD code is a call per lane and an animated turn
/// got one or two frames instead of eight (docs/decisions.md, 2026-12-01).
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Sidewalk",
    products: [
        .executable(name: "sidewalk", targets: ["sidewalk"]),
        .executable(name: "sidewalk-worldgen", targets: ["sidewalk-worldgen"])
    ],
    targets: [
        // Pure core: camera, projection, reprojection. Standard library, libm, a header-only
        // cache prefetch hint for the sampler (docs/decisions.md, 2026-12-02), and the sampler's
        // loop written for AVX2, used where the processor has it (docs/decisions.md, 2026-12-05).
        .systemLibrary(name: "CMemoryHints"),
        .target(name: "CSampler", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // zlib from Debian, for gzip-compressed map tiles and PMTiles directories.
        .systemLibrary(name: "CZlib"),
        // SQLite from Debian, for MBTiles basemaps (tiles in an SQLite database).
        .systemLibrary(name: "CSQLite"),
        // FreeType from Debian, for the text in `sidewalk render`'s frames.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .target(name: "PanoCore", dependencies: ["CMemoryHints", "CSampler"], swiftSettings: optimisedEvenInDebug),
        // The street-level world: panoramas, links, markers, buildings and levels, capture dates,
        // and the service that finds them (by id, near a place). Pure; no state machine.
        .target(name: "StreetModel", dependencies: ["PanoCore"]),
        // Explorer state machine: keys -> commands -> camera. Pure.
        .target(name: "Explorer", dependencies: ["PanoCore", "StreetModel", "TextSafety", "BoundedJSON"]),
        // The tooling of `--keys`, `--script` and `sidewalk test`: the script language, its
        // expectations and patterns, and the player that runs a script against a front. Not
        // part of the state machine a user runs. Pure.
        .target(
            name: "ExplorerScripts", dependencies: ["Explorer", "PanoCore", "StreetModel", "TextSafety", "TermRender", "VirtualTerminal"]),

        // Untrusted text made safe for a terminal: the one list of forbidden scalars and the
        // sanitiser. Standard library only.
        .target(name: "TextSafety"),
        // A 5×7 pixel font for text painted into pixels (snapshot overlays, map rasters, generated
        // panoramas). Standard library only, so the asset generator needs no renderer for it.
        .target(name: "BitmapFont"),
        // JSON read strictly and within a memory budget (manifests, settings), and the one JSON
        // writer (manifests, event lines, state records, reports). Standard library only.
        .target(name: "BoundedJSON"),
        // Files and descriptors: the one place inputs are opened and outputs written, and every
        // system call on a descriptor made (POSIX, and one C shim for what Glibc's module hides).
        // Sidewalk's version, for `--version` and the User-Agent of web requests, and the commit a
        // package was built from (CBuildInfo: the one value a build's C flags can carry).
        .target(name: "ProductInfo", dependencies: ["CBuildInfo"]),
        .target(name: "CBuildInfo"),
        // A value behind a pthread mutex: the lock of every shared state (ThreadSanitizer sees it).
        .target(name: "Locking"),
        .target(name: "CSystemIO"),
        .target(name: "SystemIO", dependencies: ["CSystemIO", "Locking"]),

        // C edges: each C library behind exactly one Swift target.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CExpat", linkerSettings: [.linkedLibrary("expat")]),
        .target(
            name: "PanoImage", dependencies: ["PanoCore", "CJPEG", "CPNG", "SystemIO", "TextSafety"], swiftSettings: optimisedEvenInDebug),
        // Datasets on web servers: libcurl GETs with enforced limits, and an on-disk HTTP cache.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "RemoteData", dependencies: ["CCurl", "PanoCore", "SystemIO", "Locking", "ProductInfo"]),

        // Places found by name on the web (Nominatim, Photon), kept to Nominatim's usage policy.
        .target(name: "Geocoding", dependencies: ["BoundedJSON", "PanoCore", "RemoteData", "SystemIO"]),

        // Datasets: manifest loading and validation, on top of the scene model and images.
        .target(
            name: "Datasets",
            dependencies: [
                "StreetModel", "PanoImage", "PanoCore", "SystemIO", "BoundedJSON", "CExpat", "RemoteData", "ParallelDispatch",
                "Locking"
            ]),

        // Pixels -> half-block cells -> escape bytes. Needs no terminal.
        .target(name: "TermRender", dependencies: ["PanoCore", "TextSafety"], swiftSettings: optimisedEvenInDebug),

        // PanoCore's ParallelRunner on Dispatch's thread pool: rendering on every core, for the
        // explorer, snapshots and the asset generator alike (no ncurses needed for threads).
        .target(name: "ParallelDispatch", dependencies: ["PanoCore"]),
        // Maps in braille cells: the minimap and the full map (projection, dots and lines,
        // labels without overlap). Pure: cells in, cells out.
        .target(name: "StreetMap", dependencies: ["PanoCore", "StreetModel", "TermRender", "BitmapFont"]),
        // Street maps from vector tiles: a bounded Mapbox Vector Tile decoder, PMTiles archives,
        // and the OpenMapTiles schema read into the map's features.
        .target(name: "VectorTiles", dependencies: ["PanoCore", "StreetMap", "CZlib", "CSQLite", "SystemIO", "BoundedJSON"]),

        // What a frame of the explorer shows, for every front and for snapshots: the view's cells,
        // labels, compass, status lines, help and the maps over it. Pure: state in, cells out.
        .target(name: "ExplorerView", dependencies: ["Explorer", "PanoCore", "StreetMap", "StreetModel", "TermRender"]),

        // Loading behind the explorer's fronts: what is opened (`Scenery`), panoramas decoded off the
        // loop and handed over (`ArrivalMailbox`), sharper decodes, tiled detail, growing datasets.
        .target(
            name: "ExplorerSession",
            dependencies: [
                "Datasets", "Explorer", "PanoCore", "PanoImage", "StreetModel", "SystemIO", "TermRender",
                "Locking"
            ]),

        // The ncurses front.
        .target(name: "CNcursesw", linkerSettings: [.linkedLibrary("ncursesw")]),
        .target(name: "CTerminalSignals"),
        .target(
            name: "TUI",
            dependencies: [
                "PanoCore", "StreetModel", "Explorer", "TermRender", "PanoImage", "CNcursesw", "CTerminalSignals", "SystemIO",
                "ParallelDispatch",
                "ExplorerView", "ExplorerSession", "ExplorerScripts", "BoundedJSON", "Locking"
            ]
        ),

        // What a terminal shows from the bytes a program writes: the one terminal model, for
        // `sidewalk test`'s terminal front and for the tests of every encoder.
        .target(name: "VirtualTerminal", dependencies: ["PanoCore", "TermRender"]),
        // `sidewalk render`: a recording replayed through the terminal model and drawn as a
        // terminal draws it (block symbols as shapes, text from a font, sixel, kitty and iTerm2
        // pictures), to PNG, GIF, or video through ffmpeg.
        .target(
            name: "CastRender",
            dependencies: [
                "VirtualTerminal", "TermRender", "PanoCore", "PanoImage", "BoundedJSON", "BitmapFont", "CFreeType", "VectorTiles",
                "SystemIO"
            ], swiftSettings: optimisedEvenInDebug),

        // `sidewalk test`'s terminal front: the explorer on a pseudo-terminal, typed into as a
        // terminal types, its screen read back as a terminal shows it.
        .target(name: "CPseudoTerminal"),
        .target(
            name: "ScriptTerminal",
            dependencies: [
                "Explorer", "ExplorerScripts", "StreetModel", "PanoCore", "BoundedJSON", "CPseudoTerminal", "SystemIO", "VirtualTerminal"
            ]),

        // What `sidewalk bench` measures: speed, bytes, memory and fidelity, each against its
        // sources; the command line around it is SidewalkCommands'.
        .target(
            name: "Benchmarks",
            dependencies: [
                "CompassPanorama", "Datasets", "Explorer", "ExplorerSession", "ExplorerView", "PanoCore", "PanoImage", "ParallelDispatch",
                "RemoteData", "StreetMap", "StreetModel", "SystemIO", "TermRender"
            ]),

        // Every subcommand, its options, help and exit statuses; `sidewalk` is a thin shell over it.
        .target(
            name: "SidewalkCommands",
            dependencies: [
                "TUI", "PanoImage", "PanoCore", "TermRender", "CompassPanorama", "Datasets", "StreetModel", "Explorer", "ExplorerScripts",
                "SystemIO",
                "BoundedJSON", "ParallelDispatch", "TextSafety", "RemoteData", "StreetMap", "ScriptTerminal", "BitmapFont", "ExplorerView",
                "ExplorerSession", "ProductInfo", "Benchmarks", "Geocoding", "VectorTiles", "CastRender", "Locking"
            ]
        ),
        .executableTarget(name: "sidewalk", dependencies: ["SidewalkCommands"]),

        // Fuzz targets (docs/reliability.md): libFuzzer with scripts/fuzz, a corpus replayer otherwise.
        .executableTarget(
            name: "sidewalk-fuzz",
            dependencies: [
                "Datasets", "Explorer", "ExplorerScripts", "PanoImage", "TextSafety", "VectorTiles", "CastRender", "VirtualTerminal",
                "SidewalkCommands", "SystemIO", "PanoCore", "RemoteData"
            ]),

        // A procedural panorama: the compass plaza (Assets/default-panorama.png) at any width,
        // for the benchmarks and tests; and the canvas generated panoramas are painted on.
        .target(name: "CompassPanorama", dependencies: ["PanoCore", "BitmapFont"]),
        // Generator of the bundled demo town; the shipping binary does not link it.
        .target(name: "WorldGen", dependencies: ["PanoCore", "CompassPanorama"]),
        .executableTarget(
            name: "sidewalk-worldgen",
            dependencies: [
                "WorldGen", "CompassPanorama", "PanoImage", "PanoCore", "ParallelDispatch", "Datasets", "StreetModel", "SystemIO"
            ]),

        // Test helpers: synthetic panoramas, golden files, tmux driver, the pseudo-terminal a test may leave unread.
        .target(
            name: "TestSupport", dependencies: ["PanoCore", "PanoImage", "StreetModel", "ScriptTerminal"],
            path: "Tests/TestSupport"
        ),

        .testTarget(name: "BoundedJSONTests", dependencies: ["BoundedJSON"]),
        .testTarget(name: "PanoCoreTests", dependencies: ["PanoCore", "TestSupport"]),
        .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "ExplorerScripts", "StreetModel", "PanoCore"]),
        .testTarget(
            name: "TUITests",
            dependencies: [
                "TUI", "ExplorerView", "ExplorerSession", "Explorer", "StreetModel", "StreetMap", "TermRender", "PanoCore", "PanoImage",
                "SystemIO", "TestSupport",
                "Datasets", "Locking", "VirtualTerminal", "ExplorerScripts"
            ]),
        .testTarget(name: "PanoImageTests", dependencies: ["PanoImage", "PanoCore", "CPNG", "TestSupport"]),
        .testTarget(
            name: "TermRenderTests",
            dependencies: ["TermRender", "Benchmarks", "TextSafety", "PanoCore", "TestSupport", "VirtualTerminal", "CastRender"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "WorldGenTests", dependencies: ["WorldGen", "CompassPanorama", "PanoCore", "PanoImage", "TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(name: "RemoteDataTests", dependencies: ["RemoteData", "Locking", "TestSupport"]),
        .testTarget(
            name: "CastRenderTests", dependencies: ["CastRender", "VirtualTerminal", "PanoCore", "PanoImage", "SystemIO", "TestSupport"]),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO", "CSystemIO", "Locking", "TestSupport"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "VectorTilesTests", dependencies: ["VectorTiles", "StreetMap", "PanoCore", "TestSupport"]),
        .testTarget(name: "StreetMapTests", dependencies: ["StreetMap", "StreetModel", "PanoCore", "TermRender"]),
        // libvterm, the tests' independent terminal (Debian's libvterm-dev; the product never links it).
        .systemLibrary(name: "CVTerm", path: "Tests/CVTerm"),
        .testTarget(name: "VirtualTerminalTests", dependencies: ["VirtualTerminal", "CVTerm", "PanoCore", "TermRender", "TestSupport"]),
        .testTarget(name: "ScriptTerminalTests", dependencies: ["ScriptTerminal", "Explorer", "VirtualTerminal"]),
        .testTarget(
            name: "DatasetsTests",
            dependencies: ["Datasets", "StreetModel", "PanoCore", "PanoImage", "TestSupport", "BoundedJSON", "SystemIO", "RemoteData"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TestSupport", "PanoImage", "PanoCore", "Explorer", "ExplorerScripts", "SidewalkCommands", "TUI", "TermRender", "Datasets",
                "StreetModel", "VirtualTerminal", "VectorTiles", "SystemIO", "sidewalk"
            ],
            exclude: ["Support"]
        )
    ]
)
