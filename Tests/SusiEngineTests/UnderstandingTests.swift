import Foundation
import Testing
@testable import SusiEngine

/// The bundled skills, read from the source tree (the engine tests do not link SusiSkills).
let bundledMind: Mind = {
    let models = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SusiSkills/models")
    return try! Mind(loadingTree: models)
}()

func skillOf(_ m: Mind, _ query: String) -> String? {
    var memory = ConversationMemory()
    var rng = SeededRandom(seed: 3)
    let reply = m.ask(query, memory: &memory, options: AskOptions(), random: &rng)
    return reply.answers.first?.skills.first.map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".txt", with: "") }
}

@Suite("Normalisation before matching (issue 31)")
struct NormalisationTests {
    @Test("contractions are expanded: what's, i'm, let's, can't")
    func contractions() {
        #expect(QueryRewriter.expandContractions("what's the date") == "what is the date")
        #expect(QueryRewriter.expandContractions("i'm bored and i can't focus") == "i am bored and i cannot focus")
        #expect(QueryRewriter.expandContractions("let's play") == "let us play")
        #expect(QueryRewriter.expandContractions("whats up") == "what is up")
        let m = mind("what is the date\nDATE\n\ni am bored\nBORED\n")
        #expect(m.say("What's the date?") == "DATE")
        #expect(m.say("I'm bored") == "BORED")
    }

    @Test("politeness and filler go: please, for me, can you, could you, i want to, now, a trailing susi")
    func filler() {
        #expect(QueryRewriter.dropFiller("can you flip a coin for me please") == "flip a coin")
        #expect(QueryRewriter.dropFiller("could you tell me a joke") == "tell me a joke")
        #expect(QueryRewriter.dropFiller("i want to roll a die") == "roll a die")
        #expect(QueryRewriter.dropFiller("what time is it now susi") == "what time is it")
        #expect(QueryRewriter.dropFiller("hey susi what time is it") == "what time is it")
        // A query of filler only stays as it is.
        #expect(QueryRewriter.dropFiller("please") == "please")
        let m = mind("flip a coin\nHEADS\n\ntell me a joke\nJOKE\n\nwhat time is it\nNOON\n")
        #expect(m.say("flip a coin for me") == "HEADS")
        #expect(m.say("tell me a joke please") == "JOKE")
        #expect(m.say("what time is it now") == "NOON")
        #expect(m.say("Could you please flip a coin, susi?") == "HEADS")
    }

    @Test("number words become digits: ten, a hundred, twenty five, one where a number is expected")
    func numberWords() {
        #expect(QueryRewriter.wordsToDigits("set a timer for ten minutes") == "set a timer for 10 minutes")
        #expect(QueryRewriter.wordsToDigits("a hundred and five") == "105")
        #expect(QueryRewriter.wordsToDigits("twenty five seconds") == "25 seconds")
        #expect(QueryRewriter.wordsToDigits("roll one die") == "roll 1 die")
        #expect(QueryRewriter.wordsToDigits("three plus four") == "3 plus 4")
        #expect(QueryRewriter.wordsToDigits("someone is here") == "someone is here")
        let m = mind("set a timer for * minutes\nTimer for $1$ minutes.\n!plan $1$ minutes: done\n")
        #expect(m.say("set a timer for ten minutes") == "Timer for 10 minutes.")
    }

    @Test("digits become words when the pattern spells the number")
    func digitsToWords() {
        #expect(QueryRewriter.digitsToWords("roll 2 dice") == "roll two dice")
        #expect(QueryRewriter.digitsToWords("roll 20 dice") == "roll 20 dice")
        let m = mind("roll two dice\nTWO\n")
        #expect(m.say("roll 2 dice") == "TWO")
    }

    @Test("singular and plural after a number: 1 minute, 1 die")
    func plurals() {
        #expect(QueryRewriter.matchPlurals("set a timer for 1 minute") == "set a timer for 1 minutes")
        #expect(QueryRewriter.matchPlurals("roll 1 die") == "roll 1 dice")
        #expect(QueryRewriter.matchPlurals("roll 3 die") == "roll 3 dice")
        let m = mind("set a timer for * minutes\nTimer for $1$ minutes.\n")
        #expect(m.say("set a timer for 1 minute") == "Timer for 1 minutes.")
    }

