// swift-tools-version:6.0
// Sidewalk: street-level panoramas in a terminal. The layering below is checked by the compiler
// (`--explicit-target-dependency-import-check error`, see scripts/test); docs/architecture.md
// explains what each target owns.
import PackageDescription

let package = Package(
    name: "Sidewalk",
    products: [
        .executable(name: "sidewalk", targets: ["sidewalk"]),
        .executable(name: "sidewalk-worldgen", targets: ["sidewalk-worldgen"]),
    ],
    targets: [
        // Pure core: camera, projection, reprojection. Standard library and libm only.
        .target(name: "PanoCore"),
        // Explorer state machine: keys -> commands -> camera. Pure.
        .target(name: "Explorer", dependencies: ["PanoCore"]),

        // JSON read strictly and within a memory budget (manifests, settings). Standard library only.
        .target(name: "BoundedJSON"),
        // Files and descriptors: the one place inputs are opened and outputs written (POSIX only).
        .target(name: "SystemIO"),

        // C edges: each C library behind exactly one Swift target.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "PanoImage", dependencies: ["PanoCore", "CJPEG", "CPNG", "SystemIO"]),

        // Datasets: manifest loading and validation, on top of the scene model and images.
        .target(name: "Datasets", dependencies: ["Explorer", "PanoImage", "PanoCore", "SystemIO", "BoundedJSON"]),

        // Pixels -> half-block cells -> escape bytes. Needs no terminal.
        .target(name: "TermRender", dependencies: ["PanoCore"]),

        // The ncurses front.
        .target(name: "CNcursesw", linkerSettings: [.linkedLibrary("ncursesw")]),
        .target(name: "CTerminalSignals"),
        .target(
            name: "TUI",
            dependencies: ["PanoCore", "Explorer", "TermRender", "Datasets", "PanoImage", "CNcursesw", "CTerminalSignals", "SystemIO"]
        ),

        .executableTarget(name: "sidewalk", dependencies: ["TUI", "PanoImage", "PanoCore", "TermRender", "WorldGen", "Datasets", "Explorer", "SystemIO", "BoundedJSON"]),

        // Fuzz targets (docs/reliability.md): libFuzzer with scripts/fuzz, a corpus replayer otherwise.
        .executableTarget(name: "sidewalk-fuzz", dependencies: ["Datasets", "Explorer", "PanoImage", "TermRender"]),

        // Generator of the bundled assets.
        .target(name: "WorldGen", dependencies: ["PanoCore"]),
        .executableTarget(name: "sidewalk-worldgen", dependencies: ["WorldGen", "PanoImage", "PanoCore", "TUI", "Datasets", "Explorer"]),

        // Test helpers: synthetic panoramas, golden files, tmux driver.
        .target(name: "TestSupport", dependencies: ["PanoCore", "TermRender", "PanoImage"], path: "Tests/TestSupport"),

        .testTarget(name: "BoundedJSONTests", dependencies: ["BoundedJSON"]),
        .testTarget(name: "PanoCoreTests", dependencies: ["PanoCore", "TestSupport"]),
        .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "PanoCore"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Explorer"]),
        .testTarget(name: "PanoImageTests", dependencies: ["PanoImage", "PanoCore", "TestSupport"]),
        .testTarget(name: "TermRenderTests", dependencies: ["TermRender", "PanoCore", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "WorldGenTests", dependencies: ["WorldGen", "PanoCore", "PanoImage", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "DatasetsTests", dependencies: ["Datasets", "Explorer", "PanoCore", "PanoImage", "TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "PanoImage", "PanoCore", "sidewalk"]
        ),
    ]
)
