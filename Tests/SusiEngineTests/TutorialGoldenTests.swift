import Testing
@testable import SusiEngine

/// The query→answer pairs of the reference server's tutorial test (SusiTutorialTest),
/// over an inline skill written to the same specification; javascript pairs left out.
@Suite("Reference tutorial semantics")
struct TutorialGoldenTests {
    let skill = """
        # tutorial playground
        ::prior

        [token]
        token is working

        [token2] *
        token2 handles $1$

        reset test.
        ok^^>_mood

        roses are red
        SUSI is a hack
        skynet is back

        What is your favorite dish
        Potatoes|Vegetables|Fish

        Bonjour|Buenos días
        Hello

        May I * you
        Yes you may

        May I get a *?
        Yes you may get a $1$!

        For * I can buy a *
        Yeah, I believe $1$ is a good price for a $2$

        * buy a *
        Sure, you should buy a $2$!

        I * like * beer
        You then should have one $2$>_beerbrand!

        * beer * best?
        I bet you like $_beerbrand$ beer!

        I am so happy!
        Good for you!^excited^>_mood

        I am getting bored.
        Make something!^inactive^>_mood

        How do I feel?
        ?$_mood$:You are $_mood$.:I don't know your mood.

        Shall I *?
        ?$_mood$=excited:You will be happy, whatever I say!

        generic actions *
        !actions:done
        [{"type":"answer"}]
        eol

        set alarm
        !queue: 1234 `play metallica`
        alarm set

        who is *
        `[who] $1$`

        [who] *
        nlu success
        """

    @Test func conversation() {
        let m = mind(skill)
        var memory = ConversationMemory()
        func first(_ q: String) -> String {
            var rng = SeededRandom(seed: 11)
            return m.ask(q, memory: &memory, random: &rng).actions.first?.expression ?? ""
        }
        #expect(first("[token]") == "token is working")
        #expect(first("[token2] test") == "token2 handles test")
        #expect(first("reset test.") == "ok")
        #expect(first("roses are red") == "SUSI is a hack")
        #expect(["Potatoes", "Vegetables", "Fish"].contains(first("What is your favorite dish")))
        #expect(first("Bonjour") == "Hello")
        #expect(first("Buenos días") == "Hello")
        #expect(first("May I work for you?") == "Yes you may")
        #expect(first("May I get a beer?") == "Yes you may get a beer!")
        #expect(first("For two dollars I can buy a beer") == "Yeah, I believe two dollars is a good price for a beer")
        #expect(first("Someday I buy a car") == "Sure, you should buy a car!")
        #expect(first("I really like bitburger beer") == "You then should have one bitburger!")
        #expect(first("What beer is the best?") == "I bet you like bitburger beer!")
        #expect(first("How do I feel?") == "I don't know your mood.")
        #expect(first("I am getting bored.") == "Make something!")
        #expect(first("How do I feel?") == "You are inactive.")
        #expect(first("I am so happy!") == "Good for you!")
        #expect(first("Shall I eat?") == "You will be happy, whatever I say!")
        #expect(first("who is susi") == "nlu success")
        #expect(m.explain("set alarm") == nil)
    }

    @Test func bothAnswerLinesOfAnIntentAreReturned() {
        #expect(mind(skill).say("roses are red") == "SUSI is a hack\nskynet is back")
    }
}
