import Foundation
import SusiCLI
import SusiCore
import SusiEngine
import SusiSkills

/// Skill files named on the command line, and the bundled skills.
public enum SkillFiles {
    /// Expands files and folders (recursively, `.txt` only, sorted) into
    /// skill file paths. A path that does not exist is an input error (66).
    public static func expand(_ paths: [String], currentDirectory: String = Paths.currentDirectory()) throws -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for raw in paths {
            let path = raw.hasPrefix("/") ? raw : currentDirectory + "/" + raw
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandError(.noInput, "Cannot read '\(raw)': no such file or folder.")
            }
            if isDirectory.boolValue {
                let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".txt") }
                    .sorted()
                    .map { path + "/" + $0 }
                if found.isEmpty {
                    throw CommandError(.noInput, "No skill files (*.txt) in '\(raw)'.")
                }
                result += found
            } else {
                guard manager.isReadableFile(atPath: path) else {
                    throw CommandError(.noInput, "Cannot read '\(raw)': permission denied.")
                }
                result.append(path)
            }
        }
        return result
    }

    /// Parses skill files; `display` names each by what the user typed.
    public static func load(_ paths: [String], currentDirectory: String = Paths.currentDirectory()) throws -> [Skill] {
        try expand(paths, currentDirectory: currentDirectory).map { path in
            let bytes: [UInt8]?
            do {
                bytes = try AtomicFile.read(path, limit: sizeLimit)
            } catch let error as FileError {
                throw CommandError(.noInput, "Cannot read '\(path)': \(error.reason).",
                                   hint: error.reason.hasPrefix("larger") ? "A skill file may hold at most \(sizeLimit >> 20) MiB." : nil)
            }
            guard let bytes else { throw CommandError(.noInput, "Cannot read '\(path)': no such file.") }
            // Undecodable bytes become U+FFFD rather than failing the load, as in SkillParser.
            var text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
            return SkillParser.parse(text: text, path: relative(path, to: currentDirectory))
        }
    }

    /// The largest skill file read (the biggest public one is a few MiB).
    public static let sizeLimit = 16 << 20

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
