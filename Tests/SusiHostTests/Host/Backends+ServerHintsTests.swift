import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

/// Hints for a server that cannot be used, naming where its address and
/// token came from; a web server that is not SUSI is named as such.
@Suite("Hints for a server that cannot be used")
struct BackendsServerHintsTests {
    /// A loopback port nothing listens on (bound, then closed).
    private func closedPort() throws -> String {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        let url = server.baseURL
        server.stop()
        return url
    }

    @Test func theUnreachableHintNamesWhereTheAddressCameFrom() throws {
        let url = try closedPort()
        let home = try TemporaryHome()
        let flag = try home.harness().run(["--server", url, "skills", "list"])
        #expect(flag.status == 69)
        #expect(flag.stderr.contains("Cannot reach the SUSI server at \(url)"), "\(flag.stderr)")
        #expect(flag.stderr.contains("The address came from --server; check it, or leave --server out"), "\(flag.stderr)")

        let variable = try home.harness(["SUSI_SERVER": url]).run(["skills", "list"])
        #expect(variable.status == 69)
        #expect(variable.stderr.contains("The address came from SUSI_SERVER; check it, or unset SUSI_SERVER"), "\(variable.stderr)")

        let susi = try home.harness()
        #expect(susi.run(["config", "set", "server", url]).status == 0)
        let setting = susi.run(["skills", "list"])
        #expect(setting.status == 69)
        #expect(setting.stderr.contains("The address is the 'server' setting: check it with 'susi config get server'"), "\(setting.stderr)")
    }

    /// The reference treats a dead token as anonymous; with SUSI_TOKEN the
    /// way out is to unset it, not to log in again.
    @Test func aRejectedSUSITokenSaysToUnsetIt() throws {
        let server = try LoopbackHTTPServer { _ in
            .json("""
            {"query": "hi", "query_date": "2026-11-29T21:41:05.318Z", "answer_date": "2026-11-29T21:41:05.323Z",
             "query_language": "en", "answer_time": 5,
             "answers": [{"data": [], "metadata": {"count": 0}, "actions": [{"type": "answer", "expression": "Hi"}], "skills": []}],
             "session": {"identity": {"type": "host", "name": "127.0.0.1_abc", "anonymous": true}}}
            """, contentType: "application/javascript")
        }
        defer { server.stop() }
        let home = try TemporaryHome()
        let result = try home.harness(["SUSI_SERVER": server.baseURL, "SUSI_TOKEN": "stale-token-123"]).run(["chat", "hi"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("SUSI_TOKEN's: unset SUSI_TOKEN"), "\(result.stderr)")
        #expect(!result.stderr.contains("susi login'"))
        #expect(!result.stderr.contains("stale-token-123"))

        let stored = try home.harness(["SUSI_SERVER": server.baseURL]).run(["chat", "hi"])
        #expect(stored.status == 0, "without a token the same answer is fine: \(stored.stderr)")
    }

    @Test func anHTMLPageThatIsNotSUSIsIsNamedAsSuch() throws {
        let server = try LoopbackHTTPServer { _ in
            .text("<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><hr>nginx</body></html>", status: 404)
        }
        defer { server.stop() }
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", server.baseURL, "chat", "hello"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("\(server.baseURL) does not look like a SUSI server: it answered /susi/chat.json with HTTP 404"), "\(result.stderr)")
        #expect(result.stderr.contains("The address came from --server"))
        #expect(!result.stderr.contains("<html"))
        #expect(result.stdout.isEmpty)
    }

    /// A page served with 200 where chat.json should be (a site's catch-all, a router's web page).
    @Test func aWebPageAnsweredWith200IsNamedAsSuch() throws {
        let server = try LoopbackHTTPServer { _ in
            .text("<!DOCTYPE html><html><head><title>My router</title></head><body>Welcome</body></html>", status: 200)
        }
        defer { server.stop() }
        let home = try TemporaryHome()
        let result = try home.harness(["SUSI_SERVER": server.baseURL]).run(["chat", "hello"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("\(server.baseURL) does not look like a SUSI server: it answered /susi/chat.json with HTTP 200 and a web page, not JSON."),
                "\(result.stderr)")
        #expect(result.stderr.contains("The address came from SUSI_SERVER"))
        #expect(!result.stderr.contains("<html") && !result.stderr.contains("Welcome"))
        #expect(result.stdout.isEmpty)
    }
}
