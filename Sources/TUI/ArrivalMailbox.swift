#if canImport(Glibc)
import Glibc
#endif
import Datasets
import PanoCore
import PanoImage
import SystemIO

/// Decoded panoramas arriving from loader threads, handed to the frame loop through a pipe it
/// polls beside the keyboard, so the loop never waits on a decode.
final class ArrivalMailbox: Sendable {
    /// One outcome of work done off the loop, under the `id` its owner posts and takes it by.
    struct Arrival: Sendable {
        let id: String
        let payload: Payload

        enum Payload: Sendable {
            /// A panorama decoded (or a detail layer composed), or why not.
            case panorama(Result<EquirectPanorama, PanoramaError>)
            /// A tile fetched into the tile cache, or why it was not.
            case tile(TileGrid.Key, failure: PanoramaError?)
            /// A dataset with more of it read (shards, Panoramax pictures), or why it could not be.
            case moreOfDataset(Result<Dataset, DatasetError>)
        }

        /// A panorama's arrival.
        init(id: String, result: Result<EquirectPanorama, PanoramaError>) {
            self.init(id: id, payload: .panorama(result))
        }

        init(id: String, payload: Payload) {
            self.id = id
            self.payload = payload
        }

        /// The panorama or its failure, for a panorama's arrival; nil for the others.
        var result: Result<EquirectPanorama, PanoramaError>? {
            if case let .panorama(result) = payload { result } else { nil }
        }
    }

    private let readEnd: Int32
    private let writeEnd: Int32
    private let arrivals = Locked<[Arrival]>([])

    /// Readable (for poll) when something has arrived.
    var descriptor: Int32 { readEnd }

    init() throws(TerminalError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .pollFailed(String(cString: strerror(errno))) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (fds[0], fds[1])
    }

    /// Posts an arrival; any thread.
    func post(_ arrival: Arrival) {
        arrivals.withLock { $0.append(arrival) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1) // a full pipe already says "something arrived"
    }

    /// Everything posted since the last call, oldest first; main thread.
    func take() -> [Arrival] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return arrivals.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
