import Foundation
import TestSupport
import Testing

/// Every `sidewalk` command README.md and docs/ show is run, so an example cannot drift from the
/// program again (two did: `sidewalk snapshot --find "clock tower" --output tower.png` exited 2).
/// Examples run on the bundled demo, in a folder of their own per document, in the document's
/// order (so `--record walk.cast` makes the recording its `render` lines read); the explorer's
/// are run in a pseudo-terminal and left with `q`. A synopsis (placeholders such as DATASET,
/// brackets, `…`), a command's bare name, and the examples named below that need a public server
/// or the reader's own photos are not run: their command must exist and its `--help` must name
/// each option they use.
@Suite("Every command in README and docs/")
struct DocumentedCommandTests {
    static let root = BuiltProducts.packageRoot(from: #filePath)

    /// Examples that need a server on the internet (or a placeholder host), not run.
    static let needNetwork: Set<String> = [
        "sidewalk https://example.org/mytown/",
        "sidewalk https://imagery.example/town/",
        "sidewalk snapshot https://example.org/mytown/ --output view.png",
        "sidewalk info https://example.org/mytown/manifest.json",
        "sidewalk mapillary \"Times Square, New York\"",
        "sidewalk mapillary --at 40.7580,-73.9855 --radius 80",
        "sidewalk mapillary --image 498763468214164",
        "sidewalk info mapillary: --at 40.7580,-73.9855",
        "sidewalk snapshot mapillary: --at 40.7580,-73.9855 --output square.png",
        "sidewalk open 'https://www.mapillary.com/app/?pKey=498763468214164&lat=40.758&lng=-73.9855&z=17'",
        "sidewalk open 'https://api.panoramax.xyz/?pic=890b6268-7716-4e34-ada9-69985e6c1657&xyz=10/0/0'",
        "sidewalk panoramax \"Place du Capitole, Toulouse\"",
        "sidewalk panoramax --at 48.8530,2.3499",
        "sidewalk panoramax --picture 890b6268-7716-4e34-ada9-69985e6c1657",
        "sidewalk panoramax --server https://panoramax.openstreetmap.fr --at 48.1205,-1.7199",
        "sidewalk info panoramax: --at 48.8530,2.3499",
        "sidewalk snapshot panoramax: --at 48.8530,2.3499 --heading 90 --output notre-dame.png",
        "sidewalk import panoramax: --bbox 2.3480,48.8520,2.3520,48.8540 --output notre-dame/",
        "sidewalk mytown/ --find \"Town Hall\" --geocoder https://photon.komoot.io/api"
    ]

    /// Examples on the reader's own dataset or photos (`mytown`, `~/photos/360`), not run.
    static let needReadersData: Set<String> = [
        "sidewalk import ~/photos/360 --output mytown",
        "sidewalk tile mytown --output mytown",
        "sidewalk mytown/ --find \"rue de la paix\"",
        "sidewalk mytown/ --basemap mytown.mbtiles"
    ]

    /// Spans that show something other than a command to run, with what they show.
    static let notCommands: [String: String] = [
        "sidewalk --sym": "what is typed before Tab completes it (packaging.md)",
        "sidewalk \"\"": "a bad input in reliability.md's table, whose line CommandLineTests.numberForms checks",
        "sidewalk 0.2.0 (f291835c0769 2026-12-07)": "what --version prints"
    ]

    static let documents: [String] = {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    static func commands() throws -> [DocumentedCommand] {
        try DocumentedCommand.all(in: documents, root: root)
    }

    @Test("the documents show commands, and every named exception is still shown")
    func exceptionsAreCurrent() throws {
        let shown = Set(try Self.commands().map(\.text))
        #expect(shown.count > 50)
        for named in Self.needNetwork.union(Self.needReadersData).union(Self.notCommands.keys) {
            #expect(shown.contains(named), "named as an exception but no longer in the docs: \(named)")
        }
    }

    @Test("a command that needs the network is named as such, not run against a public server")
    func networkExamplesAreNamed() throws {
        for command in try Self.commands() where DocumentedUse.of(command) == .run {
            let asksTheWeb = command.text.contains("https://") || command.words.contains { $0.hasSuffix(":") }
            #expect(!asksTheWeb, "runs against the web: name it in needNetwork, \(command)")
        }
    }

    @Test("synopses, names and the examples not run name a command and options its --help knows")
    func synopsesNameKnownOptions() throws {
        var helps: [String: String] = [:]
        for command in try Self.commands() where DocumentedUse.of(command) != .run && DocumentedUse.of(command) != .notACommand {
            let sub = DocumentedUse.subcommand(of: command)
            if helps[sub] == nil {
                let run = try ProgramRun.sidewalk(sub.isEmpty ? ["--help"] : [sub, "--help"])
                #expect(run.status == 0, "\(command): `sidewalk \(sub) --help` exits \(run.status): \(run.standardError)")
                let explorer = sub.isEmpty ? "" : try ProgramRun.sidewalk(["--help"]).standardOutput
                helps[sub] = run.standardOutput + explorer
            }
            for option in DocumentedUse.options(in: command) {
                #expect(helps[sub]!.contains(option), "\(command): \(option) is not in `sidewalk \(sub) --help`")
            }
        }
    }

    @Test("every example runs on the bundled demo and ends with status 0", .timeLimit(.minutes(10)))
    func examplesRun() throws {
        let commands = try Self.commands().filter { DocumentedUse.of($0) == .run }
        #expect(commands.count >= 30)
        // A benchmark shown on several pages runs once: it reads no file an example makes.
        var benchmarksRun: Set<String> = []
        for document in Self.documents {
            let mine = commands.filter { $0.document == document }
            guard !mine.isEmpty else { continue }
            let sandbox = try ExampleSandbox(root: Self.root)
            defer { sandbox.remove() }
            for command in mine {
                if DocumentedUse.subcommand(of: command) == "bench" && !benchmarksRun.insert(command.text).inserted { continue }
                let outcome = try sandbox.run(command)
                #expect(outcome.status == 0, "\(command) exits \(outcome.status): \(outcome.errors)")
            }
        }
    }
}

/// What the test does with a documented command.
enum DocumentedUse: Equatable {
    /// Run on the demo.
    case run
    /// A synopsis, a command's bare name, or an example named as needing the network or the
    /// reader's data: its options are checked against `--help`.
    case checkOptions
    /// Not a command (named in `notCommands`).
    case notACommand

    /// The commands `sidewalk --help` lists.
    static let subcommands: Set<String> = [
        "panoramax", "mapillary", "open", "tour", "snapshot", "info", "import", "tile", "bench", "terminal", "test", "render",
        "generate"
    ]

    /// The command's subcommand (`snapshot`, `bench`), or "" for the explorer's own forms.
    static func subcommand(of command: DocumentedCommand) -> String {
        let words = command.words
        return words.count > 1 && subcommands.contains(words[1]) ? words[1] : ""
    }

    static func of(_ command: DocumentedCommand) -> DocumentedUse {
        let text = command.text
        if DocumentedCommandTests.notCommands[text] != nil { return .notACommand }
        if DocumentedCommandTests.needNetwork.contains(text) || DocumentedCommandTests.needReadersData.contains(text) {
            return .checkOptions
        }
        let words = command.words
        // A command's name in prose: `sidewalk test`, `sidewalk import panoramax:`.
        let named = words.count == 2 || (words.count == 3 && words[2].hasSuffix(":"))
        if named && subcommands.contains(words[1]) { return .checkOptions }
        return isSynopsis(command) ? .checkOptions : .run
    }

    /// A synopsis: placeholders in capitals (DATASET, W,S,E,N), brackets, alternatives or an
    /// ellipsis.
    static func isSynopsis(_ command: DocumentedCommand) -> Bool {
        let placeholder = command.words.contains { word in
            word.range(of: #"^[A-Z][A-Z]+([.,:/|].*)?$|\b[A-Z],[A-Z]\b|^[A-Z]+\.[a-z]+$"#, options: .regularExpression) != nil
        }
        let marks = ["[", "|", "…", "...", "(PLACE"].contains { mark in command.words.contains { $0.contains(mark) && !$0.contains(" ") } }
        return placeholder || marks
    }

    /// The long options a command names (`--find`, `--output`), without any `=value`.
    static func options(in command: DocumentedCommand) -> [String] {
        command.text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }
    }
}
