import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiVault

private let password = "Secret#123"
private let ada = "ada@example.com"

extension TemporaryHome {
    /// Every regular file under SUSI_HOME with its bytes, to show that nothing changed.
    func tree() -> [String: Data] {
        var files: [String: Data] = [:]
        for file in allFiles() { files[file] = contents(file) }
        return files
    }

    func config() -> [String: Any] {
        guard let data = configBytes(), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    /// A models/<model>/<group>/<language>/<skill>.txt tree inside the home's scratch folder.
    func skillTree() throws -> String {
        let root = path + "/tree"
        let file = root + "/models/general/Fun/en/parrot.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "polly *\nPolly says $1$.\n".write(toFile: file, atomically: true, encoding: .utf8)
        return root
    }
}

/// `susi onboard` from options (scripts, no terminal): every answer is an
/// option, a missing one is named, and a failed step stops the run there.
@Suite("susi onboard from options")
struct OnboardModuleTests {
    let anonymous = ["onboard", "--server", "local", "--anonymous", "--voice", "en-US", "--speak", "--yes"]

    @Test func theEmbeddedSUSIAnonymouslyWithAVoice() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(anonymous)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1/4 Server: local; asked 'hello', it answered: "))
        #expect(result.stderr.contains("2/4 Account: anonymous."))
        #expect(result.stderr.contains("3/4 Voice: en-US; answers spoken aloud."))
        #expect(result.stdout.hasPrefix("susi is set up.\n  Server:   local\n  Account:  anonymous\n"))
        #expect(result.stdout.contains("Try next:\n  susi chat \"what can you do?\"\n  susi skills search joke\n  susi voice say \"Hello, I am SUSI\"\n"))
        let config = home.config()
        #expect(config["server"] as? String == "local")
        #expect(config["voice"] as? String == "en-US")
        #expect(config["speech.output"] as? String == "always")
        #expect(config["onboarded"] as? String == "yes")
        #expect(!home.exists(home.sessionFile))
        #expect(susi.run(["config", "get", "onboarded"]).stdout == "yes\n")
    }

