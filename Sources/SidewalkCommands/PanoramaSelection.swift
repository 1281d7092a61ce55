import Datasets
import Explorer
import PanoCore
import PanoImage
import StreetModel
import TUI

/// Which panorama to open: an image file, or one panorama of a dataset chosen by id, by place,
/// or the dataset's start. Shared by the explorer and snapshots.
struct PanoramaSelection {
    static let help = """
      --pano ID       in a dataset, open the panorama with this id
      --at LAT,LNG    in a dataset, open the panorama nearest this place
      --radius M      with --at: how far to look, metres (default 50)
      --source S      with --at: default (indoor or outdoor) or outdoor
    """

    var panoramaID: String?
    var place: Coordinate?
    var radius = PanoramaService.defaultRadius
    var source = SourceFilter.default

    /// Applies `option` when it is a selection option, reading its value; returns whether it was.
    mutating func apply(_ option: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--pano": panoramaID = try reader.value(for: option)
        case "--at":
            let text = try reader.value(for: option)
            switch Coordinate.parse(text) {
            case let .success(coordinate): place = coordinate
            case let .failure(error): throw UsageError(description: "--at \(text): \(error.message)")
            }
        case "--radius": radius = try reader.number(for: option, in: 0...100_000)
        case "--source":
            let text = try reader.value(for: option)
            guard let filter = SourceFilter(rawValue: text) else {
                throw UsageError(description: "--source takes default or outdoor, not '\(text)'")
            }
            source = filter
        default: return false
        }
        return true
    }

    /// Checks combinations that make no sense.
    func validate() throws(UsageError) {
        if panoramaID != nil && place != nil { throw UsageError(description: "--pano and --at cannot be used together") }
    }

    /// What was opened: the panorama to show and words about it for the status line.
    struct Opened {
        var panorama: EquirectPanorama
        /// Short name: file name, or the panorama's description or id.
        var title: String
        /// Capture date and copyright, when known.
        var details: String?
        /// Where the panorama says to look first, if it says.
        var initialView: Orientation?
        /// The dataset and the panorama in it, when one was opened.
        var dataset: (Dataset, Panorama)?

        /// What the explorer walks through: the image alone, or the dataset from this panorama.
        var scenery: Scenery {
            guard let (dataset, start) = dataset else {
                return .image(panorama, title: [title, details].compactMap { $0 }.joined(separator: " · "))
            }
            // The start panorama, already decoded, is the cache's first entry: counted in its
            // budget, and not decoded again on the way back to it.
            let cache = PanoramaCache(dataset: dataset, byteBudget: Self.cacheBudget)
            cache.insert(panorama, for: start)
            return .dataset(dataset, start: start, image: panorama, cache: cache)
        }

        /// Bytes of decoded panoramas the explorer keeps (about a dozen 2048×1024 panoramas).
        static let cacheBudget = 128 << 20
    }

    /// Opens `path`, an image or a dataset. `minimumWidth` and `limits` as for `PanoramaLoader.load`.
    func open(_ path: String, minimumWidth: Int? = nil, limits: DecodeLimits = .standard) throws(CommandError) -> Opened {
        try open(path, chosen: chooseInDataset(path), minimumWidth: minimumWidth, limits: limits)
    }

    /// As `open(_:minimumWidth:limits:)`, with the dataset and panorama `chooseInDataset` gave
    /// already (nil for an image), so the manifest is read once.
    func open(_ path: String, chosen: (Dataset, Panorama)?, minimumWidth: Int? = nil,
              limits: DecodeLimits = .standard) throws(CommandError) -> Opened {
        guard let (dataset, chosen) = chosen else {
            do {
                let panorama = try PanoramaLoader.load(path, limits: limits, minimumWidth: minimumWidth)
                return Opened(panorama: panorama, title: path.split(separator: "/").last.map(String.init) ?? path)
            } catch {
                throw .panorama(error)
            }
        }
        do {
            let panorama = try dataset.load(chosen, minimumWidth: minimumWidth, limits: limits)
            let details = [chosen.captureDate, chosen.copyright].compactMap { $0 }.joined(separator: " · ")
            return Opened(panorama: panorama, title: chosen.description ?? chosen.id, details: details.isEmpty ? nil : details,
                          initialView: chosen.initialView, dataset: (dataset, chosen))
        } catch {
            throw .panorama(error)
        }
    }

    /// The dataset at `path` and the panorama chosen in it, without decoding any image; nil when
    /// `path` is an image (and no dataset option was given).
    func chooseInDataset(_ path: String) throws(CommandError) -> (Dataset, Panorama)? {
        guard Dataset.isDataset(path) else {
            if panoramaID != nil || place != nil {
                throw .usage(UsageError(description: "--pano and --at choose within a dataset, and '\(path)' is an image"))
            }
            return nil
        }
        let dataset: Dataset
        do { dataset = try Dataset.open(path) } catch { throw .dataset(error) }
        let chosen: Panorama
        if let panoramaID {
            guard let found = dataset.service.panorama(id: panoramaID) else { throw .unknownPanorama(id: panoramaID, dataset: path) }
            chosen = found
        } else if let place {
            guard let found = dataset.service.nearest(to: place, radius: radius, source: source) else {
                throw .noImagery(place: place, radius: radius)
            }
            chosen = found
        } else {
            chosen = dataset.service.panorama(id: dataset.startID)!
        }
        return (dataset, chosen)
    }
}
