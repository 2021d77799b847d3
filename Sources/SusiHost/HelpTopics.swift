import SusiBasics
import SusiCLI
import SusiCore
import SusiNet

/// `susi help <topic>` pages. Each is built from the same tables the code
/// uses (settings, option specs, exit codes, paths), so they cannot drift.
enum HelpTopics {
    static func all(root: Command) -> [HelpTopic] {
        [environment(root: root), exitCodes, files, formatting]
    }

    static func environment(root: Command) -> HelpTopic {
        HelpTopic(name: "environment", abstract: "Environment variables that susi reads.") { _ in
            var rows = Reference.locations.map { HelpPage.Row($0.name, $0.description) }
            for key in SusiApp.settings {
                rows.append(HelpPage.Row(key.environmentVariable, "Overrides the '\(key.name)' setting: \(key.abstract)"))
            }
            var seen = Set(rows.map(\.label))
            for (variable, abstract) in optionVariables(root) + optionVariables(GlobalOptions.specs)
            where !seen.contains(variable) {
                seen.insert(variable)
                rows.append(HelpPage.Row(variable, abstract))
            }
            rows += SusiApp.environment.map { HelpPage.Row($0.name, $0.description) }
            return HelpPage(title: "ENVIRONMENT",
                            intro: "susi reads these variables. A command-line flag beats its variable, which beats the config file.",
                            rows: rows,
                            outro: "The same list is in the ENVIRONMENT section of the susi(1) man page ('man susi'); each command's page (e.g. 'man susi-chat') names the variables its options read.")
        }
    }

    private static func optionVariables(_ command: Command) -> [(String, String)] {
        optionVariables(command.options) + command.subcommands.flatMap(optionVariables)
    }

    private static func optionVariables(_ options: [OptionSpec]) -> [(String, String)] {
        options.compactMap { option in option.environment.map { ($0, "Default for \(option.display): \(option.abstract)") } }
    }

    static var exitCodes: HelpTopic {
        HelpTopic(name: "exit-codes", abstract: "What each exit status means.", records: { _ in
            try JSONOutput.encode(ExitCode.allCases.map {
                ExitCodeJSON(code: Int($0.rawValue), name: $0.symbol, meaning: Reference.meaning(of: $0))
            })
        }) { _ in
            HelpPage(title: "EXIT CODES",
                     intro: "susi follows sysexits(3), so scripts can tell a typo from an outage from a refused login.",
                     rows: ExitCode.allCases.map { HelpPage.Row("\($0.rawValue) \($0.symbol)", Reference.meaning(of: $0)) },
                     outro: "An external command (susi-NAME) exits with its own status.")
        }
    }

    /// One row of `help exit-codes --json`.
    struct ExitCodeJSON: Encodable {
        var code: Int
        var name: String
        var meaning: String
    }

    static var files: HelpTopic {
        HelpTopic(name: "files", abstract: "Files susi reads and writes, and where.") { environment in
            filesPage(Paths(environment: environment), runtimeDirectory: environment["XDG_RUNTIME_DIR"],
                      intro: "Paths as they resolve now. Set SUSI_HOME to move all of them under one folder, or the XDG_* variables to move each kind (see 'susi help environment'). Folders are created with mode 0700.")
        }
    }

    /// The files page for `paths`; the man pages show it for the default locations.
    static func filesPage(_ paths: Paths, runtimeDirectory: String? = nil, intro: String) -> HelpPage {
        HelpPage(title: "FILES", intro: intro,
                 rows: SusiApp.files(paths, runtimeDirectory: runtimeDirectory).map { HelpPage.Row($0.path, $0.description) },
                 outro: Manual.installedNote)
    }

    static var formatting: HelpTopic {
        HelpTopic(name: "formatting", abstract: "Output formats: tables, piped output and --json.") { _ in
            HelpPage(title: "FORMATTING",
                     intro: "Results go to stdout; errors, warnings, progress and prompts go to stderr, so output can always be piped.",
                     rows: [
                        HelpPage.Row("terminal", "Tables have upper-case headers and aligned columns fitted to the width; colour is used unless NO_COLOR is set, TERM is dumb or --color never is given."),
                        HelpPage.Row("piped", "Tables become one line per row with tab-separated fields and no header; no colour, no prompts, no spinners."),
                        HelpPage.Row("--json", "Every command that prints data accepts --json and prints stable JSON instead: one value, sorted keys, two-space indent, snake_case names as the SUSI API uses, dates in ISO 8601 UTC. It never prompts, colours or spins; errors still go to stderr with a non-zero exit status."),
                        HelpPage.Row("--json=a,b", "Keeps only the named top-level fields (of the object, or of each object in a list); '--json a,b' works too. An unknown name is a usage error (exit 64) that lists the fields there are."),
                        HelpPage.Row("chat --json", "JSON Lines: one compact reply object per line and query, as the server sent it (query, answers with actions, answer_date ...), so a chat can be read line by line while it runs. In a piped chat, /history and /explain add one line each (the array 'chat history --json' prints; the explanation object); other slash commands write to stderr."),
                        HelpPage.Row("--quiet", "Only results and errors; no notes on stderr."),
                        HelpPage.Row("--no-input", "Never prompt. A command that needs an answer fails with exit 64 and names the flag to pass."),
                     ],
                     outro: "Examples: susi config list --json | python3 -m json.tool; susi skills list --json name,group")
        }
    }
}
