/// Which typed lines may be kept in a history file (the shell's and an
/// interactive chat's): never one that could carry a secret.
public enum HistoryFilter {
    /// Words that mark a line as possibly carrying a secret, in any case.
    public static let secretWords = ["password", "passwd", "passphrase", "token"]

    /// True for a line that mentions a password, passphrase or token
    /// ("my password is hunter2", "config set x TOKEN123"), also when quotes
    /// or backslashes split the word (`p\assword`, `pa'ss'word`), as a
    /// shell line's words would run.
    public static func mightCarrySecret(_ line: String) -> Bool {
        let folded = String(String.UnicodeScalarView(line.lowercased().unicodeScalars.filter { !"\\'\"".unicodeScalars.contains($0) }))
        return secretWords.contains { folded.contains($0) }
    }
}
