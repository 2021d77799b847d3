import Testing
@testable import SusiEngine

@Suite("Answers")
struct AnswerTests {
    @Test func severalAnswerLinesAllEmittedInOrder() {
        let m = mind("tell me\nfirst\nsecond\nthird\n")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("tell me", memory: &memory, random: &rng)
        #expect(reply.actions.map(\.expression) == ["first", "second", "third"])
    }

    @Test func randomAlternativesAreSeedable() {
        let m = mind("pick\nred | green|blue |\n")
        #expect(m.say("pick", seed: 3) == m.say("pick", seed: 3))
        #expect(Set(m.possibleAnswers("pick")) == ["red", "green", "blue"])
    }

    @Test func captures() {
        let m = mind("fruit * and *\nYou like $1$ and $2$.\n\nsay *\n[$0$]\n")
        #expect(m.say("Fruit apples and pears and plums") == "You like apples and pears and plums.")
        #expect(m.say("say Hi") == "[say hi]")
    }

    @Test func unresolvedVariableRejectsTheIntent() {
        let m = mind("hello *\nHi $unknown$\n\nhello world\nplain hello\n")
        #expect(m.say("hello world") == "plain hello")
    }

    @Test func loneDollarIsText() {
        let m = mind("price\nIt costs $1,000 today.\n")
        #expect(m.say("price") == "It costs $1,000 today.")
    }

    @Test("^...^>_v stores invisibly and $_v$ recalls it in a later turn")
    func invisibleStoreAndRecall() {
        let m = mind("my name is *\nHello $1$!^$1$^>_username\n\nwhat is my name\nYour name is $_username$.\n")
        var memory = ConversationMemory()
        #expect(m.say("my name is Bob", &memory, options: referenceCase) == "Hello bob!")
        #expect(memory.variables["_username"] == "bob")
        #expect(m.say("what is my name", &memory, options: referenceCase) == "Your name is bob.")
        var fresh = ConversationMemory()
        #expect(m.say("what is my name", &fresh) != "Your name is bob.")
    }

    @Test("word>_v stores visibly and keeps the word")
    func visibleStore() {
        let m = mind("i like * beer\nYou then should have one $1$>_beerbrand!\n\nwhat beer\n$_beerbrand$ it is\n")
        var memory = ConversationMemory()
        #expect(m.say("I like Kozel beer", &memory, options: referenceCase) == "You then should have one kozel!")
        #expect(m.say("what beer", &memory, options: referenceCase) == "kozel it is")
        // Outside the reference mode the capture keeps the user's case (decision 0461).
        #expect(m.say("I like Kozel beer", &memory) == "You then should have one Kozel!")
        #expect(m.say("what beer", &memory) == "Kozel it is")
    }

    @Test func onlyUnderscoreVariablesPersist() {
        let m = mind("set *\nok^$1$^>plain^$1$^>_kept\n\nget plain\n$plain$\n\nget kept\n$_kept$\n")
        var memory = ConversationMemory()
        #expect(m.say("set x", &memory) == "ok")
        #expect(m.explain("get plain", memory: memory) == nil)
        #expect(m.say("get kept", &memory) == "x")
    }

    @Test func htmlIsNotAnAssignment() {
        let m = mind("link\nSee <a href=\"https://x.org\">SUSI repository</a>\n")
        #expect(m.say("link") == "See <a href=\"https://x.org\">SUSI repository</a>")
    }

    @Test func conditionWithThenAndElse() {
        let m = mind("""
            I love *
            $1$>_favorite is really great.

            What do I love?
            ?$_favorite$:You love $_favorite$.: You have not told me yet.
            """)
        var memory = ConversationMemory()
        #expect(m.say("what do I love", &memory) == "You have not told me yet.")
        #expect(m.say("I love pizza", &memory) == "pizza is really great.")
        #expect(m.say("What do I love?", &memory) == "You love pizza.")
    }

    @Test("the longer compiled pattern outranks the shorter, as in the reference")
    func longerPatternWins() {
        let m = mind("""
            Who is my favorite *?
            Your favorite?

            * is my favorite *
            $1$ is really a great $2$.
            """)
        // "(.*) is my favorite (.*)" is longer than "who is my favorite (.*)".
        #expect(m.say("who is my favorite food") == "who is really a great food.")
    }

    @Test func conditionWithValue() {
        let m = mind("""
            mood *
            ok^$1$^>_mood

            how am i
            ?$_mood$=excited:You are excited!:You are calm.
            """)
        var memory = ConversationMemory()
        _ = m.say("mood excited", &memory)
        #expect(m.say("how am i", &memory) == "You are excited!")
        _ = m.say("mood sleepy", &memory)
        #expect(m.say("how am i", &memory) == "You are calm.")
    }

    @Test func conditionWithoutElseFallsThrough() {
        let m = mind("how am i\n?$_mood$:You feel $_mood$.\n\nhow am *\nNo idea.\n")
        #expect(m.say("how am i") == "No idea.")
    }

    @Test func backtickReflection() {
        let m = mind("color\nred\n\nfavorite color\nI like `color` a lot\n\nbroken\nsee `nothing matches this`\n\nbroken *\nfallback\n")
        #expect(m.say("favorite color") == "I like red a lot")
        #expect(m.say("broken") != "see ")
    }

    @Test func reflectionResultCanBeStored() {
        let m = mind("pick one\nrock\n\nplay\n`pick one`>_ai ^paper^>_human\n\nwho won\n$_ai$ vs $_human$\n")
        var memory = ConversationMemory()
        #expect(m.say("play", &memory) == "rock")
        #expect(m.say("who won", &memory) == "rock vs paper")
    }

    @Test func reflectionLoopsAreBounded() {
        let m = mind("loop\nagain `loop`\n")
        #expect(m.explain("loop") == nil)
    }

    @Test func fallbackWhenNothingMatches() {
        let m = mind("hello\nhi\n")
        var memory = ConversationMemory()
        var rng = SeededRandom(seed: 1)
        let reply = m.ask("something else", memory: &memory, random: &rng)
        #expect(reply.isFallback)
        #expect(FallbackAnswers.english.contains(reply.text))
        #expect(reply.answers[0].skills.isEmpty)
    }

    @Test func turnsAreRecorded() {
        let m = mind("hello\nhi\n")
        var memory = ConversationMemory()
        _ = m.say("Hello!", &memory)
        #expect(memory.turns.last?.query == "Hello!")
        #expect(memory.turns.last?.answer == "hi")
    }
}
