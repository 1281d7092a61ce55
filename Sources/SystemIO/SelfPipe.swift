#if canImport(Glibc)
import Glibc
#endif

/// A pipe that wakes a `poll` loop from another thread: any thread writes a byte to it, the loop
/// polls `descriptor` and drains it. Both ends are close-on-exec (a child never inherits them) and
/// non-blocking (a full pipe is readable already, so a byte it drops says nothing new).
package final class SelfPipe: Sendable {
    /// The end the loop polls for readability.
    package let descriptor: Int32
    private let writeEnd: Int32

    /// Why a pipe could not be made (the process is out of descriptors).
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    package init() throws(Failure) {
        guard let ends = SystemCall.makePipe() else { throw Failure(description: "cannot make a pipe: \(SystemCall.lastError)") }
        for end in [ends.read, ends.write] { SystemCall.prepare(end, nonBlocking: true) }
        (descriptor, writeEnd) = ends
    }

    /// Writes `byte`; any thread. A full pipe drops it.
    package func signal(_ byte: UInt8 = 1) {
        SystemCall.write(writeEnd, byte: byte)
    }

    /// Reads everything written so far; the loop's thread.
    package func drain() -> [UInt8] {
        var drained: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = SystemCall.read(descriptor, into: &buffer)
            guard count > 0 else { return drained }
            drained += buffer[0..<count]
        }
    }

    deinit {
        SystemCall.close(descriptor)
        SystemCall.close(writeEnd)
    }
}
