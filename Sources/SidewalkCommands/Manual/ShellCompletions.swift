/// Completions for bash, zsh and fish, from the tables `--help` prints (`CommandPages`): the
/// subcommands, each command's options, the words an option takes (`--color`, `--symbols`…) and
/// file names where a value is a path.
enum ShellCompletions {
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh":
            "#compdef sidewalk\n# zsh completion for sidewalk: bash's, through bashcompinit.\nautoload -U +X bashcompinit && bashcompinit\n"
                + bash
        case "fish": fish
        default: nil
        }
    }

    /// The commands' names after `sidewalk`.
    static var commands: [String] { CommandPages.all.compactMap(\.name) }

    static var bash: String {
        let names = commands.joined(separator: " ")
        var cases: [String] = []
        // The explorer's options last: its case is the one for no command.
        for page in CommandPages.all.dropFirst() + CommandPages.all.prefix(1) {
            let values = page.options.filter { $0.placeholder != nil }.map { option in
                let words = option.choices.joined(separator: " ")
                let reply =
                    option.takesPath
                    ? "COMPREPLY=($(compgen -f -- \"$cur\")); "
                    : words.isEmpty ? "" : "COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); "
                return "            \((option.names + option.aliases).joined(separator: "|"))) \(reply)return ;;"
            }
            let spellings = page.options.flatMap { $0.names + $0.aliases }.joined(separator: " ")
            cases.append(
                "    \(page.name ?? "*"))\n        case \"$prev\" in\n\(values.joined(separator: "\n"))\n        esac\n"
                    + "        options=\"\(spellings)\" ;;")
        }
        return """
            # bash completion for sidewalk, made from its --help tables (sidewalk generate bash).
            _sidewalk() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command= options=
                [[ $COMP_CWORD -gt 1 ]] && command=${COMP_WORDS[1]}
                case " \(names) " in *" $command "*) ;; *) command= ;; esac
                case "$command" in
            \(cases.joined(separator: "\n"))
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                elif [[ -z "$command" && $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _sidewalk sidewalk

            """
    }

    static var fish: String {
        var lines = ["# fish completion for sidewalk, made from its --help tables (sidewalk generate fish).", "complete -c sidewalk -f"]
        let none = "not __fish_seen_subcommand_from \(commands.joined(separator: " "))"
        for page in CommandPages.all {
            if let name = page.name {
                lines.append("complete -c sidewalk -n '\(none)' -a \(name) -d '\(quoted(page.purpose))'")
            }
            let condition = page.name.map { "__fish_seen_subcommand_from \($0)" } ?? none
            for option in page.options {
                var line = "complete -c sidewalk -n '\(condition)'"
                for spelling in option.names + option.aliases {
                    line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
                }
                if option.placeholder != nil { line += option.takesPath ? " -r -F" : " -x" }
                if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
                lines.append(line + " -d '\(quoted(String(option.help.prefix(80))))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` inside single quotes in fish.
    private static func quoted(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    }
}