    @Test("a raw match is never overridden by a normalised one")
    func rawMatchWins() {
        let m = mind("please tell me a joke\nPOLITE\n\ntell me a joke\nPLAIN\n\nwhat's up\nRAW\n\nwhat is up\nEXPANDED\n")
        #expect(m.say("please tell me a joke") == "POLITE")
        #expect(m.say("what's up") == "RAW")
        #expect(m.say("what is up") == "EXPANDED")
    }

    @Test("examples are checked through normalisation too")
    func examplesNormalised() {
        let skill = SkillParser.parse(text: "flip a coin\n!example:could you flip a coin for me\n!expect:HEADS\nHEADS\n",
                                      path: "models/general/Test/en/check.txt")
        let checks = Mind(skills: [skill]).checkExamples(of: skill)
        #expect(checks.map(\.verdict) == [.exact])
    }

    @Test("the bundled skills understand the phrasings issue 31 lists")
    func issuePhrasings() {
        let expected: [(String, String)] = [
            ("flip a coin for me", "coin"), ("can you toss a coin", "coin"), ("roll one die", "dice"),
            ("throw a die for me", "dice"), ("what's today's date", "date"), ("which day is it today", "date"),
            ("what day of the week is it", "date"), ("how much is three plus four", "calculator"),
            ("set a timer for ten minutes", "timer"), ("tell me a joke please", "jokes"),
            ("what time is it now", "time"), ("set a timer for 1 minute", "timer"),
        ]
        for (query, skill) in expected {
            #expect(skillOf(bundledMind, query) == skill, "\(query)")
        }
        #expect(bundledMind.say("how much is three plus four") == "3 plus 4 = 7")
        #expect(bundledMind.say("set a timer for ten minutes").hasPrefix("Timer for 10 minutes"))
        #expect(bundledMind.say("set a timer for 1 minute").hasPrefix("Timer for 1 minute"))
    }
}

@Suite("Fuzzy second stage (issue 31)")
struct FuzzyStageTests {
    @Test("stemming and the engine's synonyms: toss/flip, throw/roll, die/dice, funny/joke")
    func canonicalWords() {
        #expect(FuzzyWords.canonical("tossing") == FuzzyWords.canonical("flip"))
        #expect(FuzzyWords.canonical("die") == FuzzyWords.canonical("dice"))
        #expect(FuzzyWords.canonical("minutes") == FuzzyWords.canonical("minute"))
        #expect(FuzzyWords.canonical("funny") == FuzzyWords.canonical("joke"))
        #expect(FuzzyWords.canonical("jokes") == FuzzyWords.canonical("joke"))
        #expect(FuzzyWords.isStopword("the"))
        #expect(!FuzzyWords.isStopword("coin"))
    }

    @Test("no pattern matched: the intent sharing the content words answers")
    func scoresContentWords() {
        let m = mind("flip a coin\nHEADS\n\nroll a die\nSIX\n")
        #expect(m.say("would you kindly toss that coin") == "HEADS")
        #expect(m.say("throw the dice") == "SIX")
        #expect(m.say("could you cast a die") == "SIX")
    }

    @Test("wildcards are filled where the fuzzy match places them")
    func fillsCaptures() {
        let m = mind("set a timer for * minutes\nTimer for $1$ minutes.\n\nweather in *\nWeather for $1$.\n")
        #expect(m.say("start a countdown timer for 10 minutes") == "Timer for 10 minutes.")
        #expect(m.say("tell me the weather in paris") == "Weather for paris.")
    }

    @Test("an intent whose answer needs a capture it cannot fill is not chosen")
    func unfillableCapture() {
        let m = mind("set a timer for * minutes\nTimer for $1$ minutes.\n")
        #expect(m.say("set a timer") != "Timer for  minutes.")
        #expect(!m.say("set a timer").hasPrefix("Timer"))
        #expect(m.explain("timer minutes") == nil)
    }

