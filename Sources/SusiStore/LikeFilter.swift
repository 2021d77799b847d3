import Foundation

/// `AND <text> LIKE ? ESCAPE '\'` once per search word, so that every word
/// must appear (case-insensitively for ASCII), with `%`, `_` and `\` in the
/// words matched literally.
public enum LikeFilter {
    public static func clauses(for search: String?, on text: String) -> (sql: String, parameters: [SQLBindable]) {
        var sql = ""
        var parameters: [SQLBindable] = []
        for word in (search ?? "").split(separator: " ") where !word.isEmpty {
            sql += " AND (\(text)) LIKE ? ESCAPE '\\'"
            let escaped = String(word).replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            parameters.append("%" + escaped + "%")
        }
        return (sql, parameters)
    }
}
