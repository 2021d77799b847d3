#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiCLI
import SusiCore

/// Writing feedback in the user's editor, as `git commit` does: a temporary
/// file (mode 0600, in susi's cache folder) with a comment header, the
/// editor started on it, the text read back without the comment lines, and
/// the file removed whatever happens.
///
/// The editor is `$VISUAL`, else `$EDITOR`, else `editor` or `vi` when on
/// PATH. Its value is split on whitespace and started directly, never
/// through a shell, so it is a program and its arguments, nothing more.
struct FeedbackEditor {
    let context: Context

    /// The largest file read back: the limit's worth of text and comments.
    static let fileLimit = 64 * 1024

    /// The text written, without comment lines and trimmed; empty when the
    /// user wrote nothing.
    func edit(skill: String, earlier: String?) throws -> String {
        let command = try editorCommand()
        let directory = context.paths.cacheDirectory
        do {
            try AtomicFile.createDirectory(directory)
        } catch {
            throw CommandError(.cannotCreate, "Cannot create \(directory) for the feedback draft: \(error).")
        }
        let path = directory + "/feedback-\(UUID().uuidString).txt"
        try write(draft(skill: skill, earlier: earlier), to: path)
        defer { unlink(path) }
        try run(command, file: path)
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: Self.fileLimit) ?? []
        } catch let error as FileError {
            throw CommandError(.failure, "Cannot read the feedback draft back: \(error.reason); feedback not posted.")
        }
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

    /// The editor as program and arguments, and the variable it came from.
    func editorCommand() throws -> (words: [String], program: String, source: String) {
        for variable in ["VISUAL", "EDITOR"] {
            let words = (context.environment[variable] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first else { continue }
            guard let program = executable(first) else {
                throw CommandError(.unavailable, "The editor '\(first)' (from \(variable)) was not found or cannot be run.",
                                   hint: "Set \(variable) to an editor on PATH, or give the text as an argument or '-' for standard input.")
            }
            return (words, program, variable)
        }
        for name in ["editor", "vi"] {
            if let program = executable(name) { return ([name], program, "the default") }
        }
        throw CommandError(.unavailable, "No editor to write the feedback in.",
                           hint: "Set VISUAL or EDITOR, or give the text as an argument or '-' for standard input.")
    }

    /// `name` as a path to an executable: as given when it has a slash, else
    /// looked up in the PATH of the command's environment.
    func executable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in (context.environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
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

    /// Starts the editor on the terminal and waits for it. While it runs,
    /// Ctrl-C and Ctrl-\ belong to the editor: susi ignores them, as
    /// system(3) does, and the editor starts with the default handlers.
    func run(_ command: (words: [String], program: String, source: String), file: String) throws {
        context.io.flush()
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var oldInterrupt = sigaction()
        var oldQuit = sigaction()
        sigaction(SIGINT, &ignore, &oldInterrupt)
        sigaction(SIGQUIT, &ignore, &oldQuit)
        defer {
            sigaction(SIGINT, &oldInterrupt, nil)
            sigaction(SIGQUIT, &oldQuit, nil)
        }
        let pid: pid_t
        switch ChildSpawn.start(command.program, arguments: command.words + [file], environment: context.environment,
                                defaultSignals: [SIGINT, SIGQUIT]) {
        case let .success(started):
            pid = started
        case let .failure(error):
            throw CommandError(.unavailable, "Cannot start the editor '\(command.words[0])' (\(command.source)): \(error).",
                               hint: "Give the text as an argument or '-' for standard input.")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CommandError(.failure, "Lost track of the editor: \(String(cString: strerror(errno))); feedback not posted.")
            }
        }
        let exited = (status & 0x7F) == 0
        if exited, (status >> 8) & 0xFF == 0 { return }
        let how = exited ? "exited with status \((status >> 8) & 0xFF)" : "was ended by signal \(status & 0x7F)"
        throw CommandError(.failure, "The editor '\(command.words[0])' \(how); feedback not posted.")
    }
}
