import BoundedJSON
import FoundationEssentials
import RemoteData
import SystemIO

/// A suite's settings in a file (`sidewalk test --config suite.json`), as Playwright's projects
/// keep theirs: the scripts, fronts, sizes, dataset, retries, workers and grep, so CI and a
/// tester's terminal run the same matrix. Paths are relative to the file's folder; the command
/// line's options win over the file's.
struct SuiteConfig {
    var scripts: [String] = []
    var fronts: [ScriptSuite.Front]?
    var sizes: [ScriptSuite.Size]?
    var dataset: String?
    var retries: Int?
    var workers: Int?
    var grep: String?

    static let known = ["scripts", "fronts", "sizes", "dataset", "retries", "workers", "grep"]

    /// The settings `path` holds; a file that is not what this describes is one line naming it.
    static func load(_ path: String) throws(CommandError) -> SuiteConfig {
        func invalid(_ what: String) -> CommandError { .configInvalid(path: path, problem: what) }
        let root = try ConfigFile.settings(at: path, known: known)
        let folder = PathText.parent(path)
        func relative(_ text: String) -> String {
            text.hasPrefix("/") || folder.isEmpty ? text : PathText.join(folder, text)
        }
        func strings(_ key: String) throws(CommandError) -> [String]? {
            guard let raw = root[key] else { return nil }
            guard let list = raw.array?.compactMap(\.string), list.count == raw.array?.count, !list.isEmpty else {
                throw invalid("\(key) must be a list of strings")
            }
            return list
        }
        func count(_ key: String, _ range: ClosedRange<Int>) throws(CommandError) -> Int? {
            guard let raw = root[key] else { return nil }
            guard let number = raw.number, number.rounded() == number, range.contains(Int(exactly: number) ?? -1) else {
                throw invalid("\(key) must be a whole number, \(range.lowerBound)...\(range.upperBound)")
            }
            return Int(number)
        }
        var config = SuiteConfig()
        config.scripts =
            try strings("scripts")?.map { (text) throws(CommandError) in
                let path = relative(text)
                // A suite's scripts are its own: none is read from outside its folder (nor is a line
                // of one quoted in an error).
                guard FileKind.of(path) == nil || Directory.isOrLies(path, inside: folder.isEmpty ? "." : folder) else {
                    throw invalid("scripts holds '\(text)', which leads outside the suite's folder; scripts are read only from inside it")
                }
                return path
            } ?? []
        config.fronts = try strings("fronts").map { (names) throws(CommandError) in
            try names.map { (name) throws(CommandError) in
                guard let front = ScriptSuite.Front(rawValue: name) else { throw invalid("fronts holds '\(name)'; headless or terminal") }
                return front
            }
        }
        config.sizes = try strings("sizes").map { (texts) throws(CommandError) in
            try texts.map { (text) throws(CommandError) in
                do throws(OptionValueError) {
                    let size = try CommandOption<TestCommand>.sizeValue(text, in: TestCommand.sides)
                    return ScriptSuite.Size(columns: size.width, rows: size.height)
                } catch {
                    throw invalid(error.message(option: "sizes", text: text))
                }
            }
        }
        config.dataset = try root["dataset"].map { (raw) throws(CommandError) in
            guard let text = raw.string, !text.isEmpty else { throw invalid("dataset must be a path or address") }
            return HTTPClient.isWebAddress(text) ? text : relative(text)
        }
        (config.retries, config.workers) = (try count("retries", TestCommand.retryRange), try count("workers", TestCommand.workerRange))
        config.grep = try root["grep"].map { (raw) throws(CommandError) in
            guard let text = raw.string, !text.isEmpty else { throw invalid("grep must be a pattern, as --grep takes") }
            return text
        }
        return config
    }
}

/// A suite's settings as the fuzz target reads them.
package enum SuiteSettings {
    /// The scripts the settings at `path` name, or nil when they are refused.
    package static func scripts(at path: String) -> [String]? {
        try? SuiteConfig.load(path).scripts
    }
}
