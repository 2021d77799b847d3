import Foundation
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// Writing feedback in $VISUAL / $EDITOR: a fake editor (a script) stands in
/// for the user, the harness says stdin and stdout are a terminal.
@Suite struct FeedbackEditorTests {
    /// A script that records its arguments and the draft it was given, then
    /// replaces the draft with `writes` (a printf format). The harness's PATH
    /// is an empty folder, so tools are named by their paths.
    func editor(_ fixture: FeedbackFixture, writes: String, exit status: Int = 0) throws -> String {
        try fixture.home.script("bin/fake-editor", """
        for last; do :; done
        printf '%s\\n' "$@" > "$HOME/editor-args"
        /bin/cp "$last" "$HOME/editor-saw"
        /bin/ls -l "$last" | /usr/bin/cut -c1-10 > "$HOME/editor-mode"
        printf '\(writes)' > "$last"
        exit \(status)

        """)
    }

    func terminal(_ fixture: FeedbackFixture, _ extra: [String: String]) throws -> InProcess {
        var susi = try fixture.harness(extra)
        susi.stdinTTY = true
        susi.stdoutTTY = true
        return susi
    }

    func read(_ fixture: FeedbackFixture, _ name: String) -> String {
        (try? String(contentsOfFile: fixture.home.path + "/" + name, encoding: .utf8)) ?? ""
    }

