import Foundation
import Testing
@testable import SusiEngine

/// Issue 31, third review (decision 0460): rules found from the fresh set's misses and
/// issue 38's missing variants, each with its negatives.
@Suite("Understanding, third review (issue 31)")
struct ThirdReviewTests {
    @Test("a wildcard is placed when its preposition is missing, if a number fills it")
    func wildcardWithoutPreposition() {
        let m = mind("set a timer for * seconds\nTimer for $1$ seconds.\n\nset a timer for * minutes\nTimer for $1$ minutes.\n\ncall me *\nHi $1$!\n\nweather in *\nWeather for $1$.\n")
        #expect(m.say("set timer twenty seconds") == "Timer for 20 seconds.")
        #expect(m.say("timer 5 minutes") == "Timer for 5 minutes.")
        #expect(m.say("set a timer 90 seconds") == "Timer for 90 seconds.")
        // Not a number: the skipped preposition anchors nothing.
        #expect(m.explain("set a timer minutes") == nil)
        #expect(m.explain("weather paris") == nil)
        #expect(m.explain("call my mother") == nil)
        #expect(m.explain("what is the weather on mars in 1990") == nil)
    }

    @Test("local:time takes a place: the time in a city, by its time zone")
    func timeInAPlace() throws {
        let m = mind("what time is it in *\n!console:$answer$\n{\"url\": \"local:time?place=$1$\", \"path\": \"$\"}\neol\n")
        // 2026-12-05 12:00 UTC; Tokyo has no summer time.
        let options = AskOptions(now: Date(timeIntervalSince1970: 1_796_472_000), utcOffsetSeconds: 0)
        #expect(m.say("what time is it in tokyo", options: options) == "It is 21:00 in Tokyo (UTC+09:00).")
        #expect(m.say("what time is it in New York", options: options) == "It is 07:00 in New York (UTC-05:00).")
        #expect(m.say("what time is it in los angeles", options: options) == "It is 04:00 in Los Angeles (UTC-08:00).")
        // A place with no time zone of its own name: the intent fails, nothing is made up.
        #expect(m.explain("what time is it in atlantis") == nil || !m.say("what time is it in atlantis", options: options).hasPrefix("It is"))
        #expect(!m.say("what time is it in the bakery", options: options).hasPrefix("It is"))
    }

    @Test("the bundled skills: dice with N sides, the time in another city, a trivia question")
    func issue38Variants() {
        let expected: [(String, String)] = [
            ("roll a die with 12 sides", "dice"), ("roll two dice with 10 sides", "dice"), ("roll 3 dice with 8 sides", "dice"),
            ("throw a twenty sided die", "dice"),
            ("what time is it in tokyo", "time"), ("what's the time in london", "time"), ("tell me the time in paris", "time"),
            ("ask me a trivia question", "trivia"), ("give me a trivia question", "trivia"), ("ask me a quiz question", "trivia"),
        ]
        for (query, skill) in expected {
            #expect(skillOf(bundledMind, query) == skill, "\(query)")
        }
        #expect(bundledMind.say("roll a die with 12 sides").hasPrefix("You rolled"))
        #expect(bundledMind.say("roll two dice with 10 sides").contains("total"))
        #expect(bundledMind.say("what time is it in tokyo").contains("in Tokyo (UTC+09:00)"))
    }

    @Test("'do you remember my' and 'do you know my' ask what the thing is")
    func doYouRememberMy() {
        #expect(QueryRewriter.rephrase("do you remember my favourite colour") == "what is my favourite colour")
        #expect(QueryRewriter.rephrase("do you know my name") == "what is my name")
        // Only before "my": other questions keep their words.
        #expect(QueryRewriter.rephrase("do you know what time it is") == "do you know what time it is")
        #expect(QueryRewriter.rephrase("do you remember me") == "do you remember me")
        let m = mind("what is my favourite colour\nBLUE\n")
        #expect(m.say("do you remember my favourite colour") == "BLUE")
        #expect(m.say("do you know my favourite colour") == "BLUE")
    }

    @Test("more synonyms: procrastinating and motivation are about focus")
    func focusSynonyms() {
        #expect(FuzzyWords.canonical("procrastinating") == FuzzyWords.canonical("focus"))
        #expect(FuzzyWords.canonical("motivation") == FuzzyWords.canonical("focus"))
        #expect(FuzzyWords.canonical("motivate") == FuzzyWords.canonical("focus"))
        let m = mind("help me focus\nNUDGE\n")
        #expect(m.say("help me with my procrastination") == "NUDGE")
    }

    @Test("the threshold holds for the new phrasings' neighbours", arguments: [
        "what time does the bakery in paris open", "how many sides does a cube have", "what is the time zone of mars",
        "how many people live in tokyo",
    ])
    func thresholdNegatives(query: String) {
        #expect(skillOf(bundledMind, query) == nil, "\(query) was grabbed")
    }
}
