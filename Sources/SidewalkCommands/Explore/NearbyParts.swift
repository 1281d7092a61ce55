import Datasets
import StreetModel

/// For the fronts without a picture (`--headless`, `--describe`): the parts of a dataset the
/// walk comes near (a sharded dataset's shards, Panoramax's pictures), read as you arrive (they
/// wait for nothing else, so the read is done then and there). A part that cannot be read is
/// left out: its panoramas stay unknown, and a way into it says it leads nowhere.
final class NearbyParts {
    private var dataset: Dataset

    init(_ dataset: Dataset) {
        self.dataset = dataset
    }

    /// The service with what is near `panorama` read, or nil when nothing was missing.
    func service(near panorama: Panorama) -> PanoramaService? {
        let missing = dataset.unread(around: panorama)
        guard !missing.isEmpty, let larger = try? dataset.reading(missing) else { return nil }
        dataset = larger
        return larger.service
    }
}
