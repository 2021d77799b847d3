/// The chat page `susi serve` gives a browser at `/` (issue 39): one HTML
/// page, its script, style sheet and icon, compiled into the binary (the
/// `WebPage+*.swift` files), so an installed or static binary serves it with
/// nothing else on disk. Every URL in it is relative, so it works behind a
/// proxy on another path prefix. See docs/decisions/0390-web-page.md.
enum WebPage {
    struct Asset {
        let type: String
        let body: [UInt8]
    }

    /// By request path; "/" and "/index.html" are the page.
    static let assets: [String: Asset] = {
        let page = Asset(type: "text/html; charset=utf-8", body: Array(html.utf8))
        return [
            "/": page,
            "/index.html": page,
            "/app.js": Asset(type: "text/javascript; charset=utf-8", body: Array(script.utf8)),
            "/app.css": Asset(type: "text/css; charset=utf-8", body: Array(style.utf8)),
            "/icon.svg": Asset(type: "image/svg+xml", body: Array(icon.utf8)),
        ]
    }()

    /// Only the server's own origin: no inline script or style, no frames,
    /// no plugins, no `<base>`, forms and fetches to this origin only.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; base-uri 'none'; "
        + "form-action 'self'; frame-ancestors 'none'"

    /// The headers of every asset: the policy above, no type sniffing, no
    /// framing, no referrer to the sites an answer links to, and
    /// revalidation (the binary's page changes with the binary).
    static let headers: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
        ("Cache-Control", "no-cache"),
    ]

    /// The asset at `path` for a GET or HEAD, else nil.
    static func response(to request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "GET" || request.method == "HEAD", let asset = assets[request.path] else { return nil }
        return HTTPResponse(status: 200, headers: [("Content-Type", asset.type)] + headers, body: asset.body)
    }
}
