import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiShell

/// `susi shell`: susi command lines one after another in one session.
public enum ShellModule: CommandModule {
    public static var command: Command {
        Command(
            name: "shell",
            abstract: "Run susi commands in an interactive shell, with Tab completion and history.",
            discussion: """
            Each line is a susi command without the word 'susi' ('skills list', 'config set room \
            Kitchen'), split like a shell line ('...', "...", backslashes) but never given to a shell. \
            A line that is not a command is asked to SUSI, unless the shell.fallback setting is error. \
            A first word one or two letters from a command ('skils list', 'chta hello') is taken \
            for a typo: the shell says which command was meant and asks nothing. \
            'help' shows help, 'history' lists the lines typed, 'exit' or 'quit' (or Ctrl-D on an \
            empty line) leave, 'exit N' with status N. The backend, the \
            login and the credential file are opened once for the whole session: the passphrase is \
            asked (or its file read) at most once, and its key is forgotten when the shell ends or \
            'login lock' runs in it.

            Global options given to the shell hold for every line: 'susi --quiet --offline shell', \
            --server, --verbose, --no-input, --json (without fields), --color, --no-pager and \
            --passphrase-file. A line may give its own: 'config get server --server local', or -v \
            on a line of a quiet shell.

            Tab completes commands, options and values such as skill names and rooms. Ctrl-C clears \
            the line, or cancels the running command and returns to the prompt. History is kept in \
            the state folder (SUSI_HISTORY moves it; empty turns it off), without duplicates, without \
            lines that start with a space, and without any line that could carry a secret (login, \
            passwd, device setup, anything mentioning a password or token).

            With piped input the lines run as a script: the first line that fails stops the shell \
            with that line's exit status, unless --keep-going.
            """,
            examples: [
                Example("susi shell", "Start the shell."),
                Example("printf 'skills list --limit 3\\nconfig get language\\n' | susi shell", "Run lines as a script; stop at the first failure."),
                Example("susi shell --keep-going < commands.txt", "Run every line of a file, even after one fails."),
                Example("susi --passphrase-file passphrase.txt --quiet shell < commands.txt", "Unlock once for a script of commands that need your login; print only results."),
            ],
            options: [keepGoing.spec],
            run: { invocation, context in try shell(invocation, context) })
    }

    static let keepGoing = OptionKey.flag(
        "keep-going", "With piped input, run every line even after one fails; the shell then exits with the last failure's status.")

    enum Outcome: Equatable {
        case status(Int32)
        case exit
        /// `exit N`.
        case exitWith(Int32)
    }

    static func shell(_ invocation: Invocation, _ context: Context) throws {
        guard let host = context.services.makers.shell(context) else {
            throw CommandError(.unavailable, "The shell cannot run commands here: no command tree is wired into this context.")
        }
        guard context.services.beginShell() else {
            throw UsageError("You are already in susi shell: type the command itself, or 'exit' to leave this shell.")
        }
        defer { context.services.endShell() }
        if context.globals.jsonFields != nil {
            throw UsageError("susi shell takes --json without fields: its lines print different things.",
                             hint: "Give the fields on a line instead, e.g. 'skills list --json=name,group'.")
        }
        let context = linesContext(context)
        let interactive = context.io.stdin.isTTY && context.io.stdout.isTTY
        let editor = lineEditor(interactive: interactive, host: host, context)
        defer {
            editor.close()
            if interactive { ReadlineCompletion.install(nil) }
        }
        if interactive {
            context.note(context.errorStyle.dim("susi shell. Tab completes, 'help' helps, Ctrl-C cancels, Ctrl-D or 'exit' leaves."))
            // Installed for the whole session: Ctrl-C during a command cancels
            // it (requests watch the flag) instead of ending the process.
            Interrupts.install()
        }
        defer { if interactive { Interrupts.uninstall() } }

        // Stored reminders ring here while the shell waits for a line (issue 34).
        let reminders = TerminalReminders(context: context)
        let timer = LineEditorTimer(next: { reminders.nextWake() }, run: { reminders.fireDue(out: context.stdout) })
        var lastFailure: Int32 = 0
        let history = ShellBuiltins.History(context)
        while true {
            if interactive { _ = Interrupts.take() }
            let prompt = interactive ? ShellPrompt.text(context) : ""
            switch interactive ? editor.read(prompt: prompt, timer: timer) : editor.read(prompt: prompt) {
            case .end:
                context.stdout.flush()
                if lastFailure != 0 { throw SilentExit(status: lastFailure) }
                return
            case .interrupted:
                continue
            case let .refused(error):
                guard interactive else { throw error }
                context.stderr.line(context.errorStyle.red("error:") + " " + error.message)
            case let .line(line):
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                editor.remember(line)
                history.remember(line)
                switch execute(line, host: host, history: history, context) {
                case .exit:
                    if lastFailure != 0 { throw SilentExit(status: lastFailure) }
                    return
                case let .exitWith(status):
                    context.stdout.flush()
                    if status != 0 { throw SilentExit(status: status) }
                    return
                case let .status(status):
                    context.stdout.flush()
                    guard status != 0, !interactive else { continue }
                    if !invocation.values[keepGoing] { throw SilentExit(status: status) }
                    lastFailure = status
                }
            }
        }
    }