    @Test("the threshold: unrelated questions get the fallback, never the 8-ball", arguments: [
        "what is the capital of mongolia", "how do i bake bread", "book me a flight to rome",
        "what is the speed of sound", "what time does the train leave", "how many people live in tokyo",
        "who is the president of france", "remind me to call the dentist",
    ])
    func thresholdNegatives(query: String) {
        #expect(skillOf(bundledMind, query) == nil, "\(query) was grabbed")
    }

    @Test("a wildcard is anchored: 'call me *' does not take 'call my mother'")
    func anchoredWildcard() {
        let m = mind("call me *\nHi $1$!\n")
        #expect(m.explain("call my mother") == nil)
        #expect(m.say("please just call me ada") == "Hi ada!")
    }

    @Test("a different question word counts: 'when was it built' is not 'where is it'")
    func questionWords() {
        let m = mind("where is the eiffel tower\nPARIS\n\nwho built you\nUS\n")
        #expect(m.explain("when was the eiffel tower built") == nil)
        #expect(m.say("where is that eiffel tower") == "PARIS")
    }

    @Test("one shared word among several is below the threshold")
    func oneWordIsNotEnough() {
        let m = mind("what is the speed of light\nFAST\n")
        #expect(m.explain("what is the speed of sound") == nil)
        #expect(m.say("how fast is the speed of light") == "FAST")
    }

    @Test("a catch-all alone does not stop the fuzzy stage")
    func catchAllYields() {
        let m = mind("*\nCATCH\n\nflip a coin\nHEADS\n", allowCatchAll: true)
        #expect(m.say("toss the coin") == "HEADS")
        #expect(m.say("something else entirely") == "CATCH")
    }

    @Test("an instant skill matches as typed only: the server's exact match wins over its fuzzy one")
    func instantSkillAsTyped() {
        let instant = InstantSkill.mind("flip a coin\nINSTANT\n", language: "en")
        let general = mind("toss a coin\nGENERAL\n")
        var memory = ConversationMemory()
        #expect(instant.ask("toss a coin", memory: &memory, otherwise: general).text == "GENERAL")
        #expect(instant.ask("flip a coin", memory: &memory, otherwise: general).text == "INSTANT")
        #expect(instant.ask("could you toss a coin for me", memory: &memory, otherwise: general).text == "GENERAL")
    }

    @Test("--explain names the stage, the words that matched and the score")
    func explainsStage() throws {
        let m = mind("flip a coin\nHEADS\n")
        var options = AskOptions()
        options.explain = true
        var memory = ConversationMemory()
        let fuzzy = try #require(m.ask("toss that coin", memory: &memory, options: options).explanation)
        #expect(fuzzy.stage == "fuzzy")
        #expect(fuzzy.matchedWords == ["toss", "coin"])
        #expect((fuzzy.fuzzyScore ?? 0) > 0.5)
        let normalised = try #require(m.ask("flip a coin for me", memory: &memory, options: options).explanation)
        #expect(normalised.stage == "normalised")
        #expect(normalised.normalisedQuery == "flip a coin")
        let exact = try #require(m.ask("flip a coin", memory: &memory, options: options).explanation)
        #expect(exact.stage == "patterns")
    }
}

@Suite("Understanding, second review (issue 31)")
struct SecondReviewTests {
    @Test("softeners go wherever they stand: what exactly are you, can you just flip a coin")
    func softenersAnywhere() {
        #expect(QueryRewriter.dropFiller("what exactly are you") == "what are you")
        #expect(QueryRewriter.dropFiller("can you just really flip a coin") == "flip a coin")
        #expect(QueryRewriter.dropFiller("exactly") == "exactly")
        let m = mind("what are you\nA PROGRAM\n")
        #expect(m.say("what exactly are you") == "A PROGRAM")
    }

    @Test("phrases said another way: i'm called, work out, what kind of, remember that")
    func rephrased() {
        #expect(QueryRewriter.rephrase("i am called charlie") == "my name is charlie")
        #expect(QueryRewriter.rephrase("work out 45 divided by 9") == "calculate 45 divided by 9")
        #expect(QueryRewriter.rephrase("what kind of things can you do") == "what things can you do")
        #expect(QueryRewriter.rephrase("i worked out") == "i worked out")
        let m = mind("my name is *\nHi $1$!\n\nmy favourite colour is *\nNoted: $1$.\n\ncalculate *\nCALC $1$\n")
        #expect(m.say("i'm called charlie") == "Hi charlie!")
        #expect(m.say("remember that my favourite colour is red") == "Noted: red.")
        #expect(m.say("work out 45 divided by 9") == "CALC 45 divided by 9")
    }

