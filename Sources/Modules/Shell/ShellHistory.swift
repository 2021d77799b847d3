import SusiCore
import SusiShell

/// Which lines the shell keeps in its history file, and where that file is.
enum ShellHistory {
    /// `SUSI_HISTORY` moves the file; set but empty, no history is kept.
    static let variable = "SUSI_HISTORY"

    /// Nil when history is off.
    static func file(_ context: Context) -> String? {
        if let moved = context.environment[variable] { return moved.isEmpty ? nil : moved }
        return context.paths.historyFile
    }

    /// Commands whose lines may carry a secret (a password typed as an
    /// argument by mistake, a Wi-Fi name next to its password): never kept.
    static let secretCommands: [[String]] = [["login"], ["passwd"], ["device", "setup"], ["forgot"], ["switch"], ["key"]]

    /// True for every line that could carry a secret: those commands (with
    /// or without a leading `susi` and global options), and any line that
    /// mentions a password or a token, even one that cannot be split. The
    /// command is found in the words as the line runs them: quotes and
    /// escapes resolved, global options and their values removed.
    static func isSecret(_ line: String) -> Bool {
        if HistoryFilter.mightCarrySecret(line) { return true }
        let words = commandWords(ShellLine.partialWords(line))
        // Subcommands of login (susi login passwd, login key ...) count too.
        if words.first == "login" { return true }
        return secretCommands.contains { Array(words.prefix($0.count)) == $0 }
    }

    /// The global options that take a value as the next word (--server URL).
    static let valueOptions: Set<String> = Set(GlobalOptions.specs.filter { $0.valueName != nil }.map { "--" + $0.name })

    /// The words without a leading `susi` and without options (a global
    /// option's value with it).
    static func commandWords(_ words: [String]) -> [String] {
        var rest = words.filter { !$0.isEmpty }
        if rest.first == "susi" { rest.removeFirst() }
        var command: [String] = []
        var index = 0
        while index < rest.count {
            let word = rest[index]
            index += 1
            if word == "--" {
                command += rest[index...]
                break
            }
            guard word.hasPrefix("-") else {
                command.append(word)
                continue
            }
            if valueOptions.contains(word) { index += 1 }
        }
        return command
    }
}