    /// The context lines run in: `susi --server URL shell` and `--color`
    /// hold for every line (as their variables, which a line's own flag
    /// still beats); the same streams and the same scope.
    static func linesContext(_ context: Context) -> Context {
        var environment = context.environment
        if let server = context.globals.server { environment[ConfigKey.server.environmentVariable] = server }
        if let color = context.globals.color { environment[ConfigKey.color.environmentVariable] = color.rawValue }
        guard environment != context.environment else { return context }
        return Context(io: context.io, environment: environment, invocation: context.invocation, now: context.now,
                       services: context.services)
    }

    /// Runs one line: a shell word (help, exit, quit), a command, or a
    /// question for SUSI. Problems are reported here and become the status.
    static func execute(_ line: String, host: ShellHost, history: ShellBuiltins.History, _ context: Context) -> Outcome {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let bare = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard var first = bare.first, !first.hasPrefix("#") else { return .status(0) }
        if first == "susi", bare.count > 1 { first = bare[1] }
        if bare.count == 1, first == "exit" || first == "quit" { return .exit }
        if bare.count == 1, first == "help" {
            printHelp(host: host, context)
            return .status(0)
        }
        if bare.count == 2, first == "exit" {
            guard let status = ShellBuiltins.exitStatus(bare[1]) else {
                report("exit takes a status from 0 to 255, not '\(UntrustedText.line(bare[1]))'.", hint: nil, context)
                return .status(ExitCode.usage.rawValue)
            }
            return .exitWith(status)
        }
        if bare.count == 1, first == "history" {
            history.print(context)
            return .status(0)
        }
        // A first word that opens with a quote or backslash is a quoted command, never chat
        // (an apostrophe inside a word, as in "what's", is just text for SUSI).
        let quoting = first.first.map { "'\"\\".contains($0) } ?? false
        if !first.hasPrefix("-"), !quoting, !host.isCommand(first, context) {
            // Natural language ("what's the weather") is not split: a stray
            // apostrophe must not make it an unterminated quote.
            // A typo of a command ('skils list') is told before anything is asked.
            if let near = ShellBuiltins.mistypedCommand(first, line: trimmed, commands: host.complete([""], context).values) {
                report("'\(UntrustedText.line(first))' is not a susi command. Did you mean '\(near)'?",
                       hint: "To ask SUSI this line, type: chat -- \(UntrustedText.line(trimmed))", context)
                return .status(ExitCode.usage.rawValue)
            }
            if (try? context.setting(.shellFallback)) == .error {
                var message = "'\(UntrustedText.line(first))' is not a susi command."
                let names = host.complete([""], context).values
                if let near = Suggestions.closest(to: first, among: names) { message += " Did you mean '\(near)'?" }
                report(message, hint: "Type 'help' for the commands, or set shell.fallback to chat to ask SUSI such lines.", context)
                return .status(ExitCode.usage.rawValue)
            }
            return .status(host.run(["chat", "--", trimmed], context.io, context))
        }
        var words: [String]
        do {
            words = try ShellLine.words(trimmed)
        } catch {
            report(error.message, hint: nil, context)
            return .status(ExitCode.usage.rawValue)
        }
        if words.first == "susi" { words.removeFirst() }
        return .status(host.run(words, context.io, context))
    }

