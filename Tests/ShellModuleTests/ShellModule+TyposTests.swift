import Foundation
import SusiTestKit
import Testing

/// `susi shell` (issue 38): a first word close to a command is a typo, told
/// before anything is asked; `history` and `exit N` are the shell's own.
@Suite("susi shell: typos, history, exit N")
struct ShellTyposTests {
    @Test(arguments: [("skils list", "skills"), ("chta hello", "chat"), ("confg get room", "config"), ("devcie list", "device")])
    func aTypoOfACommandGetsDidYouMeanAndNothingIsAsked(_ line: String, _ meant: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell", "--keep-going"], stdin: line + "\n")
        #expect(result.status == 64, "\(line): \(result.stderr)")
        let first = line.split(separator: " ")[0]
        #expect(result.stderr.contains("error: '\(first)' is not a susi command. Did you mean '\(meant)'?"), "\(result.stderr)")
        #expect(result.stderr.contains("To ask SUSI this line, type: chat -- \(line)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing was asked: \(result.stdout)")
        #expect(susi.run(["chat", "history"]).stdout.isEmpty, "nothing reached SUSI")
    }

    @Test(arguments: ["what is the time", "what's your name", "hello", "tell me a joke", "who are you?", "chat about rome"])
    func sentencesStillGoToChat(_ line: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell"], stdin: line + "\n")
        #expect(result.status == 0, "\(line): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(!result.stderr.contains("Did you mean"), "\(result.stderr)")
    }

    @Test func exitWithAStatus() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let three = susi.run(["shell"], stdin: "config set room Garage\nexit 3\nconfig set room Kitchen\n")
        #expect(three.status == 3, "\(three.stderr)")
        #expect(susi.run(["config", "get", "room"]).stdout == "Garage\n", "the line after exit did not run")
        #expect(susi.run(["shell"], stdin: "exit 0\n").status == 0)
        let bad = susi.run(["shell"], stdin: "exit soon\nconfig set room Attic\n")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("error: exit takes a status from 0 to 255, not 'soon'."), "\(bad.stderr)")
        #expect(susi.run(["config", "get", "room"]).stdout == "Garage\n")
        #expect(!bad.stdout.contains("SUSI"), "not asked: \(bad.stdout)")
    }

    @Test func historyListsTheLinesWithoutSecrets() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell"], stdin: "config get room\nchat my password is swordfish\nchat hello\nhistory\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("    1  config get room\n    2  chat hello\n    3  history\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("swordfish"))
        #expect(susi.run(["chat", "history"]).stdout.components(separatedBy: "\n").filter { $0.contains("\thistory\t") }.isEmpty,
                "history was not asked to SUSI")
    }
}
