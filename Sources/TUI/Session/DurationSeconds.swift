/// Durations as seconds.
enum DurationSeconds {
    static func of(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
