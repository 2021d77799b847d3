import Foundation
import Testing
@testable import SusiEngine

/// Inputs that made a libFuzzer target fail (`fuzz/crashes/<target>/`, see
/// fuzz/README.md), fed through the same entry points as the target.
enum FuzzCrashes {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SusiEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("fuzz/crashes")

    /// Every recorded input of one target, by file name.
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }
}

@Suite("Fuzz regressions: recorded crash inputs of the engine's fuzz targets")
struct FuzzRegressionTests {
    private let path = "models/general/Fuzz/en/fuzz.txt"

    /// What fuzz/SkillReader.swift checks: lines lie in the file, and every
    /// intent the reader makes is rebuilt from its stored record, as the skill
    /// index rebuilds it.
    @Test func skillReaderInputsRebuildEveryIntent() throws {
        let inputs = try FuzzCrashes.inputs("skill-reader")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let text = String(decoding: input.bytes, as: UTF8.self)
            let skill = SkillParser.parse(text: text, path: path)
            let lineCount = TextBlockReader.physicalLines(text).count
            #expect(skill.diagnostics.allSatisfy { (0...lineCount).contains($0.line) }, "\(input.name)")
            #expect(skill.intents.allSatisfy { (1...max(lineCount, 1)).contains($0.line) }, "\(input.name)")
            let records = StoredIntent.records(of: [skill])[0]
            #expect(records.count == skill.intents.count, "\(input.name)")
            for (record, intent) in zip(records, skill.intents) {
                let restored = record.restore()
                #expect(restored?.patterns == intent.patterns, "\(input.name): line \(intent.line)")
                #expect(restored?.line == intent.line, "\(input.name): line \(intent.line)")
                #expect(restored?.answerLines == intent.answerLines, "\(input.name): line \(intent.line)")
            }
        }
    }

    /// skill-reader/combining-mark-after-line-break: a line that starts with a
    /// combining mark merged with the space after the line number in the stored
    /// block, so the index could not rebuild the intent and never answered it.
    @Test func aLineStartingWithACombiningMarkAnswersThroughTheIndex() {
        let skill = SkillParser.parse(text: "hello\n\u{301}e answer\n", path: path)
        let direct = Mind(skills: [skill])
        let indexed = Mind(source: StoredIntentSet(records: StoredIntent.records(of: [skill])[0], userLanguage: "en"))
        var memory = ConversationMemory()
        #expect(direct.ask("hello", memory: &memory).text == "\u{301}e answer")
        memory = ConversationMemory()
        #expect(indexed.ask("hello", memory: &memory).text == "\u{301}e answer")
        #expect(indexed.explain("hello")?.line == 1)
    }

    /// What fuzz/LenientJSON.swift calls: every recorded input parses or throws.
    @Test func lenientJSONInputsParseOrThrow() throws {
        let inputs = try FuzzCrashes.inputs("lenient-json")
        #expect(!inputs.isEmpty)
        for input in inputs {
            #expect(throws: LenientJSONParser.Failure.self, "\(input.name)") {
                try LenientJSONParser.parse(bytes: input.bytes)
            }
            _ = try? LenientJSONParser.parseObjectLeniently(String(decoding: input.bytes, as: UTF8.self))
        }
    }

    /// lenient-json/unpaired-high-surrogate-escape: a high surrogate followed by an
    /// escape that is not a low surrogate trapped on `low - 0xDC00` (a skill file's
    /// console JSON, or a console's HTTP response, stopped the process).
    @Test func anUnpairedHighSurrogateBecomesAReplacementCharacter() throws {
        #expect(try LenientJSONParser.parse(#""\uD800\u0041""#) == .string("\u{FFFD}A"))
        #expect(try LenientJSONParser.parse(#""\uDB1D\u0DDD!""#) == .string("\u{FFFD}\u{0DDD}!"))
        #expect(try LenientJSONParser.parse(#""\uD800x""#) == .string("\u{FFFD}x"))
        #expect(try LenientJSONParser.parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(throws: LenientJSONParser.Failure.self) { try LenientJSONParser.parse(#""\uD800\u00""#) }

        // In a skill file's console definition, and in the console's HTTP response.
        let skill = """
            say it
            !console:$text$
            {"url":"http://127.0.0.1:9/say","path":"$.reply","note":"\\uD800\\u0041"}
            eol
            """
        #expect(SkillParser.parse(text: skill, path: path).intents.count == 1)
        let fetcher = FakeFetcher(["http://127.0.0.1:9/say": #"{"reply":[{"text":"\uDBFF\u0041bc"}]}"#])
        #expect(mind(skill).say("say it", options: AskOptions(fetcher: fetcher)) == "\u{FFFD}Abc")
    }
}
