import Foundation
import SusiTestKit
import SusiTestSupport
import Testing
@testable import SusiHost

/// `chat --skill FILE --on-server`: the files go to the server as chat.json's
/// `instant` parameter; the server answers from them first, and susi says
/// when an answer came from elsewhere (and whether the files match here).
@Suite("susi chat --skill --on-server")
struct ChatOnServerTests {
    static let skill = "hello there\nHi from the file.\n"

    static func file(_ home: TemporaryHome, _ text: String = skill) throws -> String {
        let file = home.path + "/hello.txt"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func susiServeAnswersFromTheFiles() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", served.url, "chat", "--skill", try Self.file(home), "--on-server", "hello there"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Hi from the file.\n")
        #expect(!result.stderr.contains("on this machine"), "\(result.stderr)")
        #expect(!result.stderr.contains("did not answer"), "\(result.stderr)")
    }

    @Test func theReferenceAnswersFromTheFilesFirstAndItsOwnSkillsTheRest() throws {
        let server = try ReferenceChatServer()
        defer { server.stop() }
        let home = try TemporaryHome()
        let susi = try home.harness()
        let file = try Self.file(home)
        let mine = susi.run(["--server", server.baseURL, "chat", "--skill", file, "--on-server", "hello there"])
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(mine.stdout == "Hi from the file.\n")
        #expect(mine.stderr.isEmpty, "\(mine.stderr)")
        let sent = try #require(server.requests.last)
        #expect(sent.method == "POST")
        #expect(String(decoding: sent.body, as: UTF8.self).contains("instant=hello%20there%0AHi%20from%20the%20file."))

        let theirs = susi.run(["--server", server.baseURL, "chat", "--skill", file, "--on-server", "hello"])
        #expect(theirs.status == 0, "\(theirs.stderr)")
        #expect(theirs.stdout == "Hi! I'm SUSI\n")
        #expect(theirs.stderr.contains("(No intent of the --skill files matched; \(server.baseURL) answered from its skill /susi_server/conf/os_skills/test/en/general.txt.)"),
                "\(theirs.stderr)")
    }

    @Test func aServerThatIgnoresTheSkillIsNamed() throws {
        let reply = """
        {"query": "hello there", "query_date": "2026-11-29T21:41:05.318Z", "answer_date": "2026-11-29T21:41:05.323Z",
         "query_language": "en", "answer_time": 5,
         "answers": [{"data": [], "metadata": {"count": 0}, "actions": [{"type": "answer", "expression": "Hello yourself."}],
                      "skills": ["/susi_skill_data/models/general/Communication/en/greetings.txt"]}],
         "session": {"identity": {"type": "host", "name": "127.0.0.1_abc", "anonymous": true}}}
        """
        let server = try LoopbackHTTPServer { _ in .json(reply, contentType: "application/javascript;charset=utf-8") }
        defer { server.stop() }
        let home = try TemporaryHome()
        let result = try home.harness().run(["--server", server.baseURL, "chat", "--skill", try Self.file(home), "--on-server", "hello there"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Hello yourself.\n")
        #expect(result.stderr.contains("\(server.baseURL) did not answer from the --skill files, though they answer this query here "
            + "(it answered from its skill /susi_skill_data/models/general/Communication/en/greetings.txt): it may not support "
            + "chat.json's instant parameter. Leave --on-server out to run the files on this machine."), "\(result.stderr)")
    }

    @Test func withoutSkillFilesOrAServerItIsAUsageError() throws {
        let served = try ServedSUSI()
        let home = try TemporaryHome()
        let susi = try home.harness()
        let noFiles = susi.run(["--server", served.url, "chat", "--on-server", "hello there"])
        #expect(noFiles.status == 64)
        #expect(noFiles.stderr.contains("--on-server sends the skill files given with --skill; add --skill FILE."), "\(noFiles.stderr)")
        #expect(noFiles.stdout.isEmpty)
        let local = susi.run(["chat", "--skill", try Self.file(home), "--on-server", "hello there"])
        #expect(local.status == 64)
        #expect(local.stderr.contains("--on-server needs a server: the 'server' setting is local (the embedded SUSI)."), "\(local.stderr)")
        #expect(local.stderr.contains("Give --server URL, or leave --on-server out to run the files on this machine."))
        #expect(local.stdout.isEmpty)
    }

    @Test func skillTextBeyondWhatOneRequestMaySendIsRefused() throws {
        let server = try ReferenceChatServer()
        defer { server.stop() }
        let home = try TemporaryHome()
        let big = String(repeating: "hello there\nHi from the file.\n\n", count: 9_000)
        let result = try home.harness().run(["--server", server.baseURL, "chat", "--skill", try Self.file(home, big), "--on-server", "hello there"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("The skill files hold \(big.count) characters, more than the 262144 one request may send to a server."),
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(server.requests.isEmpty)
    }
}
