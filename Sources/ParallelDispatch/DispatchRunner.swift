import Dispatch
import PanoCore

#if canImport(Glibc)
import Glibc
#endif

/// Runs work on all cores with Dispatch.
package struct DispatchRunner: ParallelRunner {
    package let width: Int

    /// A runner for `threads` concurrent pieces; by default one per online core.
    package init(threads: Int? = nil) {
        width = max(1, threads ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    package func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
    }
}
