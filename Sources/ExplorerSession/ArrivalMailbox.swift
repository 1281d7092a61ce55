import Datasets
import Explorer
import Locking
import PanoCore
import PanoImage
import StreetModel
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Decoded panoramas arriving from loader threads, handed to the frame loop through a pipe it
/// polls beside the keyboard, so the loop never waits on a decode.
package final class ArrivalMailbox: Sendable {
    /// One outcome of work done off the loop, under the `id` its owner posts and takes it by.
    package struct Arrival: Sendable {
        package let id: String
        package let payload: Payload

        package enum Payload: Sendable {
            /// A panorama decoded (or a detail layer composed), or why not.
            case panorama(Result<EquirectPanorama, PanoramaError>)
            /// A tile fetched into the tile cache, or why it was not.
            case tile(TileGrid.Key, failure: PanoramaError?)
            /// A dataset with more of it read (shards, Panoramax pictures), or why it could not be.
            case moreOfDataset(Result<Dataset, DatasetError>)
            /// More of the map's data (coverage tiles) arrived: the map is drawn again.
            case mapData
            /// What a web search for `query` found (data of `attribution`), or why nothing.
            case placesFound(query: String, attribution: String, Result<[FoundPlace], SearchFailure>)
            /// What the dataset's names index holds for `query`, best first, or why nothing.
            case namesFound(query: String, Result<[PlaceMatch], SearchFailure>)
        }

        /// A panorama's arrival.
        package init(id: String, result: Result<EquirectPanorama, PanoramaError>) {
            self.init(id: id, payload: .panorama(result))
        }

        package init(id: String, payload: Payload) {
            self.id = id
            self.payload = payload
        }

        /// The panorama or its failure, for a panorama's arrival; nil for the others.
        package var result: Result<EquirectPanorama, PanoramaError>? {
            if case .panorama(let result) = payload { result } else { nil }
        }
    }

    private let wake: SelfPipe
    private let arrivals = Locked<[Arrival]>([])

    /// Readable (for poll) when something has arrived.
    package var descriptor: Int32 { wake.descriptor }

    package init() throws(SelfPipe.Failure) {
        wake = try SelfPipe()
    }

    /// Posts an arrival; any thread.
    package func post(_ arrival: Arrival) {
        arrivals.withLock { $0.append(arrival) }
        wake.signal()  // a full pipe already says "something arrived"
    }

    /// Everything posted since the last call, oldest first; main thread.
    package func take() -> [Arrival] {
        _ = wake.drain()
        return arrivals.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

}
