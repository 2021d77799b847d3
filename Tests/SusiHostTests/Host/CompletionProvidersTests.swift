import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCLI
import SusiCommands
import SusiCore

/// Dynamic values through the engine (`susi __complete`, which the shell's
/// Tab and every shell script use): each from local data, never a prompt.
@Suite struct CompletionProvidersTests {
    /// `skills info <Tab>` reads only names and titles (not every skill's
    /// row, ratings and examples), in the listing's order, and nothing is
    /// cached: a skill imported a moment ago is offered at once, one removed is not.
    @Test func skillNamesCompleteFromTheCatalogueAndFollowAnImportAtOnce() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let before = susi.run(["__complete", "skills", "info", ""])
        #expect(before.status == 0)
        #expect(before.stdout.hasPrefix(":none\nabout_susi\tAbout SUSI\ncalculator\tCalculator\n"), "\(before.stdout)")
        #expect(!before.stdout.contains("Parrot"))
        let tree = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("::name Parrot\n\npolly *\nPolly says $1$.\n".utf8).write(to: URL(fileURLWithPath: tree + "/Parrot.txt"))
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\nParrot\tParrot\n")
        let after = susi.run(["__complete", "skills", "info", ""]).stdout
        let names = after.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        #expect(names == names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }, "names A-Z, case-insensitively")
        #expect(names.count == before.stdout.split(separator: "\n").count)
        #expect(susi.run(["skills", "remove", "Fun/en/Parrot"]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", "Parr"]).stdout == ":none\n")
    }

    /// A Tab reads the skills as the last command left them: it does not
    /// walk and stamp the bundled files (a fiftieth of a `__complete`), so a
    /// skill added to the bundled tree shows once any command has run.
    @Test func aTabTakesTheBundledSkillsAsTheLastCommandLeftThem() throws {
        let home = try TemporaryHome()
        let models = home.path + "/bundled/models"
        let skills = models + "/general/Fun/en"
        try FileManager.default.createDirectory(atPath: skills, withIntermediateDirectories: true)
        try Data("hello\nHello from the bundle.\n".utf8).write(to: URL(fileURLWithPath: skills + "/hello.txt"))
        let susi = try home.harness(["SUSI_BUNDLED_SKILLS": models])
        // No database yet: the first Tab opens it fully, bundled skills and all.
        #expect(susi.run(["__complete", "skills", "info", ""]).stdout == ":none\nhello\n")
        try Data("goodbye\nBye.\n".utf8).write(to: URL(fileURLWithPath: skills + "/goodbye.txt"))
        #expect(susi.run(["__complete", "skills", "info", ""]).stdout == ":none\nhello\n")
        #expect(susi.run(["skills", "list", "-q"]).status == 0)
        #expect(susi.run(["__complete", "skills", "info", ""]).stdout == ":none\ngoodbye\nhello\n")
    }

    @Test func roomSetCompletesTheRoomsWithThoseTheDevicesUse() throws {
        let home = try TemporaryHome()
        let anonymous = try home.harness()
        let common = anonymous.run(["__complete", "room", "set", ""])
        #expect(common.status == 0)
        #expect(common.stdout.hasPrefix(":none\n"))
        #expect(common.stdout.contains("\nKitchen\n"))
        #expect(common.stdout.contains("\nLiving Room\n"))
        #expect(anonymous.run(["__complete", "room", "set", "Gar"]).stdout == ":none\nGarage\n")
        #expect(anonymous.run(["__complete", "room", "set", "Kitchen", ""]).stdout == ":none\n", "one room only")

        let susi = try home.withDevices([radio])
        #expect(susi.run(["__complete", "room", "set", "Att"]).stdout == ":none\nAttic\n", "a room a device uses")
        #expect(susi.run(["__complete", "device", "move", "00:11:22:33:44:55", "--room", "Att"]).stdout == ":none\nAttic\n")
        #expect(susi.run(["__complete", "device", "show", ""]).stdout == ":none\n00:11:22:33:44:55\tRadio (Attic)\n")
    }

    @Test func storedLoginsCompleteForLoginSwitchWhenTheFileOpensWithoutAQuestion() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        #expect(susi.run(["__complete", "login", "switch", ""]).stdout == ":none\n", "no credential file")
        susi.signUp()
        susi.signUp("kim@example.com")
        #expect(susi.run(["__complete", "login", "switch", ""]).stdout == ":none\nada@example.com\tlocal\nkim@example.com\tlocal\n")
        #expect(susi.run(["__complete", "login", "switch", "k"]).stdout == ":none\nkim@example.com\tlocal\n")
    }

    @Test func aPassphraseProtectedFileOffersNoLoginsAndAsksNothing() throws {
        let home = try TemporaryHome()
        var (susi, _) = try home.signedUpWithPassphrase()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["__complete", "login", "switch", ""], stdin: "correct horse\n")
        #expect(result == InProcess.Result(stdout: ":none\n", stderr: "", status: 0), "no prompt, nothing read")
    }

    @Test func voiceLanguagesSpeechEnginesAndOnboardVoices() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let languages = susi.run(["__complete", "voice", "list", "--language", "e"]).stdout.components(separatedBy: "\n")
        // espeak-ng's codes as BCP-47 (en-US, en-GB-scotland) and each language once (en).
        #expect(languages.filter { $0.hasPrefix("en\t") }.count == 1, "\(languages)")
        #expect(languages.contains { $0.hasPrefix("en-US\t") })
        #expect(susi.run(["__complete", "onboard", "--voice", "en-u"]).stdout.hasPrefix(":none\nen-US\t"))
        #expect(susi.run(["__complete", "device", "setup", "--tts", ""]).stdout == ":none\ngoogle\nflite\nwatson\n")
        #expect(susi.run(["__complete", "device", "setup", "--stt", "p"]).stdout == ":none\npocketsphinx\n")
    }

    @Test func chatQueriesCompleteAWordAtATimeFromPastQueriesAndExamplesNeverSecrets() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        // Example phrases of the bundled skills, before anything was asked.
        let first = susi.run(["__complete", "chat", "tell", "me", "a", ""])
        #expect(first.status == 0)
        #expect(first.stdout.contains("\njoke\t"), "\(first.stdout)")
        #expect(susi.run(["__complete", "chat", "flip", "a", "c"]).stdout.hasPrefix(":none\ncoin\t"))
        // Past queries, word by word, described by the whole query.
        #expect(susi.run(["chat", "zebra crossings are striped"]).status == 0)
        #expect(susi.run(["chat", "zebra password is hunter2"]).status == 0)
        let asked = susi.run(["__complete", "chat", "zebra", ""])
        #expect(asked.stdout == ":none\ncrossings\tzebra crossings are striped\n", "\(asked.stdout)")
        #expect(susi.run(["__complete", "chat", "ZEBRA", "crossings", "a"]).stdout == ":none\nare\tzebra crossings are striped\n")
        #expect(!susi.run(["__complete", "chat", "z"]).stdout.contains("hunter2"))
        // The subcommands are still offered first.
        #expect(susi.run(["__complete", "chat", "hist"]).stdout.contains("\nhistory\t"))
    }

    @Test func aWordAShellWouldHaveToQuoteIsNotOffered() {
        let words = ExamplePhrases.nextWords(after: ["what"], in: ["what's up", "what is $HOME", "what time is it", "what time"])
        #expect(words == [CompletionCandidate("is", "what is $HOME"), CompletionCandidate("time", "what time is it")])
        #expect(ExamplePhrases.nextWords(after: ["what", "is"], in: ["what is $HOME"]).isEmpty)
    }
}
