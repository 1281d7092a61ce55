/// The views a benchmark renders: many headings and pitches, so a timing reflects real use
/// rather than one cached view. Deterministic, so runs and tools can be compared.
package enum BenchViews {
    /// 48 (heading, pitch) pairs: headings spread round the circle (crossing the ±180° seam),
    /// pitches between -35° and +35°, every one different.
    static let standard: [(heading: Double, pitch: Double)] = (0..<48).map { i in
        let heading = (Double(i) * 47.5 + 3).truncatingRemainder(dividingBy: 360)
        let pitch = Double((i * 13) % 71) - 35
        return (heading, pitch)
    }

    /// Median of a non-empty list.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
