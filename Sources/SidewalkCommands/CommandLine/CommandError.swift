import Benchmarks
import CastRender
import Datasets
import Geocoding
import PanoCore
import PanoImage
import StreetModel
import SystemIO
import TUI

/// Why a command failed, once the command line was understood; `description` is the line shown.
enum CommandError: Error, CustomStringConvertible {
    case panorama(PanoramaError)
    case image(ImageError)
    case terminal(TerminalError)
    case assetsNotFound
    case dataset(DatasetError)
    case importFailed(PhotoImporter.Failure)
    /// A GPS track that cannot be used.
    case track(GPXTrack.Failure)
    case tiling(DatasetTiler.Failure)
    case unknownPanorama(id: String, dataset: String)
    /// A lookup found nothing: a normal answer, reported with exit status 3.
    case noImagery(place: Coordinate, radius: Double, nearest: NearestImagery?)
    /// `--find` found no place of that name with imagery near it: a normal answer, status 3.
    case placeNotFound(text: String, dataset: String)
    /// `--find`: the dataset names no such place, and the geocoder could not be asked (`reason`).
    case searchNotMade(text: String, dataset: String, reason: String)
    case configInvalid(path: String, problem: String)
    /// A basemap that cannot be read (`--basemap`, the config's, or a dataset's own).
    case basemap(String)
    /// An input or output file that could not be used (`--events`, `--output`, a script).
    case file(FileError)
    /// `--broadcast` or `--follow` could not use its socket.
    case socket(LocalSocket.Failure)
    /// A script for the headless explorer that cannot be read or understood.
    case script(source: String, problem: String)
    /// A command line that only the data could show to be wrong.
    case usage(UsageError)
    /// A geocoder that could not answer (`--find` on the web).
    case geocoder(GeocoderError)
    /// A benchmark that could not finish.
    case benchmark(BenchmarkError)
    /// A recording `sidewalk render` cannot read.
    case cast(path: String, CastError)
    /// A render refused or stopped for its size: what it would be, and what to change.
    case render(String)
    /// ffmpeg missing or failing, for a video.
    case video(FFmpegVideo.Failure)
    /// A service's credentials missing or unusable (no Mapillary token, a token file that holds
    /// none): what to do, in one line that never holds the credential.
    case credentials(String)
    /// A still asked for by a marker the recording does not have.
    case noSuchMarker(name: String, path: String, known: [String])

    var description: String {
        switch self {
        case .panorama(let error): error.description
        case .image(let error): error.description
        case .terminal(let error): error.description
        case .dataset(let error): error.description
        case .importFailed(let error): error.description
        case .track(let error): error.description
        case .tiling(let error): error.description
        case .unknownPanorama(let id, let dataset): "\(dataset): no panorama with id '\(id)'"
        case .noImagery(let place, let radius, let nearest):
            "No street-level imagery available within \(radius.plainText) m of \(place)" + (nearest.map { "; \($0)" } ?? "")
        case .placeNotFound(let text, let dataset):
            "\(dataset): no place named '\(text)' with street-level imagery within \(Int(PlaceSearch.viewpointRadius)) m"
        case .searchNotMade(let text, let dataset, let reason):
            "\(dataset): nothing named '\(text)' here; the web search could not be made: \(reason)"
        case .usage(let error): error.description
        case .configInvalid(let path, let problem): "\(path): \(problem)"
        case .basemap(let problem): "basemap \(problem)"
        case .file(let error): error.description
        case .socket(let error): error.description
        case .script(let source, let problem): "\(source): \(problem)"
        case .benchmark(let error): error.description
        case .cast(let path, let error): "\(path): \(error)"
        case .video(let error): error.description
        case .render(let problem): problem
        case .credentials(let problem): problem
        case .noSuchMarker(let name, let path, let known):
            "\(path): no marker '\(name)'"
                + (known.isEmpty ? "; it has none" : "; it has " + known.prefix(8).map { "'\($0)'" }.joined(separator: ", "))
        case .geocoder(let error): error.description
        case .assetsNotFound:
            "the bundled demo town was not found; set SIDEWALK_ASSETS to the Assets folder or name an image or dataset"
        }
    }
}

extension CommandError {
    /// The exit status this failure ends the process with.
    var exitStatus: Int32 {
        switch self {
        case .noImagery, .placeNotFound, .searchNotMade: ExitStatus.noImagery
        case .usage, .script: ExitStatus.usage
        default: ExitStatus.failure
        }
    }
}
