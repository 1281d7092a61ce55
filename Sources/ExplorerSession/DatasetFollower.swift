import Datasets
import Dispatch
import PanoCore
import PanoImage
import StreetModel

/// Reads the parts of a dataset the walk comes near, on a worker thread: after each step, a
/// sharded dataset's shards within `ShardIndex.loadRadius`, or the Panoramax pictures the ways
/// lead to, that are not read yet (`Dataset.unread(around:)`). Nothing is read while you stand
/// still. The frame loop only takes the larger panorama service when it arrives.
package struct DatasetFollower {
    /// The dataset with the parts read so far.
    package private(set) var dataset: Dataset
    /// The parts being read; a read runs while it is set.
    private var reading: [DatasetPart]?
    /// Parts whose read failed: not asked for again.
    private var failed: Set<DatasetPart> = []
    /// Why the last read failed, until taken.
    private var failure: String?

    private static let arrivalID = "dataset"

    /// A follower for `dataset`, or nil when it is read whole already.
    package init?(_ dataset: Dataset) {
        guard dataset.shards != nil || dataset.panoramax != nil else { return nil }
        self.dataset = dataset
    }

    /// Starts reading what is missing around `panorama`, unless a read is running.
    package mutating func follow(_ panorama: Panorama?, mailbox: ArrivalMailbox) {
        guard let panorama, reading == nil else { return }
        let missing = dataset.unread(around: panorama).filter { !failed.contains($0) }
        guard !missing.isEmpty else { return }
        reading = missing
        let current = dataset
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(DatasetError) in try current.reading(missing) }
            mailbox.post(.init(id: Self.arrivalID, payload: .moreOfDataset(result)))
        }
    }

    /// Why the last read failed, once; nil when it did not.
    package mutating func takeFailure() -> String? {
        defer { failure = nil }
        return failure
    }

    /// Takes its own from `arrivals`: the larger service to adopt, or nil.
    package mutating func arrived(from arrivals: [ArrivalMailbox.Arrival]) -> PanoramaService? {
        var service: PanoramaService?
        for arrival in arrivals where arrival.id == Self.arrivalID {
            guard case .moreOfDataset(let result) = arrival.payload else { continue }
            if case .failure = result { failed.formUnion(reading ?? []) }
            reading = nil
            switch result {
            case .success(let larger):
                dataset = larger
                service = larger.service
                failure = nil
            case .failure(let error):
                failure = error.description
            }
        }
        return service
    }
}
