import Testing
@testable import SusiEngine

@Suite("Skill reader")
struct ReaderTests {
    @Test func headersAndIntents() {
        let skill = SkillParser.parse(text: """
            ::name Greeter
            ::author Ann
            ::author_url https://example.org
            ::dynamic_content Yes
            ::tags a, b
            ::protected no

            Good Morning | Say Good Morning
            !example:Good Morning
            !expect:Good Morning! Have a nice day!
            Good Morning! Have a nice day!
            """, path: "models/general/X/en/g.txt")
        #expect(skill.metadata.name == "Greeter")
        #expect(skill.metadata.author == "Ann")
        #expect(skill.metadata.authorURL == "https://example.org")
        #expect(skill.metadata.dynamicContent)
        #expect(!skill.metadata.isProtected)
        #expect(skill.metadata.tags == ["a", "b"])
        #expect(skill.language == "en")
        #expect(skill.intents.count == 1)
        #expect(skill.intents[0].patterns == ["Good Morning", "Say Good Morning"])
        #expect(skill.examples == [SkillExample(query: "Good Morning", expect: "Good Morning! Have a nice day!", line: 8)])
    }

    @Test func crlfAndCommentsThatDoNotCloseBlocks() {
        let m = mind("hi there\r\n# a comment inside\r\nHello!\r\n\r\nbye\r\nSee you\r\n")
        #expect(m.say("hi there") == "Hello!")
        #expect(m.say("bye") == "See you")
    }

    @Test func lineGlueWithBackslashes() {
        let m = mind("long \\\nquestion\nfirst part \\\nsecond part\n")
        #expect(m.say("long question") == "first part second part")
    }

    @Test func tabsBecomeSpaces() {
        let m = mind("tab\there\nok\n")
        #expect(m.say("tab    here") == "ok")
    }

    @Test func singleLineBlocksAreIgnoredWithADiagnostic() {
        let skill = SkillParser.parse(text: "stray line\n\nq\na\n", path: "s.txt")
        #expect(skill.intents.count == 1)
        #expect(skill.diagnostics.contains { $0.line == 1 && $0.severity == .warning })
    }

    @Test func lastExampleAndExpectWin() {
        let skill = SkillParser.parse(text: "q\n!example:one\n!example:two\n!expect:x\n!expect:y\na\n", path: "s.txt")
        #expect(skill.intents[0].example == "two")
        #expect(skill.intents[0].expect == "y")
    }

    @Test("a colon in a !expect tail swallows the answer, as in the reference")
    func bangLineSplitsAtLastColon() {
        let text = """
            what time is it
            !expect:9:42 pm
            It is late.

            ok then
            fine
            """
        let skill = SkillParser.parse(text: text, path: "s.txt")
        #expect(skill.intents.count == 1)
        #expect(skill.diagnostics.contains { $0.line == 2 && $0.message.contains("expect:9") })
        let m = Mind(skills: [skill])
        #expect(m.explain("what time is it") == nil)
        #expect(m.say("ok then") == "fine")
    }

    @Test func unknownBangEndsAtEol() {
        let m = mind("q\n!description: about\nswallowed\neol\nanswer\n")
        #expect(m.say("q") == "answer")
    }

    @Test func catchAllIsDroppedFromSkillFiles() {
        let skill = SkillParser.parse(text: "*\nanything\n\nhello | *\nhi\n", path: "s.txt")
        #expect(skill.intents.count == 1)
        #expect(skill.intents[0].patterns == ["hello"])
        let allowed = SkillParser.parse(text: "*\nanything\n", path: "s.txt", options: SkillReadOptions(allowCatchAll: true))
        #expect(allowed.intents.count == 1)
    }

    @Test func javascriptIsReportedAndSkipped() {
        let skill = SkillParser.parse(text: "random *\n!javascript:$!$\nMath.random();\neol\n\nq\na\n", path: "s.txt")
        #expect(skill.intents.count == 1)
        #expect(skill.diagnostics.contains { $0.message.contains("javascript") && $0.line == 1 })
    }

    @Test func languageFromPath() {
        #expect(SkillParser.language(fromPath: "models/general/Food and Drink/en,chi/x.txt") == "en,chi")
        #expect(SkillParser.language(fromPath: "/somewhere/de/x.txt") == "de")
        #expect(SkillParser.language(fromPath: "/tmp/skills/x.txt") == "en")
    }
}

@Suite("Malformed files")
struct MalformedFileTests {
    @Test("garbage yields diagnostics with file:line and the rest still loads")
    func malformedFileStillLoads() {
        let text = """
            ::name Broken
            !console:no pattern line before me
            {"url": "http://x", "path": "$.a"
            eol

            smile (.* please
            :)

            weather *
            !console:It is $temp$
            { url: http://example.org/$1$, oops
            eol

            unterminated *
            !console:$x$
            {"url":"local:time"}

            \u{0}\u{1}\u{FFFD} binary junk here
            still an answer

            good question
            good answer
            """
        let skill = SkillParser.parse(text: text, path: "broken.txt")
        #expect(!skill.diagnostics.isEmpty)
        #expect(skill.diagnostics.allSatisfy { $0.file == "broken.txt" && $0.line > 0 })
        #expect(skill.diagnostics.contains { $0.line == 6 && $0.message.contains("invalid regex") })
        #expect(skill.diagnostics.contains { $0.line == 10 && $0.message.contains("JSON") })
        #expect(skill.diagnostics.contains { $0.line == 15 && $0.message.contains("eol") })
        let m = Mind(skills: [skill])
        #expect(m.say("good question") == "good answer")
        #expect(m.say("smile now please").isEmpty == false)  // fallback, no crash
        #expect(m.explain("smile now please") == nil)
    }

    @Test func randomBytesNeverCrash() {
        var rng = SeededRandom(seed: 42)
        let alphabet = Array("ab *+?.|:!$^`>_#()[]{}\\\n\r\t eol:console:example")
        for _ in 0..<200 {
            let text = String((0..<300).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            let skill = SkillParser.parse(text: text, path: "fuzz.txt")
            let m = Mind(skills: [skill])
            var memory = ConversationMemory()
            _ = m.ask("ab ab", memory: &memory, random: &rng)
        }
    }
}
