#if canImport(Glibc)
import Glibc
#endif
import PanoImage
import TermRender
import TUI

/// Prints one line to standard error, prefixed with the program name. The message may carry
/// untrusted text (file names, decoder messages), so it is sanitised first.
func reportError(_ message: String) {
    let line = Array("sidewalk: \(TextSanitizer.sanitize(message))\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func runSidewalk(_ arguments: [String]) -> Int32 {
    let options: ExploreOptions
    do {
        options = try ExploreOptions.parse(arguments)
    } catch {
        reportError(error.description)
        return ExitStatus.usage
    }
    switch options.action {
    case .help:
        print(HelpText.usage)
        return ExitStatus.success
    case .version:
        print(HelpText.version)
        return ExitStatus.success
    case .explore:
        break
    }
    guard let path = options.imagePath ?? AssetLocator.defaultPanoramaPath() else {
        reportError("the bundled default panorama was not found; set SIDEWALK_ASSETS to the Assets folder or name an image")
        return ExitStatus.failure
    }
    do {
        let panorama = try PanoramaLoader.load(path)
        let title = path.split(separator: "/").last.map(String.init) ?? path
        let term = getenv("TERM").map { String(cString: $0) }
        return try InteractiveSession.run(panorama: panorama, title: title, camera: options.camera, termName: term)
    } catch let error as PanoramaError {
        reportError(error.description)
    } catch let error as TerminalError {
        reportError(error.description)
    } catch {
        reportError("\(error)")
    }
    return ExitStatus.failure
}

exit(runSidewalk(Array(CommandLine.arguments.dropFirst())))
