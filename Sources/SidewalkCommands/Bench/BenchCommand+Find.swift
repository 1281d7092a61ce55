import Benchmarks
import Datasets

extension BenchCommand {
    /// `bench data --input DATASET --find TEXT`: the dataset opened as the explorer opens it,
    /// then one search by name timed; its figures, and the process's peak memory after both.
    func runDataFind(_ text: String, in path: String) throws(CommandError) -> Int32 {
        let finding = try DataBenchmark.finding { () throws(CommandError) -> Dataset in
            do throws(DatasetError) { return try Dataset.open(path) } catch { throw CommandError.dataset(error) }
        } search: { (dataset: Dataset) throws(CommandError) -> String? in
            let start = dataset.service.panorama(id: dataset.startID)?.coordinate
            do throws(DatasetError) { return try dataset.searchPlaces(text, near: start, limit: 1).first?.place.name } catch {
                throw .dataset(error)
            }
        }
        if json {
            Self.printJSON(finding)
        } else {
            print(
                "\(path): '\(text)' found \(finding.found.map { "'\($0)'" } ?? "nothing") in \(format(finding.find_ms)) ms "
                    + "(opened in \(format(finding.open_s)) s), peak \(format(finding.peak_mb)) MB, "
                    + "\(format(finding.search_added_mb)) MB of it the search's")
        }
        return ExitStatus.success
    }
}

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
