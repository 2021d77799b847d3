import Foundation

/// Loads every `.txt` skill under a folder such as `models/`, in sorted path order (the
/// order ties are broken in). Skill ids are paths relative to the folder's parent, e.g.
/// `models/general/Knowledge/en/About SUSI.txt`.
public enum SkillTreeLoader {
    public static func load(tree root: URL, languages: Set<String>? = nil,
                            options: SkillReadOptions = SkillReadOptions()) throws -> [Skill] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
        }
        let base = root.standardizedFileURL.deletingLastPathComponent().path
        func id(of relative: String) -> String {
            let full = root.appendingPathComponent(relative).standardizedFileURL.path
            if base == "/" { return String(full.dropFirst()) }
            return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
        }
        let walk = SkillFileWalker.walk(root.path)
        var skills: [Skill] = []
        for refusal in walk.refused where refusal.file.hasSuffix(".txt") {
            let path = id(of: refusal.file)
            let language = SkillParser.language(fromPath: path)
            if let languages, !languages.contains(language) { continue }
            var failed = Skill(path: path, language: language)
            failed.diagnostics.append(Diagnostic(file: path, line: refusal.line ?? 0, severity: .error, kind: .unusableFile, message: refusal.reason))
            skills.append(failed)
        }
        for file in walk.files {
            let path = id(of: file.relative)
            let language = SkillParser.language(fromPath: path)
            if let languages, !languages.contains(language) { continue }
            do {
                let text = try SkillFileWalker.readText(file)
                skills.append(SkillParser.parse(text: text, path: path, language: language, options: options))
            } catch {
                var failed = Skill(path: path, language: language)
                failed.diagnostics.append(Diagnostic(file: path, line: error.line ?? 0, severity: .error, kind: .unusableFile, message: error.reason))
                skills.append(failed)
            }
        }
        skills.sort { $0.path < $1.path }
        return skills
    }
}

extension Mind {
    /// A mind over every skill in a `models/` tree (optionally only some languages).
    public convenience init(loadingTree root: URL, languages: Set<String>? = ["en"], userLanguage: String = "en") throws {
        self.init(skills: try SkillTreeLoader.load(tree: root, languages: languages), language: userLanguage)
    }

    /// A mind over the given skill files.
    public convenience init(loadingFiles urls: [URL], userLanguage: String = "en") throws {
        self.init(skills: try urls.map { try SkillParser.parse(fileAt: $0) }, language: userLanguage)
    }
}
