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
        var files: [String] = []
        if let walker = fm.enumerator(atPath: root.path) {
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".txt") { files.append(relative) }
            }
        }
        files.sort()
        var skills: [Skill] = []
        for relative in files {
            let url = root.appendingPathComponent(relative)
            let full = url.standardizedFileURL.path
            var id = full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
            if base == "/" { id = String(full.dropFirst()) }
            let language = SkillParser.language(fromPath: id)
            if let languages, !languages.contains(language) { continue }
            do {
                skills.append(try SkillParser.parse(fileAt: url, id: id, language: language, options: options))
            } catch {
                var failed = Skill(path: id, language: language)
                failed.diagnostics.append(Diagnostic(file: id, line: 0, severity: .error, message: "cannot read: \(error)"))
                skills.append(failed)
            }
        }
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
