/// Runs independent pieces of work, possibly at the same time. The core stays free of any
/// threading library: the front injects one (Dispatch), tests and snapshots may run serially.
public protocol ParallelRunner: Sendable {
    /// How many pieces of work the runner can usefully run at once, >= 1.
    var width: Int { get }
    /// Calls `body(i)` for every i in 0..<count, possibly concurrently, and returns when all
    /// calls have returned.
    func run(_ count: Int, _ body: @Sendable (Int) -> Void)
}

/// Runs every piece in turn on the calling thread.
public struct SerialRunner: ParallelRunner {
    public init() {}
    public var width: Int { 1 }
    public func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        for index in 0..<count { body(index) }
    }
}

extension ParallelRunner {
    /// Splits 0..<total into at most `width` contiguous ranges and runs `body` on each.
    func forEachRange(of total: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let pieces = max(1, min(width, total))
        run(pieces) { piece in
            body((total * piece / pieces)..<(total * (piece + 1) / pieces))
        }
    }
}
