/// Which typed lines may be kept in a history file (the shell's and an
/// interactive chat's): never one that could carry a secret.
public enum HistoryFilter {
    /// Words that mark a line as possibly carrying a secret, in any case.
    public static let secretWords = ["password", "passwd", "passphrase", "token"]

    /// True for a line that mentions a password, passphrase or token
    /// ("my password is hunter2", "config set x TOKEN123").
    public static func mightCarrySecret(_ line: String) -> Bool {
        let lowered = line.lowercased()
        return secretWords.contains { lowered.contains($0) }
    }
}
