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
