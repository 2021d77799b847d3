import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// Turns what the user typed into exactly one skill, for every command that
/// names one: by its key (the file name, 'time', case-insensitively), by its
/// `::name` ('Random Number', spaces or underscores), by group and name
/// ('Knowledge/time'), by group, language and name, or by path. Several
/// matches are a usage error listing them; none gets "did you mean" (64)
/// when something is close, and "not found" (66) when nothing is.
public enum SkillResolver {
    /// The argument of the commands that name one skill (rate, feedback).
    public static let skillArgument = ArgumentKey.required(
        "skill", "The skill: its name, group/name or path.", completion: .dynamic(Completions.skills))

    public static func resolve(_ text: String, service: SusiService, language: String) throws -> SkillRef {
        // A path names the skill already: the command's own call says whether it exists.
        if let ref = SkillRef(path: text.trimmingCharacters(in: .whitespaces)) { return ref }
        return try resolveInfo(text, service: service, language: language).ref
    }

    /// The same, with what the catalogue knows of the skill.
    public static func resolveInfo(_ text: String, service: SusiService, language: String) throws -> SkillInfo {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("Name a skill.") }
        if let ref = SkillRef(path: trimmed) { return try service.skill(ref) }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last!.hasSuffix(".txt") ? String(parts.last!.dropLast(4)) : parts.last!
        let group = parts.count >= 2 ? parts[0] : nil
        let wantedLanguage = parts.count >= 3 ? parts[1] : language
        let pool = try service.skills(SkillQuery(group: group, language: wantedLanguage))
        var candidates = matches(name, in: pool)
        if candidates.isEmpty, parts.count < 3, wantedLanguage != "en" {
            candidates = matches(name, in: try service.skills(SkillQuery(group: group, language: "en")))
        }
        switch candidates.count {
        case 1:
            return candidates[0]
        case 0:
            // Without a group, the first query already was the whole language.
            let all = group == nil ? pool : try service.skills(SkillQuery(language: wantedLanguage))
            let keys = all.map(\.ref.name)
            let titles = all.compactMap(\.title)
            let hint = "See 'susi skills list' for the skills there are."
            if let best = Suggestions.closest(to: name, among: keys)
                ?? Suggestions.closest(to: name, among: titles).map({ title in
                    all.first { $0.title == title }?.ref.name ?? title
                }) {
                throw CommandError(.usage, "No skill named '\(trimmed)'. Did you mean '\(best)'?", hint: hint)
            }
            throw CommandError(.noInput, "No skill named '\(trimmed)', and none with a similar name.", hint: hint)
        default:
            let names = candidates.map { "\($0.ref.group)/\($0.ref.name)" }.joined(separator: ", ")
            throw UsageError("'\(trimmed)' names several skills: \(names). Add the group, e.g. '\(candidates[0].ref.group)/\(candidates[0].ref.name)'.")
        }
    }

    /// Skills whose key is `name`; failing that, whose `::name` is, with
    /// spaces and underscores alike (as the SUSI server matches them).
    static func matches(_ name: String, in pool: [SkillInfo]) -> [SkillInfo] {
        let key = name.lowercased()
        let byKey = pool.filter { $0.ref.name.lowercased() == key }
        // 'weather' beside an imported 'Weather': the exact spelling decides.
        let exact = byKey.filter { $0.ref.name == name }
        if byKey.count > 1, exact.count == 1 { return exact }
        if !byKey.isEmpty { return byKey }
        let wanted = folded(name)
        return pool.filter { info in info.title.map(folded) == wanted }
    }

    static func folded(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").joined(separator: " ")
    }
}
