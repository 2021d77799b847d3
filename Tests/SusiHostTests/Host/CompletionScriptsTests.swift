import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCLI
import SusiBasics
import SusiCore

/// The committed scripts in completions/ are what `susi completion` prints
/// now (regenerate them with
/// `swift package --allow-writing-to-package-directory generate-completions`).
@Suite struct CompletionFilesTests {
    static let files = [("bash", "susi.bash"), ("zsh", "_susi"), ("fish", "susi.fish")]

    @Test func theCommittedScriptsAreNotStale() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        for (shell, name) in Self.files {
            let rendered = susi.run(["completion", shell])
            #expect(rendered.status == 0)
            let committed = try String(contentsOfFile: packageRoot + "/completions/" + name, encoding: .utf8)
            #expect(committed == rendered.stdout,
                    "completions/\(name) is stale: run swift package --allow-writing-to-package-directory generate-completions")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["completion", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("bash, zsh, fish"))
        #expect(result.stdout.isEmpty)
    }

    @Test func completeAnswersInProcessWithoutOpeningTheBackendForTheTree() throws {
        let home = try TemporaryHome()
        let opens = Spied.Counter()
        let susi = try Spied.harness(home, opens: opens)
        let first = susi.run(["__complete", "sk"])
        #expect(first.stdout == ":none\nskills\tWork with SUSI skills.\nskill\tWork with SUSI skills.\n")
        #expect(susi.run(["__complete", "config", "set", "color", ""]).stdout == ":none\nauto\nalways\nnever\n")
        #expect(susi.run(["__complete", "chat", "--skill", ""]).stdout == ":files:txt\n")
        #expect(opens.count == 0, "no provider needed the backend")
        let skills = susi.run(["__complete", "skills", "rate", "calc"])
        #expect(skills.stdout == ":none\ncalculator\tCalculator\n")
        #expect(opens.count == 1)
        // A half-typed, even wrong, line is never an error.
        #expect(susi.run(["__complete", "--nope", "skills", "info", "--limit", "x", ""]).status == 0)
    }

    @Test func externalCommandsCompleteAsBareNames() throws {
        let home = try TemporaryHome()
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try home.script("bin/susi-hello", "echo hi\n")
        let susi = try home.harness(["PATH": bin])
        #expect(susi.run(["__complete", "hel"]).stdout == ":none\nhelp\tShow help for a command or a help topic.\nhello\tRuns \(bin)/susi-hello\n")
    }

    /// A plugin that answers --susi-spec completes like a built-in: its
    /// options, and its option's allowed values, come from its spec.
    @Test func aPluginWithASpecCompletesItsOptionsAndValues() throws {
        let home = try TemporaryHome()
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let example = packageRoot + "/examples/susi-hello"
        try FileManager.default.copyItem(atPath: example, toPath: bin + "/susi-hello")
        let susi = try home.harness(["PATH": bin + ":/usr/bin:/bin"])
        let options = susi.run(["__complete", "hello", "--"]).stdout
        #expect(options.contains("--shout\tGreet in capitals."), "\(options)")
        #expect(options.contains("--greeting\t"), "\(options)")
        #expect(susi.run(["__complete", "hello", "--greeting", "h"]).stdout.contains("hey"))
        #expect(susi.run(["__complete", "hel"]).stdout.contains("hello\tGreet the signed-in SUSI user."), "the spec's abstract describes it")
    }

    @Test func aServersSkillsCompleteFromTheCacheSkillsListWrote() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness(["SUSI_SERVER": served.url])
        #expect(susi.run(["__complete", "skills", "info", "calc"]).stdout == ":none\n", "nothing cached: nothing offered")
        let list = susi.run(["skills", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(susi.run(["__complete", "skills", "info", "calc"]).stdout == ":none\ncalculator\n")
        // Completion itself never asks the server: with it gone, the cache still answers.
        let gone = try home.harness(["SUSI_SERVER": "http://127.0.0.1:9"])
        CompletionCache.store(.skills, ["offline_one"], server: "http://127.0.0.1:9", paths: Paths(environment: gone.environment))
        #expect(gone.run(["__complete", "skills", "info", ""]).stdout == ":none\noffline_one\n")
    }

    /// Every kind a provider reads from the cache for a server is one some
    /// command writes: `skills groups` (or `list --group`) the groups,
    /// `skills list --language` the languages. Both were read and never
    /// written, so Tab after them offered nothing against any server.
    @Test func aServersGroupsAndLanguagesCompleteFromTheCacheTheirListingsWrote() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness(["SUSI_SERVER": served.url])
        #expect(susi.run(["__complete", "skills", "list", "--group", "Nov"]).stdout == ":none\n", "nothing cached")
        #expect(susi.run(["__complete", "skills", "list", "--language", ""]).stdout == ":none\nall\tevery language\n")
        let groups = susi.run(["skills", "groups"])
        #expect(groups.status == 0, "\(groups.stderr)")
        #expect(groups.stdout.contains("Novelty and Humour\n"))
        #expect(susi.run(["__complete", "skills", "list", "--group", "Nov"]).stdout == ":none\nNovelty and Humour\n")
        let listed = susi.run(["skills", "list", "--language", "en"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(susi.run(["__complete", "skills", "list", "--language", ""]).stdout == ":none\nen\nall\tevery language\n")
        // A group typed wrong still writes what the server said.
        let other = try TemporaryHome()
        let fresh = try other.harness(["SUSI_SERVER": served.url])
        #expect(fresh.run(["skills", "list", "--group", "Nonesuch"]).status == 64)
        #expect(fresh.run(["__complete", "skills", "list", "--group", "Nov"]).stdout == ":none\nNovelty and Humour\n")
    }

    @Test func configKeysAndTheirValuesComplete() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let keys = susi.run(["__complete", "config", "set", "speech."]).stdout
        #expect(keys.hasPrefix(":none\nspeech.output\tWhether chat answers are spoken aloud.\nspeech.rate\t"))
        #expect(susi.run(["__complete", "config", "set", "shell.fallback", ""]).stdout == ":none\nchat\nerror\n")
        #expect(susi.run(["__complete", "config", "set", "room", "Gar"]).stdout == ":none\nGarage\n")
    }

    /// Voice codes are offered as the list shows them (en-GB), matched in
    /// any case, each labelled by its own language.
    @Test func voiceCodesCompleteInAnyCaseWithTheirOwnLabel() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        for typed in ["en-G", "en-g", "EN-g"] {
            let lines = susi.run(["__complete", "voice", "set", typed]).stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("en-GB\tEnglish (Great Britain)"), "\(typed): \(lines)")
            #expect(lines.dropFirst().allSatisfy { $0.lowercased().hasPrefix("en-gb") }, "\(typed): \(lines)")
        }
        let english = susi.run(["__complete", "config", "set", "voice", "en"]).stdout.split(separator: "\n").map(String.init)
        #expect(english.contains("en\tEnglish"), "\(english)")
        #expect(!english.contains { $0.hasPrefix("en\t") && $0.contains("Caribbean") })
        // Subcommands stay exact: 'Vo' is not 'voice'.
        #expect(susi.run(["__complete", "Vo"]).stdout == ":none\n")
    }

    @Test func starsAfterRateAndLocalForServer() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["__complete", "rate", "jokes", ""]).stdout == ":none\n1\n2\n3\n4\n5\n")
        #expect(susi.run(["__complete", "skills", "rate", "jokes", "4"]).stdout == ":none\n4\n")
        #expect(susi.run(["__complete", "--server", ""]).stdout.hasPrefix(":none\nlocal"))
        #expect(susi.run(["__complete", "chat", "--server", "lo"]).stdout.hasPrefix(":none\nlocal"))
    }
}

