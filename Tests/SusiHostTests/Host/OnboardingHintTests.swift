import Foundation
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCommands

/// The pointer to `susi onboard`: once, at a terminal, before anything is configured.
@Suite("The onboarding hint")
struct OnboardingHintTests {
    func terminal(_ home: TemporaryHome) throws -> InProcess {
        var susi = try home.harness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        susi.stderrTTY = true
        return susi
    }

    @Test func theFirstCommandAtATerminalShowsItExactlyOnce() throws {
        let home = try TemporaryHome()
        let susi = try terminal(home)
        let first = susi.run(["skills", "list", "--search", "joke"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.components(separatedBy: "Run 'susi onboard'").count == 2, "\(first.stderr)")
        #expect(first.stderr.contains(OnboardingHint.text))
        #expect(!first.stdout.contains("onboard"))
        for _ in 0..<2 { #expect(!susi.run(["skills", "list", "--search", "joke"]).stderr.contains("onboard")) }
        #expect(FileManager.default.fileExists(atPath: home.path + "/state/onboard-hint-shown"))
    }

    @Test func neverWhenPipedOrAskedToBeQuiet() throws {
        let home = try TemporaryHome()
        var cases: [(InProcess, [String])] = []
        for (stdin, stdout, stderr) in [(false, true, true), (true, false, true), (true, true, false), (false, false, false)] {
            var susi = try home.harness()
            susi.stdinTTY = stdin
            susi.stdoutTTY = stdout
            susi.stderrTTY = stderr
            cases.append((susi, ["skills", "list"]))
        }
        let susi = try terminal(home)
        for flag in ["--json", "--quiet", "--no-input"] { cases.append((susi, [flag, "skills", "list"])) }
        cases.append((susi, ["onboard", "--server", "local"]))
        for (harness, arguments) in cases {
            let result = harness.run(arguments)
            #expect(!result.stderr.contains(OnboardingHint.text), "\(arguments)")
        }
        // None of them used it up: the next interactive command still shows it.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/onboard-hint-shown"))
        #expect(susi.run(["skills", "list"]).stderr.contains(OnboardingHint.text))
    }

    @Test func neverOnceAConfigExists() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{}\n")
        #expect(!(try terminal(home)).run(["skills", "list"]).stderr.contains("onboard"))
    }
}
