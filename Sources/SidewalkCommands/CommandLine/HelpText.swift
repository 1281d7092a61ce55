import Explorer
import ProductInfo
import SystemIO

/// The parts of `sidewalk --help` that are not an option table, and `--version`.
enum HelpText {
    static let version = "sidewalk \(ProductVersion.number)"

    /// `--version`'s line: the version, then the commit and its day when scripts/package recorded
    /// them, as rustc prints its own ("sidewalk 0.2.0 (97769d8abc12 2026-12-07)"); a build from
    /// `swift build` says it is a development build.
    static var versionLine: String {
        guard let commit = ProductVersion.commit else { return version + " (development build, no commit recorded)" }
        return version + " (\(commit.hash) \(UTCTime.text(Double(commit.seconds), "%Y-%m-%d")))"
    }

    /// How every command is called; README's usage block is these lines.
    static var allSynopses: [String] {
        ExploreOptions.synopsis + PanoramaxCommand.synopsis + MapillaryCommand.synopsis + OpenCommand.synopsis + TourCommand.synopsis
            + SnapshotCommand.synopsis
            + InfoCommand.synopsis
            + ImportCommand.synopsis
            + TileCommand.synopsis
            + BenchCommand.synopsis + TerminalCommand.synopsis + TestCommand.synopsis + RenderCommand.synopsis + GenerateCommand.synopsis
            + ["sidewalk COMMAND --help | sidewalk --version"]
    }

    /// What the explorer's operand means.
    static let operands = """
          IMAGE     a full 360×180 equirectangular JPEG or PNG (2:1)
          DATASET   a folder holding manifest.json and its images (docs/dataset-format.md), its
                    https:// address on a web server (docs/hosting.md), or Panoramax: panoramax: for
                    the public federation, panoramax:URL for another instance (docs/panoramax.md)
          Without either, the bundled demo town in Assets/demo opens.
        """

    /// The KEYS, COMMANDS and MOUSE sections, from the one list the explorer's own help and the
    /// narrator also show (`KeyBindings.help`, `TypedCommand.usage`, `KeyBindings.mouseHelp`).
    static var keys: String {
        "KEYS:\n" + HelpLayout.table(KeyBindings.help) + "\n\nCOMMANDS (after :, Enter runs, Escape cancels):\n  "
            + TypedCommand.usage.joined(separator: "   ") + "\n\nMOUSE:\n" + HelpLayout.table(KeyBindings.mouseHelp)
    }

    /// The commands besides the explorer, each with what it is for.
    private static var otherCommands: String {
        HelpLayout.table([
            ("panoramax", PanoramaxCommand.purpose), ("mapillary", MapillaryCommand.purpose),
            ("open", OpenCommand.purpose), ("tour", TourCommand.purpose),
            ("snapshot", SnapshotCommand.purpose),
            ("info", InfoCommand.purpose), ("import", ImportCommand.purpose), ("tile", TileCommand.purpose),
            ("bench", BenchCommand.purpose), ("terminal", TerminalCommand.purpose), ("test", TestCommand.purpose),
            ("render", RenderCommand.purpose), ("generate", GenerateCommand.purpose)
        ])
    }

    /// What follows the explorer's options.
    static var epilogue: String {
        """
        OTHER COMMANDS (each has --help):
        \(otherCommands)

        \(keys)

        EXIT STATUS:
          0 success, 1 unusable input or terminal, 2 bad command line, 3 no imagery near the place
          asked for (--at), 128+N killed by signal N.

        CONFIGURATION:
          $XDG_CONFIG_HOME/sidewalk/config.json (default ~/.config/sidewalk/config.json), e.g.
          {"gestures": {"zoom": false}, "color": "truecolor", "fps": 20}; flags win.

        ENVIRONMENT:
          SIDEWALK_ASSETS   folder holding the bundled assets, if not beside the executable
          NO_COLOR          when set and not empty, no colour (as --color none)
          COLORTERM         truecolor or 24bit: the terminal shows 24-bit colour
        """
    }
}
