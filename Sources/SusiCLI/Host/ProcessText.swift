#if canImport(Glibc)
import Glibc
#endif
import SusiBasics

/// The process's arguments and environment as text, decoded strictly.
/// `CommandLine.arguments` and `ProcessInfo.environment` turn bytes that are
/// not UTF-8 into U+FFFD, so two different passwords, room names or paths
/// would silently become the same text; here such a value is refused with
/// its position or name, never its content.
public enum ProcessText {
    public struct Refused: Error, Equatable {
        /// One line for `error:`.
        public var message: String
        public var exitCode: ExitCode
    }

    /// argv without the program name; the first argument that is not
    /// valid UTF-8 is a usage error (64).
    public static func arguments() -> Result<[String], Refused> {
        var result: [String] = []
        let count = Int(CommandLine.argc)
        for index in 1..<max(count, 1) {
            guard let raw = CommandLine.unsafeArgv[index] else { break }
            guard let text = String(validatingCString: raw) else {
                return .failure(Refused(message: "Argument \(index) is not valid UTF-8; susi takes text as UTF-8 and never guesses at other bytes.",
                                        exitCode: .usage))
            }
            result.append(text)
        }
        return .success(result)
    }

    /// The environment. A variable that is not valid UTF-8 is left out,
    /// unless its name starts with one of `strictPrefixes`: then it is
    /// refused (65), since it is the program's own input (a passphrase, a
    /// server address) and must not be used changed.
    public static func environment(strictPrefixes: [String]) -> Result<[String: String], Refused> {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            pointer += 1
            let length = strlen(entry)
            let bytes = UnsafeRawBufferPointer(start: entry, count: length)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            let valueBytes = bytes[(equals + 1)...]
            guard let nameText = String(validating: bytes[..<equals], as: UTF8.self),
                  let value = String(validating: valueBytes, as: UTF8.self) else {
                if strictPrefixes.contains(where: { name.hasPrefix($0) }) {
                    return .failure(Refused(message: "The environment variable \(UntrustedText.line(name)) is not valid UTF-8; it was not used.",
                                            exitCode: .dataError))
                }
                continue
            }
            if result[nameText] == nil { result[nameText] = value }
        }
        return .success(result)
    }
}
