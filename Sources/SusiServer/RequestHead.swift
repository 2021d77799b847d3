/// A request's head as it arrived, bytes unchanged: what susi checks
/// before it reads a body or calls an endpoint (RFC 9112 §3 and §6,
/// RFC 9110 §8.6), whatever libmicrohttpd let through. Pure, so the fuzz
/// target `http-head` runs it as the server does.
struct RequestHead {
    var method: String
    /// "HTTP/1.1", "HTTP/1.0".
    var version: String
    /// The request-target as sent (origin-, absolute- or asterisk-form).
    var target: [UInt8]
    /// Every header field in order, repeated names included.
    var fields: [(name: [UInt8], value: [UInt8])]
    /// How many bytes the request line gave the target, when known: more
    /// than `target` holds means a NUL ended the C string libmicrohttpd
    /// handed over (the rest would be lost).
    var sentTargetBytes: Int?

    /// What a head that passed the checks says.
    struct Checked: Equatable {
        /// Percent-decoded, valid UTF-8, no NUL.
        var path: String
        var query: [FormField]
        /// Names lower-cased; the first of a repeated name.
        var headers: [String: String]
        /// The body's length from Content-Length (0 without one).
        var bodyLength: Int
    }

    /// Why a head is refused: the status and a message for the JSON body.
    /// Every refusal closes the connection (the bytes after the head can
    /// no longer be framed).
    struct Refusal: Error, Equatable {
        var status: Int
        var message: String
    }

    /// The longest request-target (414 beyond).
    static let maxTargetBytes = 8192
    /// The most header fields (431 beyond).
    static let maxFields = 100
    /// The most parameters, query and form body together (400 beyond).
    static let maxParameters = 1000

    func check(maxHeadBytes: Int, maxBodyBytes: Int) -> Result<Checked, Refusal> {
        Result { try checked(maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes) }
            .mapError { $0 as? Refusal ?? Refusal(status: 400, message: "Bad request.") }
    }

    private func checked(maxHeadBytes: Int, maxBodyBytes: Int) throws -> Checked {
        if let sent = sentTargetBytes, sent != target.count {
            throw Refusal(status: 400, message: "The request target holds a NUL byte (not UTF-8 text); send it percent-encoded, if at all.")
        }
        if target.count > Self.maxTargetBytes {
            throw Refusal(status: 414, message: "The request target is longer than the limit of \(Self.maxTargetBytes) bytes.")
        }
        let headBytes = method.utf8.count + target.count + version.utf8.count + 4
            + fields.reduce(0) { $0 + $1.name.count + $1.value.count + 4 } + 2
        if headBytes > maxHeadBytes {
            throw Refusal(status: 431, message: "The request line and headers are larger than the limit of \(maxHeadBytes) bytes.")
        }
        if fields.count > Self.maxFields {
            throw Refusal(status: 431, message: "The request has \(fields.count) header fields; the limit is \(Self.maxFields) header fields.")
        }
        let headers = try Self.headers(fields)
        let bodyLength = try framing(headers: headers.all)
        if bodyLength > maxBodyBytes {
            throw Refusal(status: 413, message: "The request body is larger than the limit of \(maxBodyBytes) bytes.")
        }
        let (path, query) = try Self.splitTarget(target)
        return Checked(path: path, query: query, headers: headers.first, bodyLength: bodyLength)
    }

    // MARK: Framing (RFC 9112 §6.1–6.3)

