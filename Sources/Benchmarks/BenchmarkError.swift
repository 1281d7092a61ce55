import Datasets
import PanoImage
import SystemIO

/// Why a benchmark could not finish: its sources could not be made or read, or a measurement in a
/// child process failed. `description` is the line shown.
package enum BenchmarkError: Error, CustomStringConvertible {
    case panorama(PanoramaError)
    case image(ImageError)
    case dataset(DatasetError)
    case file(FileError)
    case tiling(DatasetTiler.Failure)
    /// A benchmark's own step that failed (a measurement in a child process).
    case step(String)

    package var description: String {
        switch self {
        case .panorama(let error): error.description
        case .image(let error): error.description
        case .dataset(let error): error.description
        case .file(let error): error.description
        case .tiling(let error): error.description
        case .step(let problem): "bench: \(problem)"
        }
    }
}
