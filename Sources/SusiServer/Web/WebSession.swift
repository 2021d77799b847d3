/// How the page stays logged in without ever holding the token: the server
/// sets it as an HttpOnly, SameSite=Strict cookie on a `type=cookie` login
/// (the page's script cannot read it, so neither can a script injected into
/// it, and it is never in a URL or in storage other pages can read), and
/// takes it from the cookie only on a request carrying the page's
/// `X-Susi-Web` header: a header another origin can only send after a CORS
/// preflight that this server does not allow, so a form or script of another
/// site (even one on the same host, which SameSite counts as the same site)
/// cannot act with it. See docs/decisions/0390-web-page.md.
enum WebSession {
    static let cookieName = "susi_token"
    /// The request header (lower-cased, as `HTTPRequest.headers` keeps names).
    static let headerName = "x-susi-web"
    /// The longest token the cookie is read for.
    static let maxTokenBytes = 512

    /// True when the request says it comes from the page.
    static func fromPage(_ request: HTTPRequest) -> Bool {
        request.headers[headerName] != nil
    }

    /// The token in the cookie, on a request from the page; else nil.
    static func token(in request: HTTPRequest) -> String? {
        guard fromPage(request), let header = request.header("cookie") else { return nil }
        for part in header.split(separator: ";") {
            let pair = Trimming.trimmed(String(part), Trimming.isWhitespace)
            guard pair.hasPrefix(cookieName + "=") else { continue }
            let value = pair.dropFirst(cookieName.count + 1)
            if !value.isEmpty, value.utf8.count <= maxTokenBytes, value.utf8.allSatisfy(isTokenByte) { return String(value) }
        }
        return nil
    }

    /// Letters, digits and `-._~` (what a token is made of; nothing a cookie header would need quoted).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The cookie's Path: the folder the page was loaded from, which the
    /// page sends as the value of its header, so that behind a proxy on a
    /// path prefix the token goes only to this server's paths; "/" when it
    /// is missing or not a plain absolute path.
    static func cookiePath(of request: HTTPRequest) -> String {
        cookiePath(request.headers[headerName])
    }

    static func cookiePath(_ given: String?) -> String {
        guard let given, given.hasPrefix("/"), given.utf8.count <= 200, !given.contains("//"),
              given.utf8.allSatisfy({ isTokenByte($0) || $0 == UInt8(ascii: "/") }),
              !given.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return "/" }
        return given
    }

    /// The Set-Cookie header that hands the page its login.
    static func setCookie(_ token: String, seconds: Int, path: String, secure: Bool) -> String {
        cookieName + "=" + token + "; Max-Age=\(max(1, seconds)); Path=" + path + "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The Set-Cookie header that ends it.
    static func clearCookie(path: String, secure: Bool) -> String {
        cookieName + "=; Max-Age=0; Path=" + path + "; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// A 401 to a request from the page that carried the login cookie means
    /// its login ended (expired, revoked): the answer also clears the
    /// cookie, so that the page's next request is anonymous instead of
    /// failing the same way until the browser drops it.
    static func endingStaleLogin(_ response: HTTPResponse, to request: HTTPRequest) -> HTTPResponse {
        guard response.status == 401, token(in: request) != nil else { return response }
        var answer = response
        if !answer.headers.contains(where: { $0.0 == "Set-Cookie" && $0.1.hasPrefix(cookieName + "=") }) {
            answer.headers.append(("Set-Cookie", clearCookie(path: cookiePath(of: request), secure: isSecure(request))))
        }
        return answer
    }

    /// Behind a TLS proxy that says so, the cookie is sent over TLS only.
    static func isSecure(_ request: HTTPRequest) -> Bool {
        request.header("x-forwarded-proto")?.lowercased() == "https"
    }
}
