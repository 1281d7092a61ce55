#if canImport(Glibc)
import Glibc
#endif
import PanoImage
import WorldGen

/// Regenerates the bundled assets: `sidewalk-worldgen [ASSETS_DIR]` (default: Assets).
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: sidewalk-worldgen [ASSETS_DIR]   regenerate the bundled assets (default: Assets)")
    exit(0)
}
let directory = arguments.first ?? "Assets"
let path = "\(directory)/default-panorama.png"
do {
    try PNGEncoder.write(CompassSphere.render(width: 2048), to: path)
    print("wrote \(path)")
} catch {
    let line = Array("sidewalk-worldgen: \(error.description)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}
