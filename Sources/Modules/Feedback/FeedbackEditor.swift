#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// Writing feedback in the user's editor, as `git commit` does: a temporary
/// file (mode 0600, in susi's cache folder) with a comment header, the
/// editor started on it, the text read back without the comment lines, and
/// the file removed whatever happens.
///
/// The editor is ExternalEditor's (SusiCommands): `$VISUAL`, else `$EDITOR`,
/// else `editor` or `vi`, started directly, never through a shell.
struct FeedbackEditor {
    let context: Context

    static let alternative = "give the text as an argument or '-' for standard input"

    /// The largest file read back: the limit's worth of text and comments.
    static let fileLimit = 64 * 1024

    /// The text written, without comment lines and trimmed; empty when the
    /// user wrote nothing.
    func edit(skill: String, earlier: String?) throws -> String {
        let editor = try ExternalEditor.find(context, purpose: "write the feedback in", alternative: Self.alternative)
        let directory = context.paths.cacheDirectory
        do {
            try AtomicFile.createDirectory(directory)
        } catch {
            throw CommandError(.cannotCreate, "Cannot create \(directory) for the feedback draft: \(error).")
        }
        let path = directory + "/feedback-\(UUID().uuidString).txt"
        try write(draft(skill: skill, earlier: earlier), to: path)
        defer { unlink(path) }
        try editor.run(context, file: path, outcome: "feedback not posted", alternative: Self.alternative)
        let bytes = try ExternalEditor.readBack(path, limit: Self.fileLimit, what: "the feedback draft",
                                                outcome: "feedback not posted") ?? []
        let text = try InputSource.text(bytes, what: "The feedback written in the editor")
        return Self.withoutComments(text)
    }

    func draft(skill: String, earlier: String?) -> String {
        var text = ""
        // Earlier feedback that passes today's rules is offered for editing.
        if let earlier, let clean = try? ServiceRules.checkFeedback(earlier) { text = clean + "\n" }
        text += "\n"
        text += "# Your feedback on \(skill)\(earlier == nil ? "" : " (replaces your earlier one, shown above)").\n"
        text += "# Lines starting with '#' are left out. An empty text posts nothing.\n"
        text += "# At most \(ServiceRules.feedbackLimit) characters.\n"
        return text
    }

    static func withoutComments(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandError(.cannotCreate, "Cannot create the feedback draft \(path): \(String(cString: strerror(errno))).")
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                unlink(path)
                throw CommandError(.ioError, "Cannot write the feedback draft \(path): \(String(cString: strerror(errno))).")
            }
            done += count
        }
    }
}
