import Foundation
import SusiTestKit
import Testing
import SusiCore
import SusiLocal
@testable import SusiHost

/// `susi shell` with piped input: lines run as a script in one scope.
@Suite struct ShellModuleTests {
    @Test func linesRunAsCommandsInOneSessionAndOthersGoToChat() throws {
        let home = try TemporaryHome()
        let opens = Spied.Counter()
        let susi = try Spied.harness(home, opens: opens)
        let result = susi.run(["shell"], stdin: """
        skills info calculator --json
        susi config set room 'Living Room'
        config get room
        hello

        # a comment
        what's your name
        """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"name\" : \"calculator\"") || result.stdout.contains("calculator"))
        #expect(result.stdout.contains("Living Room\n"))
        #expect(result.stdout.contains("Hello! How can I help you today?"))
        #expect(result.stdout.contains("My name is SUSI."), "an apostrophe in a chat line is not a quote")
        #expect(opens.count == 1, "the backend is opened once for the whole shell")
    }

    @Test func theShellsServerOptionHoldsForEveryLine() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", served.url, "shell"], stdin: "chat hello\nconfig get server\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(served.url + "\n"), "\(result.stdout)")
    }

    @Test func theFirstFailingLineStopsTheScriptWithItsStatus() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell"], stdin: "config set room Kitchen\nskills info no_such_skill_at_all\nconfig set room Garage\n")
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("no_such_skill_at_all"))
        #expect(susi.run(["config", "get", "room"]).stdout == "Kitchen\n", "the line after the failure did not run")
    }

    @Test func keepGoingRunsEveryLineAndExitsWithTheLastFailure() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell", "--keep-going"], stdin: "skills info no_such_skill_at_all\nconfig set color bogus\nconfig set room Garage\n")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(susi.run(["config", "get", "room"]).stdout == "Garage\n")
    }

    @Test func anUnterminatedQuoteIsAnErrorAndTheLineIsNotRun() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell"], stdin: "config set room 'Living Room\nconfig set room Garage\n")
        #expect(result.status == 64)
        #expect(result.stderr == "error: The line has an unterminated single quote ('): close it and try again.\n")
        #expect(!FileManager.default.fileExists(atPath: home.configFile), "nothing was written")
    }

    @Test func withFallbackErrorALineThatIsNoCommandIsRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.harness(["SUSI_SHELL_FALLBACK": "error"])
        let result = susi.run(["shell"], stdin: "skils list\nconfig set room Garage\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: 'skils' is not a susi command. Did you mean 'skills'?"))
        #expect(result.stdout.isEmpty, "not asked to SUSI")
        #expect(!FileManager.default.fileExists(atPath: home.configFile))
    }

    @Test func helpExitAndQuit() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let help = susi.run(["shell"], stdin: "help\nexit\nconfig set room Garage\n")
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("COMMANDS:"))
        #expect(help.stdout.contains("skills"))
        #expect(help.stdout.contains("exit, quit"))
        // An alias is shown with its command, not as a row of its own.
        let rows = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("skills, skill ") }, "\(help.stdout)")
        #expect(rows.contains { $0.hasPrefix("device, devices ") })
        #expect(!rows.contains { $0.hasPrefix("skill ") || $0.hasPrefix("devices ") || $0.hasPrefix("rooms ") })
        #expect(!FileManager.default.fileExists(atPath: home.configFile), "nothing after exit ran")
        #expect(susi.run(["shell"], stdin: "quit\n").status == 0)
        let command = susi.run(["shell"], stdin: "help config set\n")
        #expect(command.stdout.contains("Change a setting."))
    }

    @Test func aShellInsideTheShellIsRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell", "--keep-going"], stdin: "shell\n--quiet shell\nconfig set room Garage\n")
        #expect(result.status == 64)
        #expect(result.stderr.components(separatedBy: "error: You are already in susi shell").count == 3)
        #expect(susi.run(["config", "get", "room"]).stdout == "Garage\n", "the outer shell went on")
    }

    @Test func aLineThatIsNotUTF8StopsTheScript() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["shell"], stdinBytes: Array("config set room Kitchen\n".utf8) + [0xFF, 0x0A] + Array("config set room Garage\n".utf8))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(susi.run(["config", "get", "room"]).stdout == "Kitchen\n")
    }
}
