import SusiCLI
import SusiCore
import SusiNet

/// `susi help <topic>` pages. Each is built from the same tables the code
/// uses (settings, option specs, exit codes, paths), so they cannot drift.
enum HelpTopics {
    static func all(root: Command) -> [HelpTopic] {
        [environment(root: root), exitCodes, files, formatting]
    }

    static func page(_ title: String, _ intro: String, rows: [(String, String)], outro: String = "",
                     width: Int) -> String {
        var text = title + "\n\n" + TextLayout.wrap(intro, width: width) + "\n\n"
        let labelWidth = min(28, (rows.map { TextLayout.cells($0.0) }.max() ?? 0) + 4)
        for line in TextLayout.columns(rows, column: labelWidth, width: width) { text += line + "\n" }
        if !outro.isEmpty { text += "\n" + TextLayout.wrap(outro, width: width) + "\n" }
        return text
    }

    static func environment(root: Command) -> HelpTopic {
        HelpTopic(name: "environment", abstract: "Environment variables that susi reads.") { width, _ in
            var rows: [(String, String)] = [
                ("SUSI_HOME", "Keep every susi file (config, data, state, cache) under this one folder instead of the XDG locations."),
                ("XDG_CONFIG_HOME", "Base folder for the config file (default ~/.config). Relative values are ignored, as the XDG spec requires; likewise below."),
                ("XDG_DATA_HOME", "Base folder for the database and credentials (default ~/.local/share)."),
                ("XDG_STATE_HOME", "Base folder for the session and shell history (default ~/.local/state)."),
                ("XDG_CACHE_HOME", "Base folder for caches (default ~/.cache)."),
            ]
            for key in ConfigKey.all {
                rows.append((key.environmentVariable, "Overrides the '\(key.name)' setting: \(key.abstract)"))
            }
            var seen = Set(rows.map(\.0))
            for (variable, abstract) in optionVariables(root) + optionVariables(GlobalOptions.specs)
            where !seen.contains(variable) {
                seen.insert(variable)
                rows.append((variable, abstract))
            }
            rows += [
                ("SUSI_TOKEN", "A token to send instead of the stored login's. Overrides the credential file and is never written anywhere."),
                ("SUSI_PASSPHRASE", "The credential file's passphrase, for scripts and CI. Weaker than being asked: other programs running as you can read the environment."),
                (NetworkGuard.variable, "When set (tests set it), susi refuses to contact any address that is not loopback."),
                ("NO_COLOR", "When set and not empty, never use colour (unless --color always is given)."),
                ("CLICOLOR_FORCE", "When set and not 0, use colour even when output is not a terminal."),
                ("TERM", "When 'dumb', no colour and no prompts."),
                ("COLUMNS", "Width used to wrap help and fit tables; by default the terminal's width, or 80."),
                ("PATH", "Searched for external commands: an executable susi-NAME runs as 'susi NAME'."),
                ("LANG", "Chat language when the 'language' setting is unset."),
            ]
            return page("ENVIRONMENT", "susi reads these variables. A command-line flag beats its variable, which beats the config file.",
                        rows: rows, width: width)
        }
    }

    private static func optionVariables(_ command: Command) -> [(String, String)] {
        optionVariables(command.options) + command.subcommands.flatMap(optionVariables)
    }

    private static func optionVariables(_ options: [OptionSpec]) -> [(String, String)] {
        options.compactMap { option in option.environment.map { ($0, "Default for \(option.display): \(option.abstract)") } }
    }

    static var exitCodes: HelpTopic {
        HelpTopic(name: "exit-codes", abstract: "What each exit status means.") { width, _ in
            page("EXIT CODES", "susi follows sysexits(3), so scripts can tell a typo from an outage from a refused login.",
                 rows: ExitCode.allCases.map { ("\($0.rawValue) \($0.symbol)", $0.meaning) },
                 outro: "An external command (susi-NAME) exits with its own status.", width: width)
        }
    }

    static var files: HelpTopic {
        HelpTopic(name: "files", abstract: "Files susi reads and writes, and where.") { width, environment in
            let paths = Paths(environment: environment)
            let rows: [(String, String)] = [
                (paths.configFile, "Settings (no secrets). Written atomically, mode 0600. Never overwritten when it cannot be read."),
                (paths.databaseFile, "The embedded SUSI's database: accounts, skills, ratings, feedback, devices, chat history."),
                (paths.credentialsFile, "Encrypted credentials (tokens), and beside it 'key' when a machine key protects them."),
                (paths.sessionFile, "The current session: server, identity and expiry; never a token."),
                (paths.historyFile, "Shell history, without secrets."),
                (paths.cacheDirectory, "Caches for completion; safe to delete."),
            ]
            return page("FILES", "Paths as they resolve now. Set SUSI_HOME to move all of them under one folder, or the XDG_* variables to move each kind (see 'susi help environment'). Folders are created with mode 0700.",
                        rows: rows, width: width)
        }
    }

    static var formatting: HelpTopic {
        HelpTopic(name: "formatting", abstract: "Output formats: tables, piped output and --json.") { width, _ in
            page("FORMATTING", "Results go to stdout; errors, warnings, progress and prompts go to stderr, so output can always be piped.",
                 rows: [
                    ("terminal", "Tables have upper-case headers and aligned columns fitted to the width; colour is used unless NO_COLOR is set, TERM is dumb or --color never is given."),
                    ("piped", "Tables become one line per row with tab-separated fields and no header; no colour, no prompts, no spinners."),
                    ("--json", "Every command that prints data accepts --json and prints stable JSON (sorted keys, two-space indent) instead. It never prompts, colours or spins; errors still go to stderr with a non-zero exit status."),
                    ("--quiet", "Only results and errors; no notes on stderr."),
                    ("--no-input", "Never prompt. A command that needs an answer fails with exit 64 and names the flag to pass."),
                 ],
                 outro: "Example: susi config list --json | python3 -m json.tool", width: width)
        }
    }
}