    @Test("a preposition stands for another before a number, not before other words")
    func prepositionsBeforeNumbers() {
        let m = mind("timer for * minutes\nTimer for $1$ minutes.\n!plan $1$ minutes: done\n\nweather in *\nWeather for $1$.\n")
        #expect(m.say("remind me in 10 minutes") == "Timer for 10 minutes.")
        #expect(m.say("countdown from two minutes") == "Timer for 2 minutes.")
        #expect(m.explain("what is the weather on mars in 1990") == nil)
    }

    @Test("more synonyms: remind/timer, louder/volume, generate/pick, author/wrote, no energy/tired")
    func moreSynonyms() {
        #expect(FuzzyWords.canonical("remind") == FuzzyWords.canonical("timer"))
        #expect(FuzzyWords.canonical("louder") == FuzzyWords.canonical("volume"))
        #expect(FuzzyWords.canonical("generate") == FuzzyWords.canonical("pick"))
        #expect(FuzzyWords.canonical("author") == FuzzyWords.canonical("wrote"))
        #expect(FuzzyWords.canonical("built") != FuzzyWords.canonical("wrote"))
        #expect(FuzzyWords.isStopword("kind") && FuzzyWords.isStopword("good") && FuzzyWords.isStopword("keep"))
        let m = mind("who wrote hamlet\nSHAKESPEARE\n\nwho made you\nUS\n")
        #expect(m.say("who was the author of hamlet") == "SHAKESPEARE")
    }

    @Test("the threshold, again: the second review's words do not grab these", arguments: [
        "when was the eiffel tower built", "how old is the universe", "what's the weather on mars in 1990",
        "set an alarm for 7 am tomorrow", "what's on my calendar today", "show me pictures of cats",
        "remind me to call the dentist",
    ])
    func thresholdNegativesAgain(query: String) {
        #expect(skillOf(bundledMind, query) == nil, "\(query) was grabbed")
    }
}

@Suite("Optional words and synonyms in patterns (issue 31)")
struct PatternExtensionTests {
    @Test("[word] is optional, also inside a word")
    func optionalWords() {
        let m = mind("[please] tell me a [funny] joke\nJOKE\n\nset a timer for * minute[s]\nT $1$\n")
        #expect(m.say("tell me a joke") == "JOKE")
        #expect(m.say("please tell me a funny joke") == "JOKE")
        #expect(m.say("set a timer for 1 minute") == "T 1")
        #expect(m.say("set a timer for 3 minutes") == "T 3")
    }

    @Test("brackets keep the reference's literal reading first: the tutorial's [token]")
    func literalBracketsFirst() {
        let m = mind("[token]\nLITERAL\n\ntoken\nPLAIN\n")
        #expect(m.say("[token]") == "LITERAL")
        #expect(m.say("token") == "PLAIN")
    }

    @Test("!synonyms: lets an intent's words be said another way")
    func declaredSynonyms() {
        let m = mind("flip a coin\n!synonyms: flip toss spin, coin penny\nHEADS\n")
        #expect(m.say("spin a penny") == "HEADS")
        #expect(m.say("toss a coin") == "HEADS")
        #expect(m.diagnostics.isEmpty)
    }

    @Test("several !example lines in one block are all checked")
    func severalExamples() {
        let skill = SkillParser.parse(text: "[please] flip a coin\n!example:flip a coin\n!expect:HEADS\n!example:please flip a coin\n!expect:HEADS\n!example:coin\n!expect:TAILS\nHEADS\n",
                                      path: "models/general/Test/en/check.txt")
        let checks = Mind(skills: [skill]).checkExamples(of: skill)
        #expect(checks.map(\.example.query) == ["flip a coin", "please flip a coin", "coin"])
        #expect(checks.map(\.verdict) == [.exact, .exact, .noAnswer])
    }
}
