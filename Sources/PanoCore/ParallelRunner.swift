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
    /// Splits 0..<total into contiguous ranges and runs `body` on each: four per worker, so
    /// that a worker done early (its part of the view is cheaper to sample) takes another.
    func forEachRange(of total: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let pieces = width == 1 ? 1 : max(1, min(width * 4, total))
        run(pieces) { piece in
            body((total * piece / pieces)..<(total * (piece + 1) / pieces))
        }
    }
}

extension ParallelRunner {
    /// Calls `body(i)` for every i in 0..<count, possibly concurrently, and returns the results
    /// in order of i.
    public func map<Value>(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        let results = PieceResults<Value>(count: count)
        run(count) { index in results.store(body(index), at: index) }
        return results.values
    }
}

/// One result per piece of parallel work. `@unchecked Sendable`: each worker initialises its own
/// slot only, and the slots are read, and freed, after every worker has returned (so every slot
/// is initialised by then).
private final class PieceResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>

    init(count: Int) {
        slots = .allocate(capacity: count)
    }

    deinit {
        slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        (slots.baseAddress! + index).initialize(to: value)
    }

    /// Every slot's value, in order.
    var values: [Value] { Array(slots) }
}

/// A buffer handed to parallel workers that each read, or write, a disjoint part of it.
/// `@unchecked Sendable`: the compiler cannot see that the parts are disjoint, or that the
/// buffer outlives the `run` call; whoever wraps it promises both.
public struct WorkerShared<Buffer>: @unchecked Sendable {
    public let buffer: Buffer

    public init(_ buffer: Buffer) {
        self.buffer = buffer
    }
}
