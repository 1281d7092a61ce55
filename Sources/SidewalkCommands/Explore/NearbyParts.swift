import Datasets
import Explorer
import PanoCore
import StreetModel

/// For the fronts without a picture (`--headless`, `--describe`): the parts of a dataset the
/// walk comes near (a sharded dataset's shards, Panoramax's pictures), read as you arrive (they
/// wait for nothing else, so the read is done then and there). A part that cannot be read is
/// said, left out and not asked for again: its panoramas stay unknown, and a way into it says it
/// leads nowhere and why.
///
/// `@unchecked Sendable`: the speaking fronts hand its reads to their narration as `@Sendable`
/// closures, but call them only on the one thread they run on.
final class NearbyParts: @unchecked Sendable {
    private var dataset: Dataset
    /// Parts whose read failed.
    private var failed: Set<DatasetPart> = []

    init(_ dataset: Dataset) {
        self.dataset = dataset
    }

    /// What reading the parts near `panorama` gives.
    func growth(near panorama: Panorama) -> DatasetGrowth {
        read(dataset.unread(around: panorama))
    }

    /// What reading the imagery near `place` gives (the map's Enter where nothing is read yet).
    func growth(nearPlace place: Coordinate) -> DatasetGrowth {
        read([.near(place)])
    }

    private func read(_ parts: [DatasetPart]) -> DatasetGrowth {
        let missing = parts.filter { !failed.contains($0) }
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