    private static func report(_ message: String, hint: String?, _ context: Context) {
        context.stdout.flush()
        context.stderr.line(context.errorStyle.red(context.errorStyle.bold("error:")) + " " + message)
        if let hint { context.stderr.line(hint) }
    }

    static func printHelp(host: ShellHost, _ context: Context) {
        // An alias comes right after its command with the same description:
        // it is shown beside the command ("skills, skill"), not as a row.
        var commands: [(String, String)] = []
        for candidate in host.complete([""], context).candidates {
            if let last = commands.last, !candidate.description.isEmpty, last.1 == candidate.description {
                commands[commands.count - 1].0 += ", " + candidate.value
            } else {
                commands.append((candidate.value, candidate.description))
            }
        }
        let rows = commands + [
            ("exit, quit", "Leave the shell (Ctrl-D on an empty line too); 'exit N' with status N."),
            ("history", "The lines typed in the shell, numbered (never those that could carry a secret)."),
        ]
        var text = "Type a susi command without 'susi', or anything else to ask SUSI.\n\nCOMMANDS:\n"
        let column = min(26, max(18, (rows.map { TextLayout.cells($0.0) }.max() ?? 0) + 6))
        for line in TextLayout.columns(rows.map { ("  " + $0.0, $0.1) }, column: column, width: context.width) {
            text += line + "\n"
        }
        text += "\nTab completes commands, options and values; Ctrl-C clears the line or cancels the running command.\n"
        text += "'help COMMAND' shows a command's help; 'help environment', 'help files' and 'help exit-codes' explain the rest.\n"
        context.stdout.write(text)
    }

    /// readline with history and Tab on a terminal; plain reads when piped
    /// (and in tests, whose scripted input cannot drive readline).
    static func lineEditor(interactive: Bool, host: ShellHost, _ context: Context) -> LineEditor {
        guard interactive, !context.io.stdin.isScripted else {
            return PlainLineEditor(input: context.io.stdin, output: interactive ? context.stdout : nil)
        }
        let file = ShellHistory.file(context)
        if file != nil { try? AtomicFile.createDirectory(context.paths.stateDirectory) }
        let editor = ReadlineEditor(historyFile: file, isSecret: ShellHistory.isSecret)
        if let warning = editor.historyWarning {
            context.warn(warning.replacingOccurrences(of: "a chat history", with: "a shell history"))
        }
        ReadlineCompletion.install { before, word, quoted in
            complete(before: before, word: word, quoted: quoted, host: host, context)
        }
        return editor
    }

    /// What Tab offers: the engine's answer for the words so far, quoted
    /// for the line (or file names, when the value is a path).
    static func complete(before: String, word: String, quoted: Bool, host: ShellHost,
                         _ context: Context) -> ReadlineCompletion.Answer {
        var words = ShellLine.partialWords(before)
        words[words.count - 1] = word
        if words.first == "susi", words.count > 1 { words.removeFirst() }
        let result = host.complete(words, context)
        if result.candidates.isEmpty, result.paths != nil { return .files }
        var values = result.candidates.map(\.value).filter(CompletionResult.isOfferable)
        if words.count == 1 {
            values += ["exit", "quit"].filter { $0.hasPrefix(word) }
        }
        return .values(quoted ? values : values.map(ShellLine.quoted))
    }
}
