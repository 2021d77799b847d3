import SusiCLI
import SusiCore

/// Turns what the user typed into exactly one skill, for every command that
/// names one: by file name ('time', case-insensitively), group and name
/// ('Knowledge/time'), group, language and name, or path. Several matches
/// are a usage error listing them; none gets "did you mean".
public enum SkillResolver {
    public static func resolve(_ text: String, service: SusiService, language: String) throws -> SkillRef {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("Name a skill.") }
        if let ref = SkillRef(path: trimmed) { return ref }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = parts.last!.hasSuffix(".txt") ? String(parts.last!.dropLast(4)) : parts.last!
        let group = parts.count >= 2 ? parts[0] : nil
        let wantedLanguage = parts.count >= 3 ? parts[1] : language
        var candidates = try service.skills(SkillQuery(group: group, language: wantedLanguage))
            .filter { $0.ref.name.lowercased() == name.lowercased() }
        if candidates.isEmpty, parts.count < 3, wantedLanguage != "en" {
            candidates = try service.skills(SkillQuery(group: group, language: "en"))
                .filter { $0.ref.name.lowercased() == name.lowercased() }
        }
        switch candidates.count {
        case 1:
            return candidates[0].ref
        case 0:
            let all = try service.skills(SkillQuery(language: wantedLanguage)).map(\.ref.name)
            var message = "No skill named '\(trimmed)'."
            if let best = Suggestions.closest(to: name, among: all) { message += " Did you mean '\(best)'?" }
            throw CommandError(.failure, message, hint: "See 'susi skills list' for the skills there are.")
        default:
            let names = candidates.map { "\($0.ref.group)/\($0.ref.name)" }.joined(separator: ", ")
            throw UsageError("'\(trimmed)' names several skills: \(names). Add the group, e.g. '\(candidates[0].ref.group)/\(name)'.")
        }
    }
}
