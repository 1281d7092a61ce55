import Datasets
import PanoCore
import PanoImage
import StreetModel
import SystemIO

/// Reads the parts of a dataset the walk comes near, on a worker thread: after each step, a
/// sharded dataset's shards within `ShardIndex.loadRadius`, or the Panoramax pictures the ways
/// lead to, that are not read yet (`Dataset.unread(around:)`), at most `partsPerStep` for each
/// panorama the walk stands at, so a server whose pictures list many others is asked a bounded
/// number of times per step. Nothing more is read while you stand still. The frame loop only
/// takes the larger panorama service when it arrives.
package struct DatasetFollower {
    /// The dataset with the parts read so far.
    package private(set) var dataset: Dataset
    /// Parts read at most while the walk stands at one panorama (Panoramax items, shards).
    package let partsPerStep: Int
    /// The panorama the walk stands at, and how many parts were asked for since it arrived.
    private var step: (id: String, asked: Int)?
    /// The parts being read; a read runs while it is set.
    private var reading: [DatasetPart]?
    /// Parts whose read failed: not asked for again.
    private var failed: Set<DatasetPart> = []
    /// Why the last read failed, until taken.
    private var failure: String?
    /// A place the map asked imagery to be read near, waiting for the running read to end.
    private var nearAsked: Coordinate?
    /// The place the running read looks near, when it is such a read.
    private var readingNear: Coordinate?

    private static let arrivalID = "dataset"

    /// A follower for `dataset`, or nil when it is read whole already.
    package init?(_ dataset: Dataset, partsPerStep: Int = 24) {
        guard dataset.shards != nil || dataset.source != nil else { return nil }
        self.dataset = dataset
        self.partsPerStep = partsPerStep
    }

    /// Starts reading what is missing around `panorama`, nearest first, unless a read is
    /// running or this step's parts are spent.
    package mutating func follow(_ panorama: Panorama?, mailbox: ArrivalMailbox) {
        guard reading == nil else { return }
        if let place = nearAsked {
            nearAsked = nil
            start([.near(place)], near: place, mailbox: mailbox)
            return
        }
        guard let panorama else { return }
        if step?.id != panorama.id { step = (panorama.id, 0) }
        let budget = partsPerStep - (step?.asked ?? 0)
        let missing = Array(dataset.unread(around: panorama).filter { !failed.contains($0) }.prefix(max(0, budget)))
        guard !missing.isEmpty else { return }
        step?.asked += missing.count
        start(missing, near: nil, mailbox: mailbox)
    }

    /// Reads the imagery near `place` (the map's Enter where nothing is read yet), after the
    /// read that is running, if any.
    package mutating func read(near place: Coordinate, mailbox: ArrivalMailbox) {
        guard reading == nil else {
            nearAsked = place
            return
        }
        start([.near(place)], near: place, mailbox: mailbox)
    }

    private mutating func start(_ parts: [DatasetPart], near place: Coordinate?, mailbox: ArrivalMailbox) {
        reading = parts
        readingNear = place
        let current = dataset
        BlockingThread.start(name: "sidewalk-dataset") {
            let result = Result { () throws(DatasetError) in try current.reading(parts) }
            mailbox.post(.init(id: Self.arrivalID, payload: .moreOfDataset(result)))
        }
    }

    /// True when `panorama`'s own ways are not read yet (a picture a search found), and a read
    /// of them is under way or will be.
    package func isReadingWays(of panorama: Panorama?) -> Bool {
        guard let panorama else { return false }
        let part = DatasetPart.picture(panorama.id)
        return !failed.contains(part) && dataset.unread(around: panorama).contains(part)
    }

    /// Why the last read failed, once; nil when it did not.
    package mutating func takeFailure() -> String? {
        defer { failure = nil }
        return failure
    }

    /// Takes its own from `arrivals`: the larger service to adopt, or nil; and the place a read
    /// that ended looked near, for the map's Enter that waits for it.
    package mutating func arrived(from arrivals: [ArrivalMailbox.Arrival]) -> (service: PanoramaService?, near: Coordinate?) {
        var service: PanoramaService?
        var near: Coordinate?
        for arrival in arrivals where arrival.id == Self.arrivalID {
            guard case .moreOfDataset(let result) = arrival.payload else { continue }
            if case .failure = result { failed.formUnion(reading ?? []) }
            reading = nil
            near = readingNear ?? near
            readingNear = nil
            switch result {
            case .success(let larger):
                dataset = larger
                service = larger.service
                failure = nil
            case .failure(let error):
                failure = error.description
            }
        }
        return (service, near)
    }
}
