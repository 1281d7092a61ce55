#if canImport(Glibc)
import Glibc
#endif

/// Waits (poll, up to 30 s) until `descriptor` (an arrival mailbox's) is readable: something has
/// been posted. True if it was.
func waitForArrival(on descriptor: Int32) -> Bool {
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&ready, 1, 30_000) == 1
}