    /// The body's length; throws for any framing susi does not read
    /// unambiguously. susi reads bodies only by Content-Length: a chunked
    /// body gets 411 (RFC 9112 §6.3 allows it), so no chunk line, extension
    /// or trailer is ever parsed.
    private func framing(headers: [(String, String)]) throws -> Int {
        let codings = headers.filter { $0.0 == "transfer-encoding" }.map(\.1)
        let lengths = headers.filter { $0.0 == "content-length" }.map(\.1)
        if !codings.isEmpty {
            if !lengths.isEmpty {
                throw Refusal(status: 400, message: "The request has both Transfer-Encoding and Content-Length; its body cannot be framed.")
            }
            if version == "HTTP/1.0" {
                throw Refusal(status: 400, message: "Transfer-Encoding is not allowed in an HTTP/1.0 request.")
            }
            let names = codings.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { Trimming.trimmed(String($0), Trimming.isWhitespace).lowercased() }
            if let unknown = names.first(where: { $0 != "chunked" && !$0.isEmpty }) {
                throw Refusal(status: 501, message: "The Transfer-Encoding \(LogText.field(unknown)) is not supported; send the body with a Content-Length.")
            }
            if names.count != 1 || names[0] != "chunked" {
                throw Refusal(status: 400, message: "The request's Transfer-Encoding is malformed; send the body with a Content-Length.")
            }
            throw Refusal(status: 411, message: "A chunked body is not read: send the body with a Content-Length (Transfer-Encoding: chunked is refused).")
        }
        guard let length = lengths.first else { return 0 }
        if lengths.count > 1 {
            throw Refusal(status: 400, message: "The request has \(lengths.count) Content-Length fields; send exactly one.")
        }
        guard !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw Refusal(status: 400, message: "The Content-Length \(LogText.field(length)) is not a decimal number of bytes.")
        }
        // Digits only: too many of them is only too large.
        let digits = length.drop { $0 == "0" }
        return digits.count > 18 ? Int.max : Int(digits) ?? 0
    }

    // MARK: Fields

    /// Field names are tokens (no whitespace before the colon, RFC 9112
    /// §5.1); values are UTF-8 without NUL or line breaks.
    private static func headers(_ fields: [(name: [UInt8], value: [UInt8])]) throws -> (all: [(String, String)], first: [String: String]) {
        var all: [(String, String)] = []
        var first: [String: String] = [:]
        all.reserveCapacity(fields.count)
        for (rawName, rawValue) in fields {
            guard !rawName.isEmpty, rawName.allSatisfy(isTokenByte) else {
                let shown = String(decoding: rawName, as: UTF8.self)
                let hint = ["content-length", "transfer-encoding"].first { Trimming.trimmed(shown, Trimming.isWhitespace).lowercased() == $0 }
                let named = hint.map { $0 == "content-length" ? "Content-Length" : "Transfer-Encoding" }
                throw Refusal(status: 400, message: "The header field name \(LogText.field(shown)) is malformed"
                    + (named.map { " (a \($0) that is not one)" } ?? "") + ".")
            }
            guard let value = strictText(rawValue), !value.unicodeScalars.contains(where: { $0.value == 0 || $0 == "\r" || $0 == "\n" }) else {
                throw Refusal(status: 400, message: "The header \(LogText.field(String(decoding: rawName, as: UTF8.self))) is not valid UTF-8 text.")
            }
            let name = String(decoding: rawName, as: UTF8.self).lowercased()
            all.append((name, value))
            if first[name] == nil { first[name] = value }
        }
        return (all, first)
    }

    /// tchar (RFC 9110 §5.6.2).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The bytes as a String when they are valid UTF-8, else nil (never repaired).
    static func strictText(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: Array(bytes), as: UTF8.self)
    }

    // MARK: Target (RFC 9112 §3.2)

    /// Path and query of an origin-form, absolute-form or asterisk-form
    /// target, each decoded strictly.
    static func splitTarget(_ target: [UInt8]) throws -> (path: String, query: [FormField]) {
        if target.count > maxTargetBytes {
            throw Refusal(status: 414, message: "The request target is longer than the limit of \(maxTargetBytes) bytes.")
        }
        // Visible ASCII only: raw bytes above 0x7E or controls are not a target.
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Refusal(status: 400, message: "The request target is not ASCII text (send other characters as UTF-8, percent-encoded).")
        }
        var rest = target[...]
        if let scheme = ["http://", "https://"].first(where: { prefix in
            rest.count >= prefix.utf8.count && zip(rest, prefix.utf8).allSatisfy { ($0 | 0x20) == $1 }
        }) {
            // Absolute form: the authority is dropped (Host is not used for routing).
            rest = rest.dropFirst(scheme.utf8.count)
            let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
            rest = rest[end...]
        }
        let question = rest.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = rest[rest.startIndex..<(question ?? rest.endIndex)]
        let path = try FormCoding.unescapeStrict(rawPath, plusIsSpace: false, what: "The request path")
        let query = try question.map { try FormCoding.decodeStrict(rest[($0 + 1)...], what: "The query string") } ?? []
        if query.count > maxParameters {
            throw Refusal(status: 400, message: "The request has \(query.count) parameters; the limit is \(maxParameters).")
        }
        // An absolute-form target without a path ("http://host") asks for "/".
        return (rawPath.isEmpty ? "/" : path, query)
    }
}
