import Foundation
import SusiBasics
import SusiEngine
import SusiSkills

/// Skill files named on the command line, and the bundled skills.
public enum SkillFiles {
    /// Expands files and folders (recursively, `.txt` only, sorted) into
    /// skill files, through the one tree walker (`SkillFileWalker`). A path
    /// that does not exist is an input error (66); a folder's link out of the
    /// folder, a FIFO or device, is refused (65) with `file: reason`. A file
    /// named directly may be a link (the user chose it) but must end at a
    /// regular file.
    public static func expand(_ paths: [String], currentDirectory: String = Paths.currentDirectory()) throws -> [SkillSourceFile] {
        var result: [SkillSourceFile] = []
        let manager = FileManager.default
        for raw in paths {
            let path = raw.hasPrefix("/") ? raw : currentDirectory + "/" + raw
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandError(.noInput, "Cannot read '\(raw)': no such file or folder.")
            }
            if isDirectory.boolValue {
                let walk = SkillFileWalker.walk(path)
                if let refusal = walk.refused.first {
                    throw refused(SkillFileRefusal(file: raw + "/" + refusal.file, line: refusal.line,
                                                   kind: refusal.kind, reason: refusal.reason), more: walk.refused.count - 1)
                }
                if walk.files.isEmpty {
                    throw CommandError(.noInput, "No skill files (*.txt) in '\(raw)'.")
                }
                result += walk.files.map { SkillSourceFile(relative: relative(path + "/" + $0.relative, to: currentDirectory), path: $0.path) }
            } else {
                do {
                    var file = try SkillFileWalker.named(path, shown: raw)
                    file.relative = relative(path, to: currentDirectory)
                    result.append(file)
                } catch {
                    throw refused(error, more: 0)
                }
            }
        }
        return result
    }

    /// Parses skill files; each is named by its path relative to the current directory.
    public static func load(_ paths: [String], currentDirectory: String = Paths.currentDirectory()) throws -> [Skill] {
        try expand(paths, currentDirectory: currentDirectory).map { file throws in
            do throws(SkillFileRefusal) {
                return SkillParser.parse(text: try SkillFileWalker.readText(file), path: file.relative)
            } catch {
                throw refused(error, more: 0)
            }
        }
    }

    /// A file that cannot be used: unreadable is an input error (66), a
    /// link out of the tree, a non-regular or binary file bad data (65).
    static func refused(_ refusal: SkillFileRefusal, more: Int) -> CommandError {
        let code: ExitCode = refusal.kind == .unreadable ? .noInput : .dataError
        return CommandError(code, "\(refusal.description)" + (more > 0 ? " (and \(more) more)" : ""),
                            hint: "Skill files are read only from regular text files inside the named folder.")
    }

    static func relative(_ path: String, to directory: String) -> String {
        path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }

    /// The bundled skills, for the given languages (nil: all).
    public static func bundled(environment: [String: String], languages: Set<String>? = nil) throws -> [Skill] {
        guard let models = BundledSkills.modelsDirectory(environment: environment) else {
            throw CommandError(.software, "The bundled skills are missing: no \(BundledSkills.bundleName) beside the susi executable and no share/susi/models.",
                               hint: "Reinstall susi with 'make install', or point SUSI_BUNDLED_SKILLS at a models folder.")
        }
        return try SkillTreeLoader.load(tree: URL(fileURLWithPath: models), languages: languages)
    }
}
