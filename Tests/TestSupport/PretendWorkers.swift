import PanoCore

/// Runs pieces one after another on the calling thread while claiming `width` workers, so a
/// test sees the pieces a machine with that many cores would make.
package struct PretendWorkers: ParallelRunner {
    package let width: Int

    package init(width: Int) {
        self.width = width
    }

    package func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        for index in 0..<count { body(index) }
    }
}
