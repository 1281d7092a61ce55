/// How much work a benchmark does: the full workload its figures are quoted from, or, with
/// `--quick`, a small one that shows in seconds that the benchmark runs and prints what it
/// should (the tests parse every benchmark's `--json` this way). Quick figures are not for
/// comparison.
package struct BenchScale: Sendable {
    let isQuick: Bool

    package static let full = BenchScale(isQuick: false)
    package static let quick = BenchScale(isQuick: true)

    /// `full`, or `quick` when the workload is quick.
    package func pick<Value>(_ full: Value, quick: Value) -> Value {
        isQuick ? quick : full
    }
}
