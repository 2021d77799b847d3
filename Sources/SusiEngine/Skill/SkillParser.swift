import Foundation

/// Builds a `Skill` from skill text: headers, intents, model lines (skill-language.md §2.2–2.3).
public enum SkillParser {
    /// The longest pattern line read, in bytes. The longest public one is
    /// 5,555 characters (159 alternatives at most); one line of 200,000
    /// alternatives cost a long import and a slow chat for every query that
    /// reached it, so a longer line is refused with its file and line.
    public static let patternLimit = 64 * 1024

    public static func parse(text: String, path: String, language: String? = nil,
                             options: SkillReadOptions = SkillReadOptions()) -> Skill {
        var skill = Skill(path: path, language: language ?? SkillParser.language(fromPath: path))
        for block in TextBlockReader.blocks(of: text) {
            if block.count == 1 {
                let line = block[0]
                if line.text.hasPrefix("::") {
                    skill.metadata.apply(header: String(line.text.dropFirst(2)))
                } else {
                    skill.diagnostics.append(Diagnostic(file: path, line: line.number, severity: .warning, kind: .strayLine,
                                                        message: "line without an answer is ignored: \(line.text.prefix(80))"))
                }
                continue
            }
            var builder = IntentBuilder(path: path, language: skill.language, options: options)
            builder.build(block)
            skill.intents += builder.intents
            skill.diagnostics += builder.diagnostics
            for example in builder.checkedExamples {
                skill.examples.append(SkillExample(query: example.query, expect: example.expect, line: block[0].number))
            }
        }
        return skill
    }

    /// Reads a file; undecodable bytes become U+FFFD rather than failing the load.
    public static func parse(fileAt url: URL, id: String? = nil, language: String? = nil,
                             options: SkillReadOptions = SkillReadOptions()) throws -> Skill {
        let data = try Data(contentsOf: url)
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return parse(text: text, path: id ?? url.path, language: language, options: options)
    }

    /// The reference takes the folder after the group in `models/<model>/<group>/<language>/`;
    /// outside such a tree a two-letter parent folder counts, anything else means "en".
    static func language(fromPath path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        if let m = parts.lastIndex(of: "models"), parts.count == m + 5 { return parts[m + 3] }
        if parts.count >= 2 {
            let folder = parts[parts.count - 2]
            if folder.count == 2, folder.allSatisfy({ $0.isLetter && $0.isLowercase }) { return folder }
        }
        return "en"
    }
}
