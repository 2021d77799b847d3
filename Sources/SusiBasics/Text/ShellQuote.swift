
/// A word of a command line that susi suggests ("Rate it with 'susi rate
/// NAME 1-5'"), quoted for a POSIX shell, so that copying the suggestion
/// runs what it says and nothing else: a word that is only letters,
/// digits and `@%+=:,./_-` stays as it is; any other is put in single
/// quotes (a `'` in it written `'\''`). Control characters are shown as
/// escapes first (UntrustedText), so the line stays one visible line.
public enum ShellQuote {
    static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-".unicodeScalars)

    public static func word(_ text: String) -> String {
        let visible = UntrustedText.line(text)
        if !visible.isEmpty, visible.unicodeScalars.allSatisfy({ plain.contains($0) }) { return visible }
        return "'" + visible.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
