// libFuzzer target: the skill reader (TextBlockReader + SkillParser + IntentBuilder)
// and the skill index's round trip (StoredIntent), on arbitrary bytes as a skill file.
@testable import SusiEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSkillReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let skill = SkillParser.parse(text: text, path: "models/general/Fuzz/en/fuzz.txt")
    let lineCount = TextBlockReader.physicalLines(text).count
    for diagnostic in skill.diagnostics {
        precondition((0...lineCount).contains(diagnostic.line), "diagnostic line \(diagnostic.line) of \(lineCount)")
    }
    for intent in skill.intents {
        precondition((1...max(lineCount, 1)).contains(intent.line), "intent line \(intent.line) of \(lineCount)")
    }
    // What `skills import` stores must rebuild the same intent (the index answers from it).
    for (record, intent) in zip(StoredIntent.records(of: [skill])[0], skill.intents) {
        let restored = record.restore()
        precondition(restored?.patterns == intent.patterns && restored?.line == intent.line,
                     "stored intent of line \(intent.line) does not rebuild")
    }
    return 0
}
