import Foundation

/// One answer from a speaker, with what a step needs to judge it.
public struct SpeakerAnswer: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: Data

    public init(status: Int, contentType: String, body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public var isHTML: Bool { contentType.lowercased().contains("html") || Self.looksLikeHTML(body) }

    /// The body as a JSON object, or nil.
    public var object: [String: Any]? {
        guard !body.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// A one-line account of the answer for a message: the status and, for
    /// HTML, its title; for anything else its first 80 characters. Never
    /// the whole body (a speaker's error page is a page).
    public var summary: String {
        var text = "HTTP \(status)"
        if isHTML {
            if let title = Self.htmlTitle(body) { text += " (\(title))" }
        } else if !body.isEmpty {
            let line = String(decoding: body.prefix(400), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let short = line.count > 80 ? String(line.prefix(80)) + "…" : line
            if !short.isEmpty { text += ": \(short)" }
        }
        return text
    }

    static func looksLikeHTML(_ body: Data) -> Bool {
        let start = String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype") || start.hasPrefix("<html")
    }

    /// The text of the first `<title>`, with whitespace collapsed.
    static func htmlTitle(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        guard let open = text.range(of: "<title", options: .caseInsensitive),
              let close = text.range(of: ">", range: open.upperBound..<text.endIndex),
              let end = text.range(of: "</title>", options: .caseInsensitive, range: close.upperBound..<text.endIndex)
        else { return nil }
        let title = text[close.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !title.isEmpty else { return nil }
        return title.count > 80 ? String(title.prefix(80)) + "…" : title
    }
}

/// Query strings as the speaker's Flask server reads them: every byte but
/// the unreserved ones percent-encoded, so `+` (which Flask reads as a
/// space), `&`, `=`, `#` and non-ASCII arrive as typed.
public enum SpeakerQuery {
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    public static func encode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// `a=1&b=2`, in the given order; every parameter present, empty or not.
    public static func string(_ parameters: [(String, String)]) -> String {
        parameters.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
