import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Waiting for something another process does.
package enum Wait {
    /// Waits until `condition` holds, checking every 20 ms, for at most `seconds`; returns
    /// whether it held.
    package static func until(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            _ = poll(nil, 0, 20)
        }
        return condition()
    }
}
