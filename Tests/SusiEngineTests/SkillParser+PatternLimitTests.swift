import Testing
@testable import SusiEngine

/// A pattern line over `SkillParser.patternLimit` is refused with a
/// diagnostic naming the file and the line; the file's other intents stay.
@Suite struct PatternLimitTests {
    static func alternatives(bytes: Int) -> String {
        var line = "w0"
        var index = 1
        while line.utf8.count < bytes {
            line += "|w\(index)"
            index += 1
        }
        return String(line.utf8.prefix(bytes))!
    }

    @Test func aPatternLineOverTheLimitIsRefusedWithFileAndLine() {
        let huge = Self.alternatives(bytes: SkillParser.patternLimit + 1)
        let count = huge.split(separator: "|").count
        let text = "hello\nHi!\n\n\(huge)\nhuge answer\n\nbye\nBye!\n"
        let skill = SkillParser.parse(text: text, path: "models/general/Big/en/big.txt")
        #expect(skill.intents.map(\.patterns) == [["hello"], ["bye"]])
        #expect(skill.diagnostics == [Diagnostic(
            file: "models/general/Big/en/big.txt", line: 4, severity: .error, kind: .longPattern,
            message: "pattern line of \(SkillParser.patternLimit + 1) bytes (\(count) alternatives) is over the limit of \(SkillParser.patternLimit) bytes; intent skipped")])
        #expect(skill.diagnostics.first?.description.hasPrefix("models/general/Big/en/big.txt:4: error: pattern line of 65537 bytes") == true)
    }

    @Test func aPatternLineAtTheLimitIsRead() {
        let line = Self.alternatives(bytes: SkillParser.patternLimit)
        let skill = SkillParser.parse(text: "\(line)\nanswer\n", path: "big.txt")
        #expect(skill.diagnostics.isEmpty)
        #expect(skill.intents.count == 1)
        #expect(skill.intents.first?.patterns.count == line.split(separator: "|").count)
    }
}
