#if canImport(Glibc)
import Glibc
#endif

/// Waits (poll, up to `milliseconds`) until `descriptor` (an arrival mailbox's) is readable:
/// something has been posted. True if it was.
func waitForArrival(on descriptor: Int32, within milliseconds: Int32 = 30_000) -> Bool {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&ready, 1, milliseconds) == 1
}
