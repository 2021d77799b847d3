import Foundation
import SusiNet
import SusiTestKit
import Testing
import SusiTestSupport

/// Planned answers in `susi chat` (`!plan`, plan_delay / plan_date): printed
/// as due in a one-shot chat, waited for with --wait, given when due in an
/// interactive chat, listed with /plans and cancelled with /cancel.
@Suite("Chat: planned answers")
struct ChatPlanTests {
    static let countdown = """
    countdown
    Counting down.
    !plan 300: liftoff

    two plans
    Two coming.
    !plan 200: first one
    !plan 60000: much later
    """

    private func skill(_ home: TemporaryHome) throws -> String {
        let path = home.path + "/countdown.txt"
        try Data(Self.countdown.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a one-shot timer is stored as a reminder and says when it is due (issue 34)")
    func oneShotTimerIsStoredAsAReminder() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "set a timer for 5 minutes"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Timer for 5 minutes.")
        #expect(lines.count == 3 && lines[1].hasPrefix("Reminder #1 set for ") && lines[1].hasSuffix(" (in 5 minutes): Time is up! Your 5 minute timer is done."))
        #expect(result.stderr.contains("'susi remind watch' (or its user service) fires it"))
        // Stored: the reminder list has it, made by the timer skill.
        let list = susi.run(["--json", "remind", "list"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["text"] as? String == "Time is up! Your 5 minute timer is done.")
        #expect((items.first?["origin"] as? String)?.hasPrefix("skill") == true)
    }

    @Test func waitGivesThePlannedAnswerWhenDue() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let started = Date()
        let result = susi.run(["chat", "--wait", "--skill", try skill(home), "countdown"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "Counting down.")
        #expect(lines[1].hasPrefix("Planned for ") && lines[1].hasSuffix("(in 1 second): liftoff"))
        #expect(lines[2] == "liftoff")
        #expect(elapsed >= 0.3)
        #expect(result.stderr.isEmpty)
    }

    @Test func theBundledTimerRingsWithWait() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--wait", "set a timer for 1 seconds"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Timer for 1 seconds.\nPlanned for "))
        #expect(result.stdout.hasSuffix("\nTime is up! Your 1 second timer is done.\n"))
    }

    @Test func jsonWaitPrintsEachDueActionAsOneLine() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--json", "--wait", "--skill", try skill(home), "countdown"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let actions = try #require((reply["answers"] as? [[String: Any]])?.first?["actions"] as? [[String: Any]])
        #expect(actions.count == 2)
        #expect(actions[1]["plan_delay"] as? Int == 300)
        #expect(actions[1]["plan_date"] is String)
        let due = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(due["expression"] as? String == "liftoff")
        #expect(due["type"] as? String == "answer")
    }

    @Test func pipedChatWithWaitWaitsAtTheEnd() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--wait", "--skill", try skill(home)], stdin: "countdown\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("\nliftoff\n"))
        let without = susi.run(["chat", "--skill", try skill(home)], stdin: "countdown\n")
        #expect(without.status == 0)
        #expect(!without.stdout.hasSuffix("\nliftoff\n"))
        #expect(without.stderr.contains("Not waiting for 1 planned answer"))
    }

    @Test("/plans lists, /cancel N cancels, a wrong number is refused and nothing is lost")
    func plansAndCancelInAnInteractiveChat() throws {
        let home = try TemporaryHome()
        var susi = try home.harness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["chat", "--skill", try skill(home)],
                              stdin: "/plans\ntwo plans\n/plans\n/cancel 7\n/cancel\n/cancel 2\n/plans\n")
        #expect(result.status == 0, "\(result.stderr)")
        let stdout = result.stdout.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(stdout.contains("No planned answers are pending."))
        #expect(stdout.contains("Planned #1 for "))
        #expect(stdout.contains("Planned #2 for "))
        #expect(stdout.contains("(in 1 minute): much later"))
        // The table of pending plans shows both, then only #1 after cancelling #2.
        #expect(stdout.contains("#2  "))
        #expect(stdout.contains("Cancelled #2: much later"))
        #expect(stdout.components(separatedBy: "much later").count == 4)
        #expect(result.stderr.contains("error: No pending planned answer #7. /plans lists them."))
        #expect(result.stderr.contains("error: Say which planned answer to cancel: /cancel N or /cancel all."))
        // #1 (200 ms) was still pending when the chat ended: said, not silently lost.
        #expect(result.stderr.contains("Cancelled 1 planned answer that was not yet due."))
    }

    @Test func aDuePlanRingsBeforeTheNextPromptInAnInteractiveChat() throws {
        let home = try TemporaryHome()
        let path = home.path + "/now.txt"
        try Data("ring\nSoon.\n!plan 0: ding\n".utf8).write(to: URL(fileURLWithPath: path))
        var susi = try home.harness()
        susi.stdinTTY = true
        susi.stdoutTTY = true
        let result = susi.run(["chat", "--skill", path], stdin: "ring\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Soon.\n"))
        #expect(result.stdout.contains("\u{07}ding\n"))
        #expect(!result.stderr.contains("Cancelled"))
    }
}

/// A reply with nothing to render says so on a terminal (exit 0); piped
/// and with --json it stays exactly what the backend sent.
@Suite("Chat: an empty answer")
struct ChatEmptyAnswerTests {
    /// A server's reply without a renderable action (the embedded SUSI
    /// itself never gives one: a blank answer falls through to the next
    /// candidate, then the fallback).
    @Test func anEmptyReplyIsSaidOnATerminal() throws {
        let home = try TemporaryHome()
        let reply = #"{"query":"be quiet","query_date":"2026-12-01T00:00:00.000Z","answer_date":"2026-12-01T00:00:00.001Z","answer_time":1,"answers":[{"data":[],"metadata":{"count":0},"actions":[],"skills":[]}],"session":{"identity":{"type":"host","name":"127.0.0.1","anonymous":true}}}"#
        let server = try LoopbackHTTPServer { _ in .json(reply) }
        var susi = try home.harness(["SUSI_SERVER": server.baseURL])
        susi.stdoutTTY = true
        let result = susi.run(["chat", "be quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = result.stdout.replacingOccurrences(of: "\u{1B}[2m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(plain == "SUSI sent an empty answer.\n")
        susi.stdoutTTY = false
        let json = susi.run(["chat", "--json", "be quiet"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let actions = (object["answers"] as? [[String: Any]])?.first?["actions"] as? [Any]
        #expect(actions?.isEmpty == true)
    }

    /// The reference leaves `answers` out when no mind answered at all.
    @Test func aReplyWithoutAnswersIsSaidAndHasAnEmptyListInJSON() throws {
        let home = try TemporaryHome()
        let reply = #"{"query":"","query_date":"2026-12-01T00:00:00.000Z","answer_date":"2026-12-01T00:00:00.001Z","answer_time":1,"session":{"identity":{"type":"host","name":"127.0.0.1","anonymous":true}}}"#
        let server = try LoopbackHTTPServer { _ in .json(reply, contentType: "application/javascript;charset=utf-8") }
        defer { server.stop() }
        var susi = try home.harness(["SUSI_SERVER": server.baseURL])
        susi.stdoutTTY = true
        let result = susi.run(["chat", "anything"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("SUSI sent an empty answer."), "\(result.stdout)")
        susi.stdoutTTY = false
        let json = susi.run(["chat", "--json", "anything"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["answers"] as? [Any])?.isEmpty == true, "\(json.stdout)")
        #expect(object["query_date"] as? String == "2026-12-01T00:00:00.000Z")
    }
}
