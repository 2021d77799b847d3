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
        try expand(paths, currentDirectory: currentDirectory, refused: nil)
    }

    /// With `refused`, a refused file is added there and the rest goes on
    /// (`skills test`, as `skills import` does); without, it is thrown.
    /// A path that does not exist is thrown either way (66).
    static func expand(_ paths: [String], currentDirectory: String,
                       refused collected: UnsafeMutablePointer<[SkillFileRefusal]>?) throws -> [SkillSourceFile] {
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
                let refusals = walk.refused.map {
                    SkillFileRefusal(file: raw + "/" + $0.file, line: $0.line, kind: $0.kind, reason: $0.reason)
                }
                if let collected {
                    collected.pointee += refusals
                } else if let refusal = refusals.first {
                    throw refused(refusal, more: refusals.count - 1)
                }
                if walk.files.isEmpty, refusals.isEmpty {
                    throw CommandError(.noInput, "No skill files (*.txt) in '\(raw)'.")
                }
                result += walk.files.map { SkillSourceFile(relative: relative(path + "/" + $0.relative, to: currentDirectory), path: $0.path) }
            } else {
                do {
                    var file = try SkillFileWalker.named(path, shown: raw)
                    file.relative = relative(path, to: currentDirectory)
                    result.append(file)
                } catch {
                    guard let collected else { throw refused(error, more: 0) }
                    collected.pointee.append(error)
                }
            }
        }
        return result
    }

    /// Parses what can be parsed; the files refused (by the walk or when
    /// read) are returned beside the skills.
    public static func loadKeepingGoing(_ paths: [String], currentDirectory: String = Paths.currentDirectory())
        throws -> (skills: [Skill], refused: [SkillFileRefusal]) {
        var refusals: [SkillFileRefusal] = []
        let files = try expand(paths, currentDirectory: currentDirectory, refused: &refusals)
        var skills: [Skill] = []
        for file in files {
            do throws(SkillFileRefusal) {
                skills.append(SkillParser.parse(text: try SkillFileWalker.readText(file), path: file.relative))
            } catch {
                refusals.append(error)
            }
        }
        return (skills, refusals)
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