/// The scripts in real shells, driven without a terminal: bash through
/// COMP_WORDS and the function, zsh with `compadd` stood in for, fish with
/// `complete -C`. Each runs the committed script and the built binary.
@Suite("Completion in bash, zsh and fish", .serialized)
struct RealShellCompletionTests {
    final class Setup {
        let home: TemporaryHome
        let bin: String

        init() throws {
            home = try TemporaryHome()
            bin = home.path + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bin + "/susi", withDestinationPath: EndToEnd.binary)
            // The example plugin (it answers --susi-spec), as a user installs one.
            try FileManager.default.copyItem(atPath: packageRoot + "/examples/susi-hello", toPath: bin + "/susi-hello")
            // The embedded SUSI is made once before, so no first import races a provider's time bound.
            _ = try EndToEnd.run(["skills", "list", "--limit", "1"], home: home.path)
        }

        /// Runs `shell -c script` with susi on PATH; the output's lines.
        func run(_ shell: String, _ arguments: [String]) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: shell)
            process.arguments = arguments
            process.environment = ["PATH": bin + ":/usr/bin:/bin", "HOME": home.path, "SUSI_HOME": home.path,
                                   "SUSI_LOOPBACK_ONLY": "1", "TERM": "dumb", "XDG_CONFIG_HOME": home.path + "/xdg"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }

        func bash(_ line: String) throws -> [String] {
            let script = """
            source /usr/share/bash-completion/bash_completion
            source \(packageRoot)/completions/susi.bash
            COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _susi susi "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
            return try run("/bin/bash", ["-c", script, "bash", line])
        }

        func zsh(_ line: String) throws -> [String] {
            // compadd works only inside a completion widget: stand in for it
            // (and _files, compdef) and print what would be offered.
            let script = """
            compadd() { local name; while (( $# )); do case $1 in -a) name=$2; shift 2;; -d) shift 2;; *) shift;; esac; done; print -rl -- "${(@P)name}"; print -rl -- "${shown[@]}" | sed 's/^/shown: /'; }
            compdef() { :; }
            _files() { print -r -- "files: $*"; }
            source \(packageRoot)/completions/_susi
            words=(${(z)1})
            [[ $1 == *' ' ]] && words+=('')
            CURRENT=${#words}
            PREFIX=${words[CURRENT]}
            _susi
            """
            return try run("/usr/bin/zsh", ["-f", "-c", script, "zsh", line])
        }

        func fish(_ line: String) throws -> [String] {
            try run("/usr/bin/fish", ["--no-config", "-c", "source \(packageRoot)/completions/susi.fish; complete -C $argv[1]", line])
        }
    }

    static func available(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    @Test(.enabled(if: available("/bin/bash") && FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"),
                   "needs bash and bash-completion"))
    func bash() throws {
        let setup = try Setup()
        #expect(try setup.bash("susi sk") == ["skills", "skill"])
        #expect(try setup.bash("susi skills rate ").contains("calculator"))
        #expect(try setup.bash("susi device setup --room ").contains("Kitchen"))
        #expect(try setup.bash("susi device setup --room Liv") == ["Living\\ Room"])
        let keys = try setup.bash("susi config set ")
        #expect(keys.contains("server") && keys.contains("shell.fallback"))
        #expect(try setup.bash("susi config set color ") == ["auto", "always", "never"])
        // An external plugin's options and values, from its spec.
        #expect(try setup.bash("susi hello --sh") == ["--shout"])
        #expect(try setup.bash("susi hello --greeting ") == ["hello", "hi", "hey"])
        #expect(try setup.bash("susi voice set en-G").contains("en-GB"))
        #expect(try setup.bash("susi voice set en-g").contains("en-GB"))
        #expect(try setup.bash("susi rate jokes ") == ["1", "2", "3", "4", "5"])
        #expect(try setup.bash("susi --server ").contains("local"))
    }

    @Test(.enabled(if: available("/usr/bin/zsh"), "needs zsh"))
    func zsh() throws {
        let setup = try Setup()
        let skills = try setup.zsh("susi sk")
        #expect(skills.prefix(2) == ["skills", "skill"])
        #expect(skills.contains("shown: skills -- Work with SUSI skills."), "zsh shows descriptions")
        #expect(try setup.zsh("susi skills rate ").contains("calculator"))
        #expect(try setup.zsh("susi device setup --room ").contains("Kitchen"))
        #expect(try setup.zsh("susi config set ").contains("shell.fallback"))
        #expect(try setup.zsh("susi chat --skill ") == ["files: -g *.(txt)"])
        #expect(try setup.zsh("susi hello --").contains("--shout"))
    }

    @Test(.enabled(if: available("/usr/bin/fish"), "needs fish"))
    func fish() throws {
        let setup = try Setup()
        let skills = try setup.fish("susi sk")
        #expect(skills.contains("skills\tWork with SUSI skills."), "fish shows descriptions")
        #expect(try setup.fish("susi skills rate ").contains { $0.hasPrefix("calculator") })
        #expect(try setup.fish("susi device setup --room ").contains("Kitchen"))
        #expect(try setup.fish("susi config set ").contains { $0.hasPrefix("shell.fallback\t") })
        #expect(try setup.fish("susi hello --").contains("--shout\tGreet in capitals."))
        #expect(try setup.fish("susi voice set en-G").contains { $0.hasPrefix("en-GB\t") })
        #expect(try setup.fish("susi rate jokes ").map { String($0.prefix(1)) } == ["1", "2", "3", "4", "5"])
    }
}
