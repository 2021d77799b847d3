import Foundation
import SusiLocal
import SusiNet
@testable import SusiServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The chat page's server side (issue 39): what `/` serves and with which
/// headers, `--no-web`, and the login cookie the page uses instead of a token.
@Suite("web page: assets, headers and the login cookie")
struct WebPageTests {
    /// `susi serve`'s API with the page on (or off), over a fresh database.
    final class WebServer {
        let directory = NSTemporaryDirectory() + "susi-web-tests-" + UUID().uuidString
        let server: HTTPServer

        init(web: Bool = true) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/susi.db"
            _ = try EmbeddedService(path: path, environment: testEnvironment, passwordCost: .minimal)
            let api = SusiAPI(web: web, makeService: {
                try EmbeddedService(path: path, environment: testEnvironment, passwordCost: .minimal)
            })
            server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { _ in }, handler: api)
        }

        deinit {
            server.stop(graceSeconds: 1)
            try? FileManager.default.removeItem(atPath: directory)
        }

        func send(_ method: String, _ target: String, form: String = "", headers: [String: String] = [:]) throws -> RawResponse {
            var all = headers
            if method == "POST" { all["Content-Type"] = "application/x-www-form-urlencoded" }
            return try RawHTTP.send(port: server.port, method: method, target: target, headers: all, body: Array(form.utf8))
        }

        /// An account, and the page's login for it: the Set-Cookie header.
        func pageLogin(_ email: String, headers: [String: String] = [:]) throws -> RawResponse {
            _ = try send("POST", "/aaa/signup.json", form: "signup=\(email)&password=\(password)")
            return try send("POST", "/aaa/login.json", form: "login=\(email)&password=\(password)&type=cookie",
                            headers: ["X-Susi-Web": "1"].merging(headers) { _, new in new })
        }
    }

    static let page = ["X-Susi-Web": "1"]

    /// The cookie's value from a Set-Cookie header.
    static func cookieValue(_ setCookie: String?) -> String? {
        guard let setCookie, setCookie.hasPrefix("susi_token=") else { return nil }
        return String(setCookie.dropFirst("susi_token=".count).prefix { $0 != ";" })
    }

    @Test func thePageAndItsFilesAreServedWithStrictHeaders() throws {
        let served = try WebServer()
        let types = ["/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8",
                     "/app.js": "text/javascript; charset=utf-8", "/app.css": "text/css; charset=utf-8", "/icon.svg": "image/svg+xml"]
        for (path, type) in types {
            let response = try served.send("GET", path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == type, "\(path)")
            let policy = response.headers["content-security-policy"] ?? ""
            #expect(policy.hasPrefix("default-src 'self';"), "\(path): \(policy)")
            #expect(policy.contains("script-src 'self';") && policy.contains("frame-ancestors 'none'"), "\(path): \(policy)")
            #expect(!policy.contains("unsafe"), "\(path): \(policy)")
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
            #expect(response.headers["x-frame-options"] == "DENY", "\(path)")
            #expect(response.headers["referrer-policy"] == "no-referrer", "\(path)")
            // Same origin only: no CORS header on the page's files.
            #expect(response.headers["access-control-allow-origin"] == nil, "\(path)")
            #expect(!response.body.isEmpty, "\(path)")
        }
        let head = try served.send("HEAD", "/")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-security-policy"] != nil)
        // Only GET and HEAD: a POST to / is the API's 404.
        #expect(try served.send("POST", "/", form: "q=hello").status == 404)
        #expect(try served.send("GET", "/app.js.map").status == 404)
    }

    /// No inline script or style and no handler attributes (the policy would
    /// block them anyway); every URL relative, so that a proxy's path prefix
    /// is kept; nothing from another site.
    @Test func thePageHasNoInlineCodeAndOnlyRelativeURLs() throws {
        let html = WebPage.html
        let scripts = html.components(separatedBy: "<script").dropFirst()
        #expect(scripts.count == 1)
        for tag in scripts { #expect(tag.hasPrefix(" src=\"app.js\""), "\(tag.prefix(40))") }
        #expect(!html.contains("<style") && !html.contains("style=\""))
        #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
        for attribute in ["href=\"", "src=\"", "action=\""] {
            for value in html.components(separatedBy: attribute).dropFirst() {
                let url = value.prefix { $0 != "\"" }
                #expect(!url.hasPrefix("/") && !url.contains(":"), "\(attribute)\(url)")
            }
        }
        // The script calls the API by relative paths, and never parses data as HTML.
        let script = WebPage.script
        for forbidden in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                          "localStorage", "sessionStorage", "fetch('/", "http://", "https://www.example"] {
            #expect(!script.contains(forbidden), "app.js uses \(forbidden)")
        }
        for call in ["'susi/chat.json'", "'aaa/login.json'", "'cms/getSkillList.json'", "'cms/fiveStarRateSkill.json'"] {
            #expect(script.contains(call), "app.js does not call \(call)")
        }
        #expect(!WebPage.style.contains("url(") && !WebPage.style.contains("@import"))
    }

    @Test func withoutThePageSlashIsTheAPIs404() throws {
        let served = try WebServer(web: false)
        for path in ["/", "/index.html", "/app.js"] {
            let response = try served.send("GET", path)
            #expect(response.status == 404, "\(path)")
            #expect(response.headers["content-type"] == HTTPResponse.jsonContentType)
            #expect((response.json["message"] as? String)?.contains("There is no API call \(path)") == true)
        }
        // The API is unchanged.
        #expect(try served.send("GET", "/susi/chat.json?q=hello").status == 200)
    }

    @Test func thePagesLoginIsAnHttpOnlyStrictCookieAndNeverInTheBody() throws {
        let served = try WebServer()
        let login = try served.pageLogin("web@example.com")
        #expect(login.status == 200)
        let setCookie = try #require(login.headers["set-cookie"])
        let token = try #require(Self.cookieValue(setCookie))
        #expect(token.count >= 16)
        #expect(setCookie.contains("; HttpOnly; SameSite=Strict"))
        #expect(setCookie.contains("; Path=/;"))
        #expect(!setCookie.contains("Secure"))
        #expect(login.json["access_token"] == nil)
        #expect(!login.text.contains(token))
        #expect(login.json["accepted"] as? Bool == true)

        // The cookie is the login for the page's requests...
        let cookie = ["Cookie": "susi_token=\(token)"]
        let check = try served.send("POST", "/aaa/login.json", form: "checkLogin=true", headers: cookie.merging(Self.page) { $1 })
        #expect(check.json["loggedIn"] as? Bool == true)
        #expect(check.identity["name"] as? String == "web@example.com")
        let rated = try served.send("POST", "/cms/fiveStarRateSkill.json", form: "group=Knowledge&skill=planets&stars=4",
                                    headers: cookie.merging(Self.page) { $1 })
        #expect(rated.status == 200, "\(rated.text)")

        // ...and nobody's without the page's header: a form another site posts carries the cookie, not the header.
        let foreign = try served.send("POST", "/aaa/login.json", form: "checkLogin=true", headers: cookie)
        #expect(foreign.json["loggedIn"] as? Bool == false)
        let foreignRating = try served.send("POST", "/cms/fiveStarRateSkill.json", form: "group=Knowledge&skill=planets&stars=1",
                                            headers: cookie)
        #expect(foreignRating.status == 401)
        let stars = try served.send("POST", "/cms/getRatingByUser.json", form: "group=Knowledge&skill=planets",
                                    headers: cookie.merging(Self.page) { $1 })
        #expect((stars.json["ratings"] as? [String: Any])?["stars"] as? Double == 4, "the foreign rating changed nothing")

        // Logging out ends the token and clears the cookie.
        let logout = try served.send("POST", "/aaa/login.json", form: "logout=true", headers: cookie.merging(Self.page) { $1 })
        #expect(logout.status == 200)
        #expect(logout.headers["set-cookie"] == "susi_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict")
        let after = try served.send("POST", "/aaa/login.json", form: "checkLogin=true", headers: cookie.merging(Self.page) { $1 })
        #expect(after.json["loggedIn"] as? Bool == false)
    }

    /// The header is the page's own because a browser sends it to another
    /// origin only after a preflight, and the preflight does not allow it.
    @Test func thePreflightDoesNotAllowThePagesHeader() throws {
        let served = try WebServer()
        let preflight = try served.send("OPTIONS", "/cms/fiveStarRateSkill.json",
                                        headers: ["Origin": "http://127.0.0.1:1", "Access-Control-Request-Method": "POST",
                                                  "Access-Control-Request-Headers": "content-type,x-susi-web"])
        let allowed = (preflight.headers["access-control-allow-headers"] ?? "").lowercased()
        #expect(preflight.status == 204)
        #expect(!allowed.contains("x-susi-web") && !allowed.contains("*"), "\(allowed)")
        #expect(preflight.headers["access-control-allow-credentials"] == nil)
    }

    @Test func aCookieLoginNeedsThePagesHeader() throws {
        let served = try WebServer()
        _ = try served.send("POST", "/aaa/signup.json", form: "signup=form@example.com&password=\(password)")
        let response = try served.send("POST", "/aaa/login.json", form: "login=form@example.com&password=\(password)&type=cookie")
        #expect(response.status == 400)
        #expect(response.headers["set-cookie"] == nil)
        #expect((response.json["message"] as? String)?.contains("type=access-token") == true)
        // The API's own login is unchanged: the token in the body, no cookie.
        let api = try served.send("POST", "/aaa/login.json", form: "login=form@example.com&password=\(password)&type=access-token")
        #expect(api.json["access_token"] is String)
        #expect(api.headers["set-cookie"] == nil)
    }

    @Test func theCookiesPathIsThePagesFolderWhenItIsAPlainPath() throws {
        let served = try WebServer()
        let cases: [(given: String, path: String)] = [
            ("/home-susi/", "/home-susi/"), ("/a/b.c/", "/a/b.c/"), ("/", "/"),
            ("relative/", "/"), ("//evil.example/", "/"), ("/a; Domain=evil", "/"), ("/a b/", "/"), ("/é/", "/"), ("1", "/"), ("/a/../b/", "/"),
            ("/a%0d%0aSet-Cookie:x", "/"), ("/a/./", "/"), ("/" + String(repeating: "a", count: 250), "/"),
        ]
        for (number, (given, path)) in cases.enumerated() {
            let login = try served.pageLogin("path\(number)@example.com", headers: ["X-Susi-Web": given])
            let setCookie = login.headers["set-cookie"] ?? ""
            #expect(setCookie.contains("; Path=\(path); HttpOnly"), "\(given): \(setCookie)")
        }
        let secure = try served.pageLogin("tls@example.com", headers: ["X-Forwarded-Proto": "https"])
        #expect(secure.headers["set-cookie"]?.hasSuffix("; HttpOnly; SameSite=Strict; Secure") == true)
    }

    /// A login that ended (here: logged out elsewhere) fails the page's next
    /// request with 401 and clears the cookie, so the page goes on anonymously.
    @Test func aStaleCookieIsClearedByThe401() throws {
        let served = try WebServer()
        let login = try served.pageLogin("stale@example.com", headers: ["X-Susi-Web": "/home-susi/"])
        let token = try #require(Self.cookieValue(login.headers["set-cookie"]))
        let api = try served.send("POST", "/aaa/login.json", form: "logout=true&access_token=\(token)")
        #expect(api.status == 200 && api.headers["set-cookie"] == nil, "an API logout sets no cookie")

        let cookie = ["Cookie": "susi_token=\(token)"]
        let chat = try served.send("POST", "/susi/chat.json", form: "q=hello", headers: cookie.merging(["X-Susi-Web": "/home-susi/"]) { $1 })
        #expect(chat.status == 401)
        #expect(chat.headers["set-cookie"] == "susi_token=; Max-Age=0; Path=/home-susi/; HttpOnly; SameSite=Strict")
        // Without the page's header the cookie is not read, so it is neither used nor cleared.
        let other = try served.send("POST", "/susi/chat.json", form: "q=hello", headers: cookie)
        #expect(other.status == 200)
        #expect(other.headers["set-cookie"]?.hasPrefix("susi_token=") != true)
        // A 401 for a request without the cookie clears nothing.
        let anonymous = try served.send("POST", "/cms/fiveStarRateSkill.json", form: "group=Knowledge&skill=planets&stars=3",
                                        headers: Self.page)
        #expect(anonymous.status == 401 && anonymous.headers["set-cookie"] == nil)
    }

    @Test func aMalformedCookieIsNoLogin() throws {
        let served = try WebServer()
        for value in ["", "a b", "x\"y", String(repeating: "a", count: 600), "tok%en"] {
            let check = try served.send("POST", "/aaa/login.json", form: "checkLogin=true",
                                        headers: ["Cookie": "susi_token=\(value)", "X-Susi-Web": "1"])
            #expect(check.status == 200, "\(value)")
            #expect(check.json["loggedIn"] as? Bool == false, "\(value)")
        }
    }

    /// The page is in the binary itself: a copy of it in another folder,
    /// away from the build tree and the sources (as `make install` puts it),
    /// serves the same page; `--no-web` turns it off.
    @Test
    func aCopiedBinaryServesThePageAndNoWebTurnsItOff() throws {
        let folder = NSTemporaryDirectory() + "susi-web-installed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: susiBinary, toPath: folder + "/bin/susi")
        for noWeb in [false, true] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: folder + "/bin/susi")
            process.arguments = ["serve", "--port", "0"] + (noWeb ? ["--no-web"] : [])
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = NetworkGuard.safeEnvironment(home: folder + "/home")
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            // The ready line; availableData blocks until stderr says something.
            var seen = ""
            while !seen.contains("\n"), case let chunk = errors.fileHandleForReading.availableData, !chunk.isEmpty {
                seen += String(decoding: chunk, as: UTF8.self)
            }
            let digits = seen.components(separatedBy: "http://127.0.0.1:").dropFirst().first?.prefix { $0.isNumber }
            let port = try #require(digits.flatMap { UInt16($0) }, "no ready line: \(seen)")
            let page = try RawHTTP.send(port: port, method: "GET", target: "/")
            if noWeb {
                #expect(page.status == 404)
                #expect(page.headers["content-security-policy"] == nil)
            } else {
                #expect(page.status == 200)
                #expect(page.text == WebPage.html)
                #expect(try RawHTTP.send(port: port, method: "GET", target: "/app.js").text == WebPage.script)
            }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
    }
}