    @Test func runningAgainKeepsWhatIsNotAnswered() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        #expect(susi.run(anonymous).status == 0)
        // Without --speak/--no-speak the spoken answers stay as they were.
        let again = susi.run(["onboard", "--server", "local", "--anonymous", "--voice", "german", "--yes"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(home.config()["voice"] as? String == "de")
        #expect(home.config()["speech.output"] as? String == "always")
    }

    @Test func eachMissingAnswerIsAUsageErrorNamingItsOptionAndChangesNothing() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{\n  \"color\" : \"never\"\n}\n")
        let before = home.tree()
        let susi = try home.loginHarness()
        let cases: [([String], String)] = [
            (["onboard"], "pass --server local (the embedded SUSI) or --server URL"),
            (["onboard", "--server", "local"], "pass --anonymous, or --email ADDRESS --password-stdin"),
            (["onboard", "--server", "local", "--email", ada], "pass --password-stdin"),
            (["onboard", "--server", "local", "--anonymous"], "pass --voice CODE"),
            (["onboard", "--server", "local", "--anonymous", "--voice", "en-US"], "pass --yes to apply"),
            (["onboard", "--server", "local", "--anonymous", "--voice", "klingon-xx", "--yes"], "No voice 'klingon-xx' is installed"),
            (["onboard", "--server", "local", "--anonymous", "--email", ada, "--voice", "en"], "--anonymous and --email cannot be used together"),
            (["onboard", "--server", "local", "--signup", "--voice", "en", "--yes"], "--signup needs --email"),
            (["onboard", "--server", "local", "--email", "not-an-address", "--password-stdin", "--voice", "en", "--yes"], "is not a valid email address"),
            (["onboard", "--server", "local", "--email", ada, "--password", password, "--voice", "en", "--yes"], "A password is not accepted on the command line"),
            (["onboard", "--server", "http://127.0.0.1:9", "--anonymous", "--voice", "en", "--import", home.path, "--yes"],
             "Skills can only be imported into the embedded SUSI"),
        ]
        for (arguments, message) in cases {
            let result = susi.run(arguments, stdin: password + "\n")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains(password))
            #expect(result.stdout.isEmpty)
        }
        #expect(home.tree() == before)
    }

    @Test func aMissingSkillsFolderIsNoInputAndChangesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(anonymous + ["--import", home.path + "/no-such-folder"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("There is no skills folder at \(home.path)/no-such-folder; nothing was changed."))
        #expect(home.allFiles().isEmpty)
    }

    @Test func aServerThatDoesNotAnswerStopsAtStepOneWithNothingWritten() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(["onboard", "--server", "http://127.0.0.1:9", "--anonymous", "--voice", "en", "--yes"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("error: Step 1 (server) failed: "))
        #expect(result.stderr.contains("Nothing was changed. Run 'susi onboard' again once it is fixed."))
        #expect(!home.exists(home.configFile))
        #expect(!home.exists(home.sessionFile))
    }

    @Test func aServerAtAURLIsAskedAndTheLoginStoredForIt() throws {
        let served = try ServedSUSI()
        try served.service.signUp(email: ada, password: password)
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(["onboard", "--server", served.url, "--email", ada, "--password-stdin", "--machine-key",
                               "--voice", "de", "--no-speak", "--yes"], stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1/4 Server: \(served.url); asked 'hello', it answered: "))
        #expect(result.stderr.contains("Logged in to \(served.url) as \(ada)."))
        #expect(result.stderr.contains("2/4 Account: \(ada)."))
        #expect(home.config()["server"] as? String == served.url)
        #expect(home.config()["voice"] as? String == "de")
        #expect(home.config()["speech.output"] as? String == "never")
        #expect(susi.run(["login", "status"]).stdout.contains(ada))
        // The voice went to the account too, as 'susi voice set' does.
        let token = try served.service.login(email: ada, password: password, validFor: nil).token
        #expect(try served.service.settings(token: token)["ttsLanguage"] == "de")
        for file in home.allFiles() { #expect(!(String(decoding: home.contents(file) ?? Data(), as: UTF8.self).contains(password))) }
    }

    @Test func aWrongPasswordStopsAtTheAccountStepAndAppliesNothingAfterIt() throws {
        let served = try ServedSUSI()
        try served.service.signUp(email: ada, password: password)
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(["onboard", "--server", served.url, "--email", ada, "--password-stdin", "--machine-key",
                               "--voice", "de", "--speak", "--yes"], stdin: "Wrong#123\n")
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("error: Step 2 (account) failed: "))
        #expect(result.stderr.contains("Applied before it: server; nothing after it was changed."))
        #expect(!result.stderr.contains("Wrong#123"))
        #expect(result.stdout.isEmpty)
        let config = home.config()
        #expect(config["server"] as? String == served.url)
        #expect(config["voice"] == nil)
        #expect(config["speech.output"] == nil)
        #expect(config["onboarded"] == nil)
        #expect(!home.exists(home.sessionFile))
    }

    @Test func signingUpOnTheEmbeddedSUSI() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let weak = susi.run(["onboard", "--server", "local", "--signup", "--email", ada, "--password-stdin", "--machine-key",
                             "--voice", "en", "--yes"], stdin: "short\n")
        #expect(weak.status == 64)
        #expect(weak.stderr.contains("The password does not meet the rules"))
        #expect(weak.stderr.contains("Nothing was created;"))
        #expect(home.allFiles().isEmpty)
        let result = susi.run(["onboard", "--server", "local", "--signup", "--email", ada, "--password-stdin", "--machine-key",
                               "--voice", "en", "--yes"], stdin: password + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Signed up as \(ada) on local."))
        #expect(result.stdout.contains("  Account:  \(ada)\n"))
        #expect(susi.run(["login", "status"]).stdout.contains(ada))
    }

    @Test func importsASkillsFolderWithTheSkillsCount() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let tree = try home.skillTree()
        let result = susi.run(anonymous + ["--import", tree])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("4/4 Skills: imported 1 skill with 1 intent from \(tree)."))
        #expect(result.stdout.contains("  Skills:   1 imported\n"))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
    }

    @Test func jsonPrintsTheSummary() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let result = susi.run(["--json"] + anonymous)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["server"] as? String == "local")
        #expect(object["account"] as? String == "anonymous")
        #expect(object["voice"] as? String == "en-US")
        #expect(object["speak"] as? Bool == true)
        #expect((object["next"] as? [String])?.count == 3)
    }
}
