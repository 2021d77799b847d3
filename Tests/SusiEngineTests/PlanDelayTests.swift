import Foundation
import Testing
import SusiReply
@testable import SusiEngine

/// `!plan <delay>: text` (server-api.md §4–5): a planned answer carries
/// `plan_delay` (ms) and `plan_date`, and is not part of the immediate text.
@Suite("Planned answers")
struct PlanDelayTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func planLineBecomesAPlannedAnswerAfterTheImmediateOne() throws {
        let m = mind("countdown\nStarting.\n!plan 1000: one\n!plan 2500: liftoff\n")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("countdown", memory: &memory, options: AskOptions(now: Self.now), random: &rng)
        #expect(reply.text == "Starting.")
        #expect(reply.actions.map(\.expression) == ["Starting.", "one", "liftoff"])
        #expect(reply.actions.map(\.isPlanned) == [false, true, true])
        let plan = reply.plannedActions[1]
        #expect(plan["plan_delay"] == .number(2500))
        #expect(plan["plan_date"] == .string("2027-01-15T08:00:02.500Z"))
        #expect(plan.planDelay(received: Self.now) == 2.5)
    }

    @Test func delayTakesCapturesAndUnits() {
        let m = mind("timer for * minutes\nTimer for $1$ minutes.\n!plan $1$ minutes: Your $1$ minute timer is done.\n")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("timer for 5 minutes", memory: &memory, options: AskOptions(now: Self.now), random: &rng)
        #expect(reply.plannedActions.first?["plan_delay"] == .number(300_000))
        #expect(reply.plannedActions.first?.expression == "Your 5 minute timer is done.")
    }

    @Test("a delay that is not a time fails the intent, as an unresolved $…$ does")
    func badDelayFailsTheIntent() {
        let m = mind("timer for * minutes\nTimer for $1$ minutes.\n!plan $1$ minutes: done\n\ntimer for five minutes\nSay it in digits.\n")
        #expect(m.say("timer for five minutes") == "Say it in digits.")
        #expect(m.say("timer for 999999 minutes") != "Timer for 999999 minutes.")
    }

    @Test(arguments: [("1000", 1000), ("1.5 s", 1500), ("30 seconds", 30_000), ("2 min", 120_000), ("1 hour", 3_600_000), ("0", 0)])
    func delays(text: String, ms: Int) {
        #expect(PlanDelay.milliseconds(text) == ms)
    }

    @Test(arguments: ["", "soon", "-5", "5 weeks", "1e9", "9999 hours", "five minutes"])
    func notDelays(text: String) {
        #expect(PlanDelay.milliseconds(text) == nil)
    }

    @Test func planWithoutDelayOrTextIsDiagnosed() {
        let skill = SkillParser.parse(text: "a\nok\n!plan: soon\n\nb\nok\n!plan 5: \n", path: "models/general/T/en/t.txt",
                                      options: SkillReadOptions())
        #expect(skill.diagnostics.contains { $0.line == 3 && $0.message.contains("needs a delay") })
        #expect(skill.diagnostics.contains { $0.line == 7 && $0.message.contains("no text") })
    }

    @Test func plannedActionsRoundTripThroughJSON() throws {
        let action = ReplyAction.planned("ding", delayMilliseconds: 1500, from: Self.now)
        let data = try JSONEncoder().encode(action)
        let back = try JSONDecoder().decode(ReplyAction.self, from: data)
        #expect(back == action)
        #expect(back.planDelay(received: Self.now) == 1.5)
        let loose = ReplyAction(type: .answer, fields: JSONObject([("expression", .string("x")), ("plan_delay", .string("250"))]))
        #expect(loose.planDelay(received: Self.now) == 0.25)
        let dated = ReplyAction(type: .answer, fields: JSONObject([("expression", .string("x")), ("plan_date", .string("2027-01-15T08:00:10.000Z"))]))
        #expect(dated.planDelay(received: Self.now) == 10)
        #expect(ReplyAction.answer("now").planDelay(received: Self.now) == nil)
    }
}
