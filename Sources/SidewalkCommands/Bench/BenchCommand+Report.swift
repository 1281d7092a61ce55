import Benchmarks
import BoundedJSON
import FoundationEssentials

/// How every benchmark prints: a table for people, or one JSON value with --json.
extension BenchCommand {
    /// Prints a report as one JSON object (`json(_:)`).
    static func printJSON(_ report: some Encodable) {
        print(json(report))
    }

    /// One column of a benchmark's table: its heading, its width in characters (the last
    /// column is not padded), and each row's text.
    struct Column<Row> {
        let heading: String
        let width: Int
        let text: (Row) -> String

        init(_ heading: String, _ width: Int, _ text: @escaping (Row) -> String) {
            (self.heading, self.width, self.text) = (heading, width, text)
        }
    }

    /// Prints `rows`: one JSON array with --json, else `title` and a table of `columns`.
    func report<Row: Encodable>(_ rows: [Row], title: String, _ columns: [Column<Row>]) {
        guard !json else { return Self.printJSON(rows) }
        print(title)
        func line(_ cells: [String]) -> String {
            zip(cells, columns).dropLast().map { pad($0, $1.width) }.joined() + (cells.last ?? "")
        }
        print(line(columns.map(\.heading)))
        for row in rows { print(line(columns.map { $0.text(row) })) }
    }

    /// A report as one JSON object with sorted keys. An infinite PSNR (identical pictures) is
    /// written "inf", as JSON has no number for it.
    static func json(_ report: some Encodable) -> String {
        do {
            let value = try JSONValueEncoder.value(of: report) { $0.isNaN ? "nan" : $0 > 0 ? "inf" : "-inf" }
            return JSONWriter.text(value, sortedKeys: true)
        } catch {
            return JSONWriter.text(["error": "the report could not be written as JSON"])
        }
    }

    /// `text` padded with spaces to `width` characters, or followed by one space when it is as wide or wider.
    func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// `value` with three decimals, as the tables print figures.
    func format(_ value: Double) -> String {
        String(cFormat: "%.3f", value)
    }
}
