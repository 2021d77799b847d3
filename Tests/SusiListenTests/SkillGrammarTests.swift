import Testing
@testable import SusiListen

@Suite("The skills grammar")
struct SkillGrammarTests {
    static let skill = """
    ::name Timer
    ::language en

    set a timer for * minutes|timer for * minutes
    !example:set a timer for 5 minutes
    !console:Timer set for $1$ minutes.
    {"data": [{"minutes": "$1$"}],
     "hello there": "not a pattern"}
    eol

    # a comment
    what (is|was) the time
    It is late.

    what is the capital of Xanadu
    No idea.
    """

    @Test func patternsAndExamplesAreFound() {
        let found = SkillGrammar.phrases(inSkill: Self.skill)
        #expect(found.patterns == ["set a timer for * minutes", "timer for * minutes", "what (is|was) the time", "what is the capital of Xanadu"])
        #expect(found.examples == ["set a timer for 5 minutes"])
    }

    @Test func unsayablePhrasesAreLeftOut() {
        let known: Set<String> = ["set", "a", "timer", "for", "minutes", "five", "what", "is", "the", "capital", "of"]
        let grammar = SkillGrammar(skillTexts: [Self.skill], knows: { known.contains($0) })
        // Regex syntax and a word the dictionary lacks (xanadu) drop their phrase.
        #expect(grammar.phrases == [["set", "a", "timer", "for", "<any>", "minutes"], ["timer", "for", "<any>", "minutes"],
                                    ["set", "a", "timer", "for", "five", "minutes"]])
        #expect(grammar.jsgf.hasPrefix("#JSGF V1.0;\ngrammar susi;\npublic <query> = set a timer for <any> minutes\n    | timer for <any> minutes\n"))
        #expect(grammar.covers("set a timer for twenty five minutes"))
        #expect(!grammar.covers("set a timer"))
        #expect(SkillGrammar(jsgf: grammar.jsgf) == grammar)
    }

    @Test func examplesSayTheirSymbols() {
        #expect(SkillGrammar.words(of: "calculate 12 * 7", isPattern: false) == ["calculate", "twelve", "times", "seven"])
        #expect(SkillGrammar.words(of: "roll a d20", isPattern: false) == nil)
        #expect(SkillGrammar.words(of: "What's the weather?", isPattern: false) == ["what's", "the", "weather"])
        #expect(SkillGrammar.words(of: "*", isPattern: true) == nil)
    }

    @Test func aCatchAllOfQuestionWordsIsLeftOutButItsExamplesStayIn() {
        let skill = """
        calculate *|what is *|what's *|how much is *
        !example:calculate 12 * 7
        !console:$answer$
        eol
        """
        let grammar = SkillGrammar(skillTexts: [skill], knows: { _ in true })
        #expect(grammar.phrases == [["calculate", "<any>"], ["calculate", "twelve", "times", "seven"]])
        #expect(SkillGrammar.isCatchAll(["what", "is", "<any>"]))
        #expect(!SkillGrammar.isCatchAll(["what", "is", "the", "time"]), "no wildcard: a phrase of its own")
    }

    @Test func optionalWordsAreSaidWithAndWithout() {
        #expect(SkillGrammar.expandingOptionalWords("[please] tell me a [funny] joke")
                == ["please tell me a funny joke", "please tell me a joke", "tell me a funny joke", "tell me a joke"])
        #expect(SkillGrammar.expandingOptionalWords("set a timer for * minute[s]") == ["set a timer for * minutes", "set a timer for * minute"])
        #expect(SkillGrammar.expandingOptionalWords("(\\d+)[0-9]") == ["(\\d+)[0-9]"])
        let skill = "what can i ask [you]|[please] flip a coin\nHEADS\n"
        let grammar = SkillGrammar(skillTexts: [skill], knows: { _ in true })
        #expect(grammar.phrases == [["what", "can", "i", "ask", "you"], ["what", "can", "i", "ask"],
                                    ["please", "flip", "a", "coin"], ["flip", "a", "coin"]])
        #expect(grammar.covers("what can i ask") && grammar.covers("please flip a coin"))
    }
}
