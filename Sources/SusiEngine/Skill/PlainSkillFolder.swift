import Foundation

/// A plain folder of skill files (`my_skills/parrot.txt`), the layout the README
/// and onboarding suggest, beside the `models/<model>/<group>/<language>/` tree.
/// Only the `.txt` files directly in the folder are skills; a skill's group and
/// language come from its `::category` and `::language` headers, else from
/// the defaults below (and the import says so).
public enum PlainSkillFolder {
    public static let defaultGroup = "Knowledge"
    public static let defaultLanguage = "en"

    /// Why there is nothing to read in a folder the walker found no skill file
    /// in: nil when it found some (or refused some, which is reported per file).
    public static func nothingToRead(_ walk: (files: [SkillSourceFile], refused: [SkillFileRefusal]),
                                     directory: String) -> String? {
        guard walk.files.isEmpty, walk.refused.isEmpty else { return nil }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.isEmpty ? "is empty" : "holds no skill files (.txt)"
    }

    /// The id a file directly in the folder is first parsed under; nil for a
    /// file in a subfolder (left out).
    public static func provisionalID(_ relative: String) -> String? {
        guard !relative.contains("/") else { return nil }
        return "models/general/\(defaultGroup)/\(defaultLanguage)/\(relative)"
    }

    /// The skill under the id its headers name; `defaulted` when a header was
    /// missing (or unusable: empty, or with a `/`) and a default stood in.
    /// A header or option value usable as a folder name of the id: not empty,
    /// no `/`, not `.` or `..`; nil otherwise.
    public static func usable(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
              !value.contains("/"), value != ".", value != ".." else { return nil }
        return value
    }

    public static func place(_ skill: Skill, source: String, group fallbackGroup: String = defaultGroup,
                             language fallbackLanguage: String = defaultLanguage) -> (skill: Skill, defaulted: Bool) {
        let group = usable(skill.metadata.category)
        let language = usable(skill.metadata.language)
        let name = (skill.path as NSString).lastPathComponent
        let id = "models/general/\(group ?? fallbackGroup)/\(language ?? fallbackLanguage)/\(name)"
        let placed = id == skill.path ? skill : SkillParser.parse(text: source, path: id)
        return (placed, group == nil || language == nil)
    }
}
