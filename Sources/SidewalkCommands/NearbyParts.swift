import Datasets
import StreetModel

/// For the fronts without a picture (`--headless`, `--describe`): a sharded dataset's shards
/// within `ShardIndex.loadRadius` of where you stand, read as you arrive (they wait for nothing
/// else, so the read is done then and there). A shard that cannot be read is left out: its
/// panoramas stay unknown, and a way into it says it leads nowhere.
final class NearbyShards {
    private var dataset: Dataset

    init(_ dataset: Dataset) {
        self.dataset = dataset
    }

    /// The service with the shards near `panorama` read, or nil when none was missing.
    func service(near panorama: Panorama) -> PanoramaService? {
        guard let larger = try? dataset.withShards(near: panorama.coordinate) else { return nil }
        dataset = larger
        return larger.service
    }
}
