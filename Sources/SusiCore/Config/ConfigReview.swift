import Foundation
import SusiBasics
import SusiCLI

/// A config file's text as a person wrote it (`susi config edit`), checked
/// in full: every problem, each with the line it is on, instead of the first
/// one only. Values are checked by the same rules as everywhere else
/// (`ConfigKey.problem`, the legacy units converted).
///
/// A key this version does not know is a problem when the text adds it (it
/// is most likely a typo, and gets "did you mean"); one that was already in
/// the file (`known`: a newer susi's setting) is kept as it is, as every
/// other command keeps it.
public struct ConfigReview: Sendable {
    public struct Problem: Equatable, Sendable {
        /// 1-based; nil when the problem is not on one line.
        public var line: Int?
        public var key: String?
        public var message: String

        /// "line 3: 'voice' has ..." as shown to the user.
        public var description: String {
            (line.map { "line \($0): " } ?? "") + message
        }
    }

    /// The configuration the text holds; nil when it is not usable JSON.
    public var file: ConfigFile?
    public var problems: [Problem]
    /// Unknown keys kept because they were in the file before.
    public var keptUnknown: [String]
    /// The line of each top-level key (two or more for a key written twice).
    public private(set) var keyLines: [String: [Int]] = [:]

    public var isValid: Bool { problems.isEmpty && file != nil }

    public init(_ bytes: [UInt8], path: String, known: Set<String> = []) {
        problems = []
        keptUnknown = []
        let parsed: (file: ConfigFile, invalid: [ConfigFile.InvalidValue])
        do {
            parsed = try ConfigFile.parse(bytes, path: path, repairing: true)
        } catch let error as ConfigError {
            // Not JSON, or not an object. Foundation names the byte offset ("around character 33").
            let message = error.message.replacingOccurrences(of: "The config file \(path) ", with: "The text ")
            problems = [Problem(line: Self.line(ofOffsetIn: message, bytes), key: nil, message: message)]
            file = nil
            return
        } catch {
            problems = [Problem(line: nil, key: nil, message: "\(error)")]
            file = nil
            return
        }
        file = parsed.file
        let lines = Self.keyLines(bytes)
        keyLines = lines
        for (name, found) in lines where found.count > 1 {
            problems.append(Problem(line: found[1], key: name,
                                    message: "'\(UntrustedText.line(name))' is set more than once (lines \(found.map(String.init).joined(separator: ", "))); keep one."))
        }
        for invalid in parsed.invalid {
            problems.append(Problem(line: lines[invalid.key]?.last, key: invalid.key,
                                    message: "'\(invalid.key)' has \(invalid.problem)."))
        }
        for name in parsed.file.unknownKeys {
            if known.contains(name) {
                keptUnknown.append(name)
                continue
            }
            let close = Suggestions.closest(to: name, among: ConfigKey.all.map(\.name))
            problems.append(Problem(line: lines[name]?.last, key: name,
                                    message: "'\(UntrustedText.line(name))' is not a setting" + (close.map { " (did you mean '\($0)'?)" } ?? "")
                                        + "; see 'susi config --help' for the settings."))
        }
        sortProblems()
    }

    /// A problem found by a check that needs more than the text (a voice
    /// that is not installed), on the line of `key`.
    public mutating func addProblem(key: String, message: String) {
        problems.append(Problem(line: keyLines[key]?.last, key: key, message: message))
        sortProblems()
    }

    private mutating func sortProblems() {
        problems.sort { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
    }

    /// The line of the byte offset a JSON parser's message names
    /// ("... around character 33."), or nil when it names none.
    static func line(ofOffsetIn message: String, _ bytes: [UInt8]) -> Int? {
        guard let range = message.range(of: "character ") else { return nil }
        guard let offset = Int(message[range.upperBound...].prefix { $0.isNumber }) else { return nil }
        return bytes.prefix(offset).filter { $0 == UInt8(ascii: "\n") }.count + 1
    }

    /// The line of each key of the top-level object, in order of appearance
    /// (a key written twice has two). A small scanner of JSON's structure:
    /// strings (with escapes), nesting, and a string followed by ':' at
    /// depth one is a key. Only called on text that parsed as JSON.
    static func keyLines(_ bytes: [UInt8]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        var line = 1
        var depth = 0
        var index = 0
        var pendingKey: (raw: [UInt8], line: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                pendingKey = nil
            case UInt8(ascii: "\""):
                let start = index
                let startLine = line
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                pendingKey = depth == 1 ? (Array(bytes[start...min(index, bytes.count - 1)]), startLine) : nil
            case UInt8(ascii: ":"):
                if let key = pendingKey,
                   let name = try? JSONSerialization.jsonObject(with: Data(key.raw), options: [.fragmentsAllowed]) as? String {
                    result[name, default: []].append(key.line)
                }
                pendingKey = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                pendingKey = nil
            }
            index += 1
        }
        return result
    }
}
