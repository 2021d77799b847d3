#if canImport(Glibc)
import Glibc
#endif
import SusiBasics
import SusiCLI
import SusiCore

/// The user's editor, as `git commit` starts it: `$VISUAL`, else `$EDITOR`,
/// else `editor` or `vi` when on PATH. The value is split on whitespace
/// ("code -w" is the program `code` and the argument `-w`) and started
/// directly with ChildSpawn, never through a shell, so it is a program and
/// its arguments, nothing more. `susi feedback` and `susi config edit` use it.
public struct ExternalEditor {
    /// The program and arguments to start, before the file's path.
    public let words: [String]
    /// The program's path.
    public let program: String
    /// Where the editor came from: "VISUAL", "EDITOR" or "the default".
    public let source: String

    /// The editor for this context. `purpose` completes "No editor to ..."
    /// ("write the feedback in"); `alternative` is the other way to do the
    /// same without an editor, for the hints ("give the text as an argument").
    public static func find(_ context: Context, purpose: String, alternative: String) throws -> ExternalEditor {
        for variable in ["VISUAL", "EDITOR"] {
            let words = (context.environment[variable] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first else { continue }
            guard let program = executable(first, context) else {
                throw CommandError(.unavailable, "The editor '\(UntrustedText.line(first))' (from \(variable)) was not found or cannot be run.",
                                   hint: "Set \(variable) to an editor on PATH, or \(alternative).")
            }
            return ExternalEditor(words: words, program: program, source: variable)
        }
        for name in ["editor", "vi"] {
            if let program = executable(name, context) { return ExternalEditor(words: [name], program: program, source: "the default") }
        }
        throw CommandError(.unavailable, "No editor to \(purpose).", hint: "Set VISUAL or EDITOR, or \(alternative).")
    }

    /// `name` as a path to an executable: as given when it has a slash, else
    /// looked up in the PATH of the command's environment.
    static func executable(_ name: String, _ context: Context) -> String? {
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

    /// Starts the editor on `file` on the terminal and waits for it. While it
    /// runs, Ctrl-C and Ctrl-\ belong to the editor: susi ignores them, as
    /// system(3) does, and the editor starts with the default handlers. An
    /// editor that cannot start, fails or is killed is an error ending in
    /// `outcome` ("feedback not posted"); `alternative` is as for `find`.
    public func run(_ context: Context, file: String, outcome: String, alternative: String) throws {
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
        switch ChildSpawn.start(program, arguments: words + [file], environment: context.environment,
                                defaultSignals: [SIGINT, SIGQUIT]) {
        case let .success(started):
            pid = started
        case let .failure(error):
            throw CommandError(.unavailable, "Cannot start the editor '\(UntrustedText.line(words[0]))' (\(source)): \(error).",
                               hint: alternative.prefix(1).uppercased() + alternative.dropFirst() + ".")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CommandError(.failure, "Lost track of the editor: \(String(cString: strerror(errno))); \(outcome).")
            }
        }
        let exited = (status & 0x7F) == 0
        if exited, (status >> 8) & 0xFF == 0 { return }
        let how = exited ? "exited with status \((status >> 8) & 0xFF)" : "was ended by signal \(status & 0x7F)"
        throw CommandError(.failure, "The editor '\(UntrustedText.line(words[0]))' \(how); \(outcome).")
    }

    /// What the editor left in `file`, read as every file susi reads back:
    /// never through a symbolic link put in its place, only a regular file
    /// (a FIFO is refused at once, not waited on), at most `limit` bytes. Nil
    /// when the file is gone. `what` names it ("the feedback draft"); the
    /// error ends in `outcome` ("feedback not posted"). A link or something
    /// other than a file is exit 66, Ctrl-C 130.
    public static func readBack(_ file: String, limit: Int, what: String, outcome: String) throws -> [UInt8]? {
        do throws(RegularFile.Failure) {
            return try RegularFile.read(file, limit: limit, links: .refuse)
        } catch {
            switch error {
            case .missing:
                return nil
            case .interrupted:
                throw CommandError(.interrupted, "Interrupted while reading \(what) back; \(outcome).")
            case .symbolicLink:
                throw CommandError(.noInput, "Cannot read \(what) back: it was replaced by a symbolic link; \(outcome).")
            case .notRegular:
                throw CommandError(.noInput, "Cannot read \(what) back: \(error.reason); \(outcome).")
            case .tooLarge, .system:
                throw CommandError(.ioError, "Cannot read \(what) back: \(error.reason); \(outcome).")
            }
        }
    }
}
