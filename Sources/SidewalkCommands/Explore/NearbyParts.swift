import Datasets
import Explorer
import StreetModel

/// For the fronts without a picture (`--headless`, `--describe`): the parts of a dataset the
/// walk comes near (a sharded dataset's shards, Panoramax's pictures), read as you arrive (they
/// wait for nothing else, so the read is done then and there). A part that cannot be read is
/// said, left out and not asked for again: its panoramas stay unknown, and a way into it says it
/// leads nowhere and why.
final class NearbyParts {
    private var dataset: Dataset
    /// Parts whose read failed.
    private var failed: Set<DatasetPart> = []

    init(_ dataset: Dataset) {
        self.dataset = dataset
    }

    /// What reading the parts near `panorama` gives.
    func growth(near panorama: Panorama) -> DatasetGrowth {
        let missing = dataset.unread(around: panorama).filter { !failed.contains($0) }
        guard !missing.isEmpty else { return .nothing }
        do {
            dataset = try dataset.reading(missing)
            return .larger(dataset.service)
        } catch {
            failed.formUnion(missing)
            return .notRead(error.description)
        }
    }
}
