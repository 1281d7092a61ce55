import Benchmarks

extension BenchCommand {
    /// `bench places`: frames on a street with 300 places on its map, against the same street
    /// without them (`PlacesBenchmark`).
    func runPlaces() -> Int32 {
        let report = PlacesBenchmark.run(frames: scale.pick(120, quick: 12))
        if json {
            Self.printJSON(report)
        } else {
            func row(_ name: String, _ figures: String) { print(name + String(repeating: " ", count: max(1, 42 - name.count)) + figures) }
            print("a \(report.columns)x\(report.rows) frame while turning (\(report.frames) frames), the minimap shown:")
            row("street map alone", "median \(format(report.frame_ms_without)) ms a frame")
            row(
                "with \(report.places_within_150_m) places within 150 m",
                "median \(format(report.frame_ms_with)) ms a frame, \(format(report.ratio))x (goal under 1.2x)")
            row("markers drawn in a frame", "at most \(report.most_markers_drawn) (goal at most 8), of \(report.markers_kept) kept")
            row("places read in on arrival", "median \(format(report.places_read_ms)) ms")
        }
        return ExitStatus.success
    }
}
