#if canImport(Glibc)
import Glibc
#endif
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore

extension ConfigModule {
    static var editCommand: Command {
        Command(
            name: "edit",
            abstract: "Edit the config file in your editor; it is checked before it is saved.",
            discussion: """
            Opens a copy of the config file (created beside it, readable only by you) in $VISUAL, \
            else $EDITOR, else 'editor' or 'vi' from PATH on a terminal. The variable holds a program \
            and its arguments, split at spaces (VISUAL='code -w' runs code with -w, which waits for \
            the window to close), never run by a shell. A missing config file starts as an empty JSON \
            object.

            When the editor exits with status 0, every setting is checked as 'susi config set' checks \
            it, a voice against the installed voices too, and only a valid text replaces the config \
            file (atomically, mode 0600). An invalid text names each wrong line; on a terminal you can \
            edit it again, otherwise (or with --no-input) nothing is saved and susi exits 65. An editor \
            that fails or is killed saves nothing. A setting this version does not know is refused when \
            the edit adds it (it is most likely a typo, and gets "did you mean"); one that was already \
            in the file, a newer susi's, is kept as it is.
            """,
            examples: [
                Example("susi config edit", "Change several settings at once in your editor."),
                Example("susi config edit --no-input", "For scripts (VISUAL set to one): an invalid edit exits 65 instead of asking."),
            ],
            run: { _, context in try edit(context) })
    }

    static let editAlternative = "change one setting with 'susi config set KEY VALUE'"

    static func edit(_ context: Context) throws {
        let path = context.paths.configFile
        // Refused before the editor opens, so no one edits in vain.
        try AtomicFile.refuseLink(at: path)
        let original = try ConfigFile.bytes(at: path)
        let editor = try ExternalEditor.find(context, purpose: "edit the config file with", alternative: editAlternative)
        if editor.source == "the default", !(context.io.stdin.isTTY && context.io.stdout.isTTY) {
            throw CommandError(.unavailable, "No editor to edit the config file with: VISUAL and EDITOR are unset, and '\(editor.words[0])' needs a terminal.",
                               hint: "Set VISUAL or EDITOR, or \(editAlternative).")
        }
        let before = ConfigReview(original ?? [], path: path)
        let starting = original.map { $0.allSatisfy(isSpace) ? Array("{\n}\n".utf8) : $0 } ?? Array("{\n}\n".utf8)
        let copy = try EditCopy(beside: path, holding: starting)
        var keepCopy = false
        defer { if !keepCopy { unlink(copy.path) } }

        var edited: [UInt8]
        var review: ConfigReview
        while true {
            try editor.run(context, file: copy.path, outcome: "the config file was not changed", alternative: editAlternative)
            edited = try copy.read()
            if edited == starting {
                context.note("No changes; \(path) was left as it was.")
                return
            }
            review = ConfigReview(edited, path: path, known: Set(before.file?.unknownKeys ?? []))
            if let after = review.file, let voice = after.value(for: .voice), voice != before.file?.value(for: .voice),
               let problem = installedVoiceProblem(voice, context) {
                review.addProblem(key: ConfigKey.voice.name, message: "'voice': " + problem.prefix(1).lowercased() + problem.dropFirst())
            }
            if review.isValid { break }
            let count = review.problems.count
            context.stderr.line("The edited config has \(count) problem\(count == 1 ? "" : "s"):")
            for problem in review.problems { context.stderr.line("  " + problem.description) }
            if context.canPrompt {
                let again = try context.prompter(orPass: "--no-input", for: "An answer").confirm("Edit it again?", default: true)
                if again { continue }
            }
            throw CommandError(.dataError, "Nothing was saved; \(path) is unchanged.",
                               hint: context.canPrompt ? nil : "Run 'susi config edit' on a terminal to fix it there, or \(editAlternative).")
        }
        guard let after = review.file else { return }
        // Another command may have saved the file meanwhile; never overwrite it blind.
        if try ConfigFile.bytes(at: path) != original {
            keepCopy = true
            throw CommandError(.tempFail, "\(path) changed while you were editing (another command saved it); your edit was not saved.",
                               hint: "Your edited copy is kept in \(copy.path): compare the two, then run 'susi config edit' again.")
        }
        do {
            try AtomicFile.write(edited, to: path)
        } catch let error as FileError {
            if let storage = StorageError(writing: error, name: "the config file", path: path) { throw storage }
            throw CommandError(.cannotCreate, "Cannot write the config file: \(error.description).")
        }
        context.configDidChange(after)
        for name in review.keptUnknown {
            context.warn("\(path) has a setting this version does not know (kept as it is): \(UntrustedText.line(name)).")
        }
        let changed = ConfigKey.all.filter { before.file?.value(for: $0) != after.value(for: $0) }
        context.note("Saved \(path)" + (changed.isEmpty ? "." : ": changed \(changed.map(\.name).joined(separator: ", "))."))
        for key in changed { warnIfShadowed(key, context) }
        AccountVoiceSettings.sync(changed, from: after, context)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The copy the editor works on: created with mkstemps (O_EXCL, 0600)
    /// in the config file's folder, so it is as private as the file and on
    /// the same file system.
    struct EditCopy {
        let path: String

        init(beside configFile: String, holding bytes: [UInt8]) throws {
            let directory = String(configFile[..<(configFile.lastIndex(of: "/") ?? configFile.startIndex)])
            do {
                try AtomicFile.createDirectory(directory)
            } catch let error as FileError {
                throw CommandError(.cannotCreate, "Cannot create \(directory) for the config file: \(error.reason).")
            }
            var template = Array((directory + "/config.edit-XXXXXX.json").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
            guard fd >= 0 else {
                throw CommandError(.cannotCreate, "Cannot create a copy of the config file in \(directory) to edit: \(String(cString: strerror(errno))).")
            }
            path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer { close(fd) }
            fchmod(fd, 0o600)
            var done = 0
            while done < bytes.count {
                let count = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let reason = String(cString: strerror(errno))
                    unlink(path)
                    throw CommandError(.ioError, "Cannot write the copy of the config file \(path): \(reason).")
                }
                done += count
            }
        }

        /// What the editor left.
        func read() throws -> [UInt8] {
            guard let bytes = try ExternalEditor.readBack(path, limit: 1 << 20, what: "the edited copy \(path)",
                                                          outcome: "the config file was not changed") else {
                throw CommandError(.failure, "The editor removed the copy \(path); the config file was not changed.")
            }
            return bytes
        }
    }
}
