import Foundation
import SusiBasics
import SusiTestKit
import Testing
import SusiCLI
@testable import SusiHost

/// `susi config edit` with a fake editor: a script that records what it was
/// given and writes the next of the contents the test chose.
@Suite("config edit")
struct EditConfigTests {
    let home: TemporaryHome
    let editor: String

    init() throws {
        home = try TemporaryHome()
        // The harness's PATH is an empty folder, so tools are named by their paths.
        editor = try home.script("bin/fake-editor", """
        for last; do :; done
        n=$(/bin/cat "$HOME/edit-count" 2>/dev/null || echo 0)
        n=$((n + 1))
        echo $n > "$HOME/edit-count"
        printf '%s\\n' "$@" > "$HOME/editor-args"
        /bin/cp "$last" "$HOME/editor-saw-$n"
        /bin/ls -l "$last" | /usr/bin/cut -c1-10 > "$HOME/editor-mode"
        if [ -f "$HOME/content-$n" ]; then /bin/cp "$HOME/content-$n" "$last"; fi
        if [ -f "$HOME/also-$n" ]; then /bin/cp "$HOME/also-$n" "$HOME/config/config.json"; fi
        exit $(/bin/cat "$HOME/status-$n" 2>/dev/null || echo 0)

        """)
    }

    /// What the editor writes on its nth run.
    func writes(_ contents: String...) throws {
        for (index, text) in contents.enumerated() {
            try Data(text.utf8).write(to: URL(fileURLWithPath: home.path + "/content-\(index + 1)"))
        }
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: home.path + "/" + name, encoding: .utf8)
    }

    var config: String? { home.configBytes().map { String(decoding: $0, as: UTF8.self) } }

    /// Nothing but config.json is left in the config folder.
    var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.path + "/config")) ?? []).filter { $0 != "config.json" }
    }

    func susi(_ extra: [String: String] = [:], tty: Bool = false) throws -> InProcess {
        var harness = try home.harness(["VISUAL": editor].merging(extra) { _, new in new })
        harness.stdinTTY = tty
        harness.stdoutTTY = tty
        // Installed voices faked: de and en-GB.
        harness.makers = { makers in
            makers.voiceProblem = { _, name in
                ["de", "en-GB"].contains(name) ? nil : "No voice '\(name)' is installed. Did you mean en-GB? See 'susi voice list'."
            }
        }
        return harness
    }

    @Test func aValidEditIsSavedAsWrittenAndTheCopyRemoved() throws {
        try home.writeConfig("{\"room\": \"Hall\"}\n")
        let edited = "{\n  \"room\": \"Kitchen\",\n  \"language\": \"de\"\n}\n"
        try writes(edited)
        let result = try susi().run(["config", "edit"])
        #expect(result == InProcess.Result(stdout: "", stderr: "Saved \(home.configFile): changed language, room.\n", status: 0))
        #expect(config == edited)
        #expect(permissions(home.configFile) == 0o600)
        #expect(read("editor-saw-1") == "{\"room\": \"Hall\"}\n", "the editor got a copy of the file")
        let copy = try #require(read("editor-args")?.trimmingCharacters(in: .newlines))
        #expect(copy.hasPrefix(home.path + "/config/config.edit-") && copy.hasSuffix(".json"), "\(copy)")
        #expect(read("editor-mode") == "-rw-------\n")
        #expect(leftovers.isEmpty)
        #expect(try home.harness().run(["config", "get", "room"]).stdout == "Kitchen\n")
    }

    @Test func aMissingFileStartsAsAnEmptyObject() throws {
        try writes("{\"speech.rate\": 1.5}")
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(read("editor-saw-1") == "{\n}\n")
        #expect(config == "{\"speech.rate\": 1.5}")
        #expect(permissions(home.path + "/config") == 0o700)
    }

    @Test func noChangeSavesNothing() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        let result = try susi().run(["config", "edit"])
        #expect(result == InProcess.Result(stdout: "", stderr: "No changes; \(home.configFile) was left as it was.\n", status: 0))
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
    }

    @Test(arguments: [
        ("{\n  \"room\": \"Hall\",\n  \"language\": \"xx\"\n}\n",
         "  line 3: 'language' has an invalid value 'xx' (expected an ISO 639-1 language code such as en, de or pt-BR).\n"),
        ("{\n  \"sever\": \"local\"\n}\n",
         "  line 2: 'sever' is not a setting (did you mean 'server'?); see 'susi config --help' for the settings.\n"),
        ("{\n  \"room\": \"Hall\",\n  \"room\": \"Attic\"\n}\n",
         "  line 3: 'room' is set more than once (lines 2, 3); keep one.\n"),
        ("{\n  \"room\": \"Hall\",\n  \"speech.rate\": \"fast\"\n}\n",
         "  line 3: 'speech.rate' has an invalid value 'fast' (expected a number from 0.5 to 2).\n"),
        ("{\n  \"color\": [1]\n}\n",
         "  line 2: 'color' has a value of the wrong type (expected one of auto, always, never).\n"),
        ("{\n  \"voice\": \"vulcan\"\n}\n",
         "  line 2: 'voice': no voice 'vulcan' is installed. Did you mean en-GB? See 'susi voice list'.\n"),
        ("[\"room\"]\n", "  The text must hold a JSON object of settings.\n"),
    ])
    func anInvalidEditIsNotSavedAndNamesTheLine(_ text: String, _ problem: String) throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        try writes(text)
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            The edited config has 1 problem:
            \(problem)error: Nothing was saved; \(home.configFile) is unchanged.
            Run 'susi config edit' on a terminal to fix it there, or change one setting with 'susi config set KEY VALUE'.

            """)
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
        #expect(read("edit-count") == "1\n", "not asked to edit again without a terminal")
    }

    @Test func brokenJSONNamesItsLine() throws {
        try writes("{\n  \"room\": \"Hall\",\n  \"language\": de\n}\n")
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("The edited config has 1 problem:\n  line 3: The text is not valid JSON: "), "\(result.stderr)")
        #expect(config == nil)
    }

    @Test func everyProblemIsListed() throws {
        try writes("{\n  \"language\": \"german\",\n  \"colour\": \"never\",\n  \"speech.output\": \"sometimes\"\n}\n")
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("""
            The edited config has 3 problems:
              line 2: 'language' has an invalid value 'german' (expected an ISO 639-1 language code such as en, de or pt-BR (did you mean de for German?)).
              line 3: 'colour' is not a setting (did you mean 'color'?); see 'susi config --help' for the settings.
              line 4: 'speech.output' has an invalid value 'sometimes' (expected one of never, always).

            """), "\(result.stderr)")
    }

    @Test func anUnknownKeyAlreadyInTheFileIsKept() throws {
        try home.writeConfig("{\"future\": [1, 2], \"room\": \"Hall\"}")
        let edited = "{\"future\": [1, 2], \"room\": \"Attic\"}"
        try writes(edited)
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            warning: \(home.configFile) has a setting this version does not know (kept as it is): future.
            Saved \(home.configFile): changed room.

            """)
        #expect(config == edited)
    }

    @Test func aFailingEditorSavesNothing() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        try writes("{\"room\": \"Half written\"}")
        try Data("3".utf8).write(to: URL(fileURLWithPath: home.path + "/status-1"))
        let result = try susi().run(["config", "edit"])
        #expect(result == InProcess.Result(stdout: "", stderr: "error: The editor '\(editor)' exited with status 3; the config file was not changed.\n", status: 1))
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
    }

    /// A FIFO or a link left where the copy was: refused at once, never
    /// read through, and the config file unchanged.
    @Test(arguments: ["link", "fifo"])
    func aCopyReplacedByALinkOrAFIFOIsRefusedAtOnce(_ kind: String) throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        let other = home.path + "/other.json"
        try Data("{\"room\": \"Elsewhere\"}".utf8).write(to: URL(fileURLWithPath: other))
        let replace = kind == "link" ? "/bin/ln -s '\(other)' \"$last\"" : "/usr/bin/mkfifo \"$last\""
        let swapping = try home.script("bin/swapping-editor", """
        for last; do :; done
        /bin/rm -f "$last"
        \(replace)

        """)
        let result = try susi(["VISUAL": swapping]).run(["config", "edit"])
        #expect(result.status == 66)
        let what = kind == "link" ? "it was replaced by a symbolic link" : "it is not a regular file (a FIFO)"
        #expect(result.stderr.hasPrefix("error: Cannot read the edited copy "))
        #expect(result.stderr.contains(" back: \(what); the config file was not changed.\n"))
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
    }

    @Test func theVariableIsSplitIntoWordsNotGivenToAShell() throws {
        try writes("{\"room\": \"Attic\"}")
        let value = "\(editor)  -w \"two words\" $HOME;touch\t\(home.path)/pwned"
        let result = try susi(["VISUAL": value, "EDITOR": "/bin/false"]).run(["config", "edit"])
        #expect(result.status == 0, "\(result.stderr)")
        let arguments = try #require(read("editor-args")).split(separator: "\n").map(String.init)
        #expect(Array(arguments.dropLast()) == ["-w", "\"two", "words\"", "$HOME;touch", "\(home.path)/pwned"])
        #expect(!FileManager.default.fileExists(atPath: home.path + "/pwned"), "no shell ran the value")
        #expect(config == "{\"room\": \"Attic\"}")
    }

    @Test func editorIsUsedWhenVisualIsUnset() throws {
        try writes("{\"room\": \"Attic\"}")
        let result = try susi(["VISUAL": "", "EDITOR": editor]).run(["config", "edit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(config == "{\"room\": \"Attic\"}")
    }

    @Test func noEditorOrAMissingOneIsUnavailable() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        let none = try susi(["VISUAL": ""], tty: true).run(["config", "edit"])
        #expect(none == InProcess.Result(stdout: "", stderr: "error: No editor to edit the config file with.\nSet VISUAL or EDITOR, or change one setting with 'susi config set KEY VALUE'.\n", status: 69))
        let missing = try susi(["VISUAL": "no-such-editor -w"]).run(["config", "edit"])
        #expect(missing.status == 69)
        #expect(missing.stderr == "error: The editor 'no-such-editor' (from VISUAL) was not found or cannot be run.\nSet VISUAL to an editor on PATH, or change one setting with 'susi config set KEY VALUE'.\n")
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
    }

    @Test func theDefaultEditorNeedsATerminal() throws {
        let vi = try home.script("empty-bin/vi", "exit 0\n")
        #expect(FileManager.default.isExecutableFile(atPath: vi))
        let piped = try susi(["VISUAL": ""]).run(["config", "edit"])
        #expect(piped.status == 69)
        #expect(piped.stderr.hasPrefix("error: No editor to edit the config file with: VISUAL and EDITOR are unset, and 'vi' needs a terminal.\n"))
        let terminal = try susi(["VISUAL": ""], tty: true).run(["config", "edit"])
        #expect(terminal == InProcess.Result(stdout: "", stderr: "No changes; \(home.configFile) was left as it was.\n", status: 0))
        #expect(config == nil)
    }

    @Test func onATerminalAnInvalidEditCanBeEditedAgain() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        let wrong = "{\"room\": \"Attic\", \"language\": \"jp\"}"
        try writes(wrong, "{\"room\": \"Attic\", \"language\": \"ja\"}")
        let result = try susi(tty: true).run(["config", "edit"], stdin: "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("  line 1: 'language' has an invalid value 'jp'"))
        #expect(result.stderr.contains("? Edit it again? [Y/n] "))
        #expect(result.stderr.hasSuffix("Saved \(home.configFile): changed language, room.\n"))
        #expect(read("editor-saw-2") == wrong, "the second edit starts from the first, not from the file")
        #expect(config == "{\"room\": \"Attic\", \"language\": \"ja\"}")
        #expect(leftovers.isEmpty)
    }

    @Test func onATerminalNoKeepsTheOriginal() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        try writes("{\"room\": \"\"}")
        let result = try susi(tty: true).run(["config", "edit"], stdin: "n\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("? Edit it again? [Y/n] error: Nothing was saved; \(home.configFile) is unchanged.\n"), "\(result.stderr)")
        #expect(read("edit-count") == "1\n")
        #expect(config == "{\"room\": \"Hall\"}")
        #expect(leftovers.isEmpty)
    }

    @Test func noInputNeverAsks() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        try writes("{\"room\": \"\"}")
        let result = try susi(tty: true).run(["--no-input", "config", "edit"], stdin: "y\n")
        #expect(result.status == 65)
        #expect(!result.stderr.contains("Edit it again?"))
        #expect(read("edit-count") == "1\n")
        #expect(config == "{\"room\": \"Hall\"}")
    }

    @Test func aVoiceIsCheckedOnlyWhenTheEditChangesIt() throws {
        // A stored voice that is not installed here does not block other edits.
        try home.writeConfig("{\"voice\": \"vulcan\"}")
        try writes("{\"voice\": \"vulcan\", \"room\": \"Hall\"}")
        #expect(try susi().run(["config", "edit"]).status == 0)
        try home.writeConfig("{\"voice\": \"de\"}")
        try? FileManager.default.removeItem(atPath: home.path + "/edit-count")
        try writes("{\"voice\": \"en-GB\"}")
        let result = try susi().run(["config", "edit"])
        #expect(result.stderr == "Saved \(home.configFile): changed voice.\n")
    }

    @Test func anUnreadableVoiceListAcceptsTheVoiceWithAWarning() throws {
        try writes("{\"voice\": \"en-GB\"}")
        var harness = try susi()
        harness.makers = { $0.voiceProblem = { _, _ in throw CommandError(.unavailable, "Speech is unavailable.") } }
        let result = harness.run(["config", "edit"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            warning: Could not check the voice 'en-GB' against the installed voices (Speech is unavailable.); accepting it unchecked.
            Saved \(home.configFile): changed voice.

            """)
        #expect(config == "{\"voice\": \"en-GB\"}")
    }

    @Test func anInvalidFileCanBeRepairedInTheEditor() throws {
        try home.writeConfig("{\"room\": \"Hall\", \"speech.rate\": }")
        #expect(try home.harness().run(["config", "list"]).status == 78)
        try writes("{\"room\": \"Hall\", \"speech.rate\": 1.25}")
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(read("editor-saw-1") == "{\"room\": \"Hall\", \"speech.rate\": }")
        #expect(try home.harness().run(["config", "get", "speech.rate"]).stdout == "1.25\n")
    }

    @Test func aLinkedConfigFileIsRefusedBeforeTheEditorOpens() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        let target = home.path + "/elsewhere.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: home.configFile, withDestinationPath: target)
        try writes("{\"room\": \"Hall\"}")
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 77)
        #expect(result.stderr.hasPrefix("error: Refusing to use \(home.configFile): it is a symbolic link."))
        #expect(read("edit-count") == nil, "the editor never started")
        #expect(read("elsewhere.json") == "{}")
    }

    @Test func aFileSavedMeanwhileIsNotOverwritten() throws {
        try home.writeConfig("{\"room\": \"Hall\"}")
        try writes("{\"room\": \"Attic\"}")
        // While the editor runs, another command saves the file.
        try Data("{\"room\": \"Cellar\"}".utf8).write(to: URL(fileURLWithPath: home.path + "/also-1"))
        let result = try susi().run(["config", "edit"])
        #expect(result.status == 75)
        #expect(result.stderr.hasPrefix("error: \(home.configFile) changed while you were editing (another command saved it); your edit was not saved.\nYour edited copy is kept in \(home.path)/config/config.edit-"))
        #expect(config == "{\"room\": \"Cellar\"}")
        let kept = try #require(leftovers.first)
        #expect(read("config/" + kept) == "{\"room\": \"Attic\"}")
    }
}
