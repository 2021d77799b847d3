import Foundation
import SusiBasics
import SusiNet
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("Help")
struct HelpTests {
    @Test func rootHelpSnapshot() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "susi-help")
    }

    @Test func bareSusiAndHelpPrintTheRootHelp() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let expected = harness.run(["--help"])
        for argv in [[], ["help"], ["-h"]] as [[String]] {
            #expect(harness.run(argv) == expected, "susi \(argv.joined(separator: " "))")
        }
    }

    @Test func configSetHelpSnapshot() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "set", "--help"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "susi-config-set-help")
    }

    @Test func configHelpSnapshot() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["help", "config"])
        #expect(result.status == 0)
        assertSnapshot(result.stdout, named: "susi-config-help")
    }

    @Test func helpCommandEqualsTheHelpFlag() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        for path in [["config"], ["config", "set"], ["config", "list"], ["config", "get"], ["config", "unset"],
                     ["config", "path"], ["help"]] {
            let viaCommand = harness.run(["help"] + path)
            let viaFlag = harness.run(path + ["--help"])
            #expect(viaCommand == viaFlag, "susi help \(path.joined(separator: " "))")
            #expect(viaCommand.status == 0)
            #expect(harness.run(path + ["-h"]) == viaFlag)
        }
        // Aliases too.
        #expect(harness.run(["help", "config", "ls"]) == harness.run(["config", "list", "--help"]))
    }

    @Test func helpIgnoresAnIncompleteCommandLine() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        let expected = harness.run(["config", "set", "--help"])
        #expect(harness.run(["config", "set", "speech.rate", "--help"]) == expected)
        #expect(harness.run(["config", "set", "--help", "nonsense", "extra", "words"]) == expected)
    }

    @Test func narrowTerminalsWrapNarrower() throws {
        let home = try TemporaryHome()
        let wide = try home.harness().run(["config", "set", "--help"])
        let narrow = try home.harness(["COLUMNS": "40"]).run(["config", "set", "--help"])
        #expect(narrow.status == 0)
        #expect(narrow.stdout != wide.stdout)
        #expect(narrow.stdout.lines.count > wide.stdout.lines.count)
        for line in narrow.stdout.lines {
            // Only a single word longer than the room left (a setting's name) may stick out.
            let oneWord = !line.trimmingCharacters(in: .whitespaces).contains(" ")
            #expect(TextLayout.cells(line) <= 40 || oneWord, "too wide: \(line)")
        }
        for line in wide.stdout.lines {
            #expect(TextLayout.cells(line) <= 80, "too wide: \(line)")
        }
        // The same words, only wrapped differently.
        #expect(narrow.stdout.split(whereSeparator: \.isWhitespace) == wide.stdout.split(whereSeparator: \.isWhitespace))
    }

    @Test func helpForAnUnknownTopicIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["help", "enviroment"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: No help for 'enviroment': no such command or topic. Did you mean 'environment'?
            Usage: susi help [<topic> ...]
              See 'susi help --help' for more information.

            """)
        let nested = try home.harness().run(["help", "config", "sett"])
        #expect(nested.status == 64)
        #expect(nested.stderr.hasPrefix("error: No help for 'config sett': no such command or topic. Did you mean 'set'?\n"))
    }

    @Test func aGroupWithoutASubcommandPrintsItsHelp() throws {
        let home = try TemporaryHome()
        let harness = try home.harness()
        #expect(harness.run(["config"]) == harness.run(["config", "--help"]))
    }
}

@Suite("Help topics")
struct HelpTopicTests {
    func topic(_ name: String, environment: [String: String] = [:]) throws -> String {
        let home = try TemporaryHome()
        let result = try home.harness(environment).run(["help", name])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        return result.stdout
    }

    @Test func everyTopicIsListedInTheRootHelp() throws {
        let home = try TemporaryHome()
        let help = try home.harness().run(["--help"]).stdout
        for name in ["environment", "exit-codes", "files", "formatting"] {
            #expect(help.contains("\n  \(name) "), "\(name) missing from HELP TOPICS")
        }
    }

    @Test func environmentNamesEveryVariable() throws {
        let text = try topic("environment")
        #expect(text.hasPrefix("ENVIRONMENT\n"))
        for key in SusiApp.settings {
            #expect(text.contains(key.environmentVariable), "\(key.environmentVariable) missing")
            #expect(text.contains("'\(key.name)'"), "\(key.name) missing")
        }
        for variable in ["SUSI_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
                         "SUSI_NO_INPUT", NetworkGuard.variable, "NO_COLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS",
                         "PATH", "LANG"] {
            #expect(text.contains("\n  \(variable) ") || text.contains("\n  \(variable)\n"), "\(variable) missing")
        }
    }

    @Test func exitCodesListsEveryCode() throws {
        let text = try topic("exit-codes")
        #expect(text.hasPrefix("EXIT CODES\n"))
        for code in ExitCode.allCases {
            #expect(text.contains("  \(code.rawValue) \(code.symbol) "), "\(code) missing")
            let firstWords = Reference.meaning(of: code).split(separator: " ").prefix(3).joined(separator: " ")
            #expect(text.contains(firstWords), "meaning of \(code) missing")
        }
        #expect(text.contains("susi-NAME"))
    }

    @Test func filesShowsThePathsAsTheyResolve() throws {
        let home = try TemporaryHome()
        let text = try home.harness().run(["help", "files"]).stdout
        #expect(text.hasPrefix("FILES\n"))
        let paths = Paths(environment: ["SUSI_HOME": home.path])
        for path in [paths.configFile, paths.databaseFile, paths.credentialsFile, paths.keyFile, paths.sessionFile,
                     paths.chatHistoryFile] {
            #expect(text.contains(path), "\(path) missing")
        }
        #expect(text.contains("0600"))
        #expect(text.contains("0700"))
        #expect(text.contains(paths.credentialsFile + ".corrupt-*"))
        #expect(text.contains("$XDG_RUNTIME_DIR/susi/agent-*.sock"))
        let withRuntime = try home.harness(["XDG_RUNTIME_DIR": "/run/user/1000"]).run(["help", "files"]).stdout
        #expect(withRuntime.contains("/run/user/1000/susi/agent-*.sock"))
    }

    /// `help files` cannot drift from what susi writes: after a tour of the
    /// commands that write, every file under SUSI_HOME is one it lists (or
    /// SQLite's and the lock's companions of one).
    @Test func filesListsEveryFileSusiWrote() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        susi.signUp()
        for line in [["chat", "hello"], ["config", "set", "color", "never"], ["chat", "thumbs", "up"], ["skills", "list"]] {
            #expect(susi.run(line).status == 0, "\(line)")
        }
        let listed = SusiApp.files(Paths(environment: ["SUSI_HOME": home.path])).map(\.path)
        let text = susi.run(["help", "files"]).stdout
        for file in home.allFiles() where !file.hasPrefix(home.path + "/empty-bin") {
            // SQLite's companions of the database, and the credential file's lock.
            let base = ["-wal", "-shm", "-journal"].reduce(file) { name, suffix in
                name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
            }.replacingOccurrences(of: "credentials.lock", with: "credentials")
            #expect(listed.contains(base), "susi wrote \(file), which 'help files' does not list")
            #expect(text.contains(base))
        }
    }

    /// Every SUSI_* variable named anywhere in the sources is in
    /// `help environment` (it once left out SUSI_BUNDLED_SKILLS and
    /// SUSI_SPEECH_COMMAND).
    @Test func environmentListsEveryVariableTheSourcesName() throws {
        let text = try topic("environment")
        let sources = packageRoot + "/Sources"
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var names = Set<String>()
        let pattern = try NSRegularExpression(pattern: "\"(SUSI_[A-Z][A-Z_]*)\"")
        for file in files {
            let source = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                names.insert(String(source[Range(match.range(at: 1), in: source)!]))
            }
        }
        #expect(names.contains("SUSI_SPEECH_COMMAND"))
        #expect(names.contains("SUSI_BUNDLED_SKILLS"))
        for name in names.sorted() {
            #expect(text.contains("\n  \(name) ") || text.contains("\n  \(name)\n"), "\(name) is read but not in 'help environment'")
        }
    }

    @Test func formattingExplainsTablesPipesAndJSON() throws {
        let text = try topic("formatting")
        #expect(text.hasPrefix("FORMATTING\n"))
        for phrase in ["stdout", "stderr", "tab-separated", "--json", "NO_COLOR", "--quiet", "--no-input", "exit 64",
                       "snake_case", "ISO 8601", "--json=a,b", "JSON Lines"] {
            #expect(text.contains(phrase), "\(phrase) missing")
        }
    }

    @Test func topicsWrapToTheWidth() throws {
        for name in ["environment", "exit-codes", "formatting"] {
            for line in try topic(name, environment: ["COLUMNS": "50"]).lines {
                #expect(TextLayout.cells(line) <= 50, "\(name): \(line)")
            }
        }
    }
}
