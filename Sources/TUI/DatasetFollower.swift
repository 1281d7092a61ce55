import Datasets
import Dispatch
import PanoCore
import PanoImage
import StreetModel

/// Reads a sharded dataset's shards as the walk comes near them, on a worker thread: after each
/// step, the shards within `ShardIndex.loadRadius` of where you stand that are not read yet. The
/// frame loop only takes the larger panorama service when it arrives.
struct ShardFollower {
    /// The dataset with the shards read so far.
    private(set) var dataset: Dataset
    /// The shards being read; a read runs while it is set.
    private var reading: [Int]?
    /// Shards whose read failed: not asked for again.
    private var failed: Set<Int> = []
    /// Why the last read failed, until taken.
    private var failure: String?

    private static let arrivalID = "shards"

    init(_ dataset: Dataset) {
        self.dataset = dataset
    }

    /// Starts reading the shards near `panorama` that are missing, unless a read is running.
    mutating func follow(_ panorama: Panorama?, mailbox: ArrivalMailbox) {
        guard let panorama, reading == nil, let shards = dataset.shards else { return }
        let missing = shards.shards(near: panorama.coordinate, within: ShardIndex.loadRadius).filter { !dataset.loadedShards.contains($0) && !failed.contains($0) }
        guard !missing.isEmpty else { return }
        reading = missing
        let current = dataset
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(DatasetError) in try current.withShards(missing) }
            mailbox.post(.init(id: Self.arrivalID, payload: .shards(result)))
        }
    }

    /// Why the last read of shards failed, once (for the status line); nil when it did not.
    mutating func takeFailure() -> String? {
        defer { failure = nil }
        return failure.map { "shards not read: " + $0 }
    }

    /// Takes its own from `arrivals`: the larger service to adopt, or nil.
    mutating func arrived(from arrivals: [ArrivalMailbox.Arrival]) -> PanoramaService? {
        var service: PanoramaService?
        for arrival in arrivals where arrival.id == Self.arrivalID {
            guard case let .shards(result) = arrival.payload else { continue }
            if case .failure = result { failed.formUnion(reading ?? []) }
            reading = nil
            switch result {
            case let .success(larger):
                dataset = larger
                service = larger.service
                failure = nil
            case let .failure(error):
                failure = error.description
            }
        }
        return service
    }
}
