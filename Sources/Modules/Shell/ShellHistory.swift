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
    /// mentions a password or a token, even one that cannot be split.
    static func isSecret(_ line: String) -> Bool {
        if HistoryFilter.mightCarrySecret(line) { return true }
        var words = ShellLine.partialWords(line).filter { !$0.isEmpty && !$0.hasPrefix("-") }
        if words.first == "susi" { words.removeFirst() }
        // Subcommands of login (susi login passwd, login key ...) count too.
        if words.first == "login" { return true }
        return secretCommands.contains { Array(words.prefix($0.count)) == $0 }
    }
}