    func drafts(_ fixture: FeedbackFixture) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: fixture.home.path + "/cache")) ?? []
    }

    @Test func theEditorsTextIsPostedWithoutTheCommentsAndTheDraftRemoved() throws {
        let fixture = try FeedbackFixture()
        let editor = try editor(fixture, writes: "Written in the editor.\\n\\tSecond line.\\n# a comment line\\n\\n")
        let result = try terminal(fixture, ["EDITOR": editor]).run(["feedback", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Posted your feedback on Time.\n")
        #expect(try fixture.stored().map(\.text) == ["Written in the editor.\n\tSecond line."])
        let saw = read(fixture, "editor-saw")
        #expect(saw.hasPrefix("\n# Your feedback on Time.\n# Lines starting with '#' are left out."), "\(saw)")
        #expect(saw.contains("# At most 2000 characters."))
        let path = read(fixture, "editor-args").trimmingCharacters(in: .newlines)
        #expect(path.hasPrefix(fixture.home.path + "/cache/feedback-") && path.hasSuffix(".txt"), "\(path)")
        #expect(read(fixture, "editor-mode") == "-rw-------\n")
        #expect(drafts(fixture).isEmpty, "the draft is removed")
    }

    @Test func visualWinsAndTheVariableIsSplitNotGivenToAShell() throws {
        let fixture = try FeedbackFixture()
        let editor = try editor(fixture, writes: "From VISUAL.")
        let value = "\(editor)  --wait \"two words\" $HOME;touch\t\(fixture.home.path)/pwned"
        let result = try terminal(fixture, ["VISUAL": value, "EDITOR": "/bin/false"]).run(["feedback", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fixture.stored().map(\.text) == ["From VISUAL."])
        let arguments = read(fixture, "editor-args").split(separator: "\n").map(String.init)
        #expect(Array(arguments.dropLast()) == ["--wait", "\"two", "words\"", "$HOME;touch", "\(fixture.home.path)/pwned"])
        #expect(!FileManager.default.fileExists(atPath: fixture.home.path + "/pwned"), "no shell ran the value")
    }

    @Test func replacingOffersTheEarlierTextAndSaysSo() throws {
        let fixture = try FeedbackFixture()
        #expect(try fixture.harness().run(["feedback", "time", "First go."]).status == 0)
        let editor = try editor(fixture, writes: "Second go.")
        let result = try terminal(fixture, ["EDITOR": editor]).run(["feedback", "time"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "Replaced your earlier feedback on Time.\n")
        #expect(read(fixture, "editor-saw").hasPrefix("First go.\n\n# Your feedback on Time (replaces your earlier one, shown above).\n"))
        #expect(try fixture.stored().map(\.text) == ["Second go."])
    }

    @Test func anEmptyTextPostsNothing() throws {
        let fixture = try FeedbackFixture()
        #expect(try fixture.harness().run(["feedback", "time", "Kept."]).status == 0)
        let before = try fixture.everything()
        let editor = try editor(fixture, writes: "# only a comment\\n  \\n\\t\\n")
        let result = try terminal(fixture, ["EDITOR": editor]).run(["feedback", "time"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: Feedback not posted.\nThe text was empty; nothing was sent.\n")
        #expect(try fixture.everything() == before)
        #expect(drafts(fixture).isEmpty)
    }

    @Test func aFailingEditorPostsNothing() throws {
        let fixture = try FeedbackFixture()
        let before = try fixture.everything()
        let editor = try editor(fixture, writes: "Half written.", exit: 3)
        let result = try terminal(fixture, ["EDITOR": editor]).run(["feedback", "time"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: The editor '\(editor)' exited with status 3; feedback not posted.\n")
        #expect(try fixture.everything() == before)
        #expect(drafts(fixture).isEmpty)
    }

    /// An editor (or any process of the user's) that puts a link or a FIFO
    /// where the draft was: nothing is read through it, nothing posted, no hang.
    @Test(arguments: ["link", "fifo"])
    func aDraftReplacedByALinkOrAFIFOIsNotReadBack(_ kind: String) throws {
        let fixture = try FeedbackFixture()
        let before = try fixture.everything()
        let secret = fixture.home.path + "/secret.txt"
        try Data("not for posting".utf8).write(to: URL(fileURLWithPath: secret))
        let replace = kind == "link" ? "/bin/ln -s '\(secret)' \"$last\"" : "/usr/bin/mkfifo \"$last\""
        let editor = try fixture.home.script("bin/swapping-editor", """
        for last; do :; done
        /bin/rm -f "$last"
        \(replace)

        """)
        let result = try terminal(fixture, ["EDITOR": editor]).run(["feedback", "time"])
        #expect(result.status == 66)
        let what = kind == "link" ? "it was replaced by a symbolic link" : "it is not a regular file (a FIFO)"
        #expect(result.stderr.hasPrefix("error: Cannot read the feedback draft back: \(what); feedback not posted.\n"))
        #expect(!result.stderr.contains("not for posting"))
        #expect(try fixture.everything() == before)
        #expect(drafts(fixture).isEmpty)
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "not for posting")
    }

    @Test func badTextFromTheEditorIsRefused() throws {
        let fixture = try FeedbackFixture()
        let before = try fixture.everything()
        let escape = try editor(fixture, writes: "Nice \\033[2J skill")
        let refused = try terminal(fixture, ["EDITOR": escape]).run(["feedback", "time"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("(U+001B at character 6)"))
        let long = try editor(fixture, writes: String(repeating: "z", count: 2001))
        let tooLong = try terminal(fixture, ["EDITOR": long]).run(["feedback", "time"])
        #expect(tooLong.status == 64)
        #expect(tooLong.stderr.contains("Feedback is limited to 2000 characters (this has 2001)."))
        #expect(try fixture.everything() == before)
        #expect(drafts(fixture).isEmpty)
    }

    @Test func noEditorOrAMissingOneIsUnavailable() throws {
        let fixture = try FeedbackFixture()
        // The harness's PATH is an empty folder: no 'editor', no 'vi'.
        let none = try terminal(fixture, [:]).run(["feedback", "time"])
        #expect(none.status == 69)
        #expect(none.stderr == "error: No editor to write the feedback in.\nSet VISUAL or EDITOR, or give the text as an argument or '-' for standard input.\n")
        let missing = try terminal(fixture, ["EDITOR": "no-such-editor -w"]).run(["feedback", "time"])
        #expect(missing.status == 69)
        #expect(missing.stderr.hasPrefix("error: The editor 'no-such-editor' (from EDITOR) was not found or cannot be run.\n"))
        #expect(try fixture.stored().isEmpty)
    }

    @Test func theLoginIsCheckedBeforeTheEditorOpens() throws {
        let fixture = try FeedbackFixture()
        let editor = try editor(fixture, writes: "Never asked.")
        var susi = try fixture.harness(token: .some(nil), ["EDITOR": editor])
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["feedback", "time"])
        #expect(result.status == 77)
        #expect(!FileManager.default.fileExists(atPath: fixture.home.path + "/editor-args"), "the editor never started")
    }

    @Test func noInputMeansNoEditor() throws {
        let fixture = try FeedbackFixture()
        let editor = try editor(fixture, writes: "Never asked.")
        let result = try terminal(fixture, ["EDITOR": editor]).run(["--no-input", "feedback", "time"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("No feedback text given."))
        #expect(!FileManager.default.fileExists(atPath: fixture.home.path + "/editor-args"))
    }
}
