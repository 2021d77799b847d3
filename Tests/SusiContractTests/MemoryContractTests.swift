import Foundation
import SusiCore
import SusiLocal
import SusiNet
import SusiPorts
import SusiServer
import SusiTestSupport
import Testing

/// The two HTTP servers that must agree on chat.json's `instant`, on
/// `/susi/memory.json` and on keeping anonymous clients apart: the
/// quirk-faithful reference fixture and `susi serve`.
enum ServerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case reference
    case serve

    var testDescription: String { rawValue }
}

/// One server of `kind` on 127.0.0.1, asked over plain HTTP with the
/// headers a given client sends (no cookies kept: each client is known by
/// its address and header salt on both).
final class ChatServer {
    let kind: ServerKind
    let port: UInt16
    private var reference: ReferenceChatServer?
    private var served: HTTPServer?
    private var directory: String?
    private let transport = HTTPTransport(environment: NetworkGuard.safeEnvironment(), timeout: 10)

    static func with(_ kind: ServerKind, _ body: (ChatServer) throws -> Void) throws {
        let server = try ChatServer(kind)
        defer { server.stop() }
        try body(server)
    }

    private init(_ kind: ServerKind) throws {
        self.kind = kind
        switch kind {
        case .reference:
            let fixture = try ReferenceChatServer()
            reference = fixture
            port = fixture.port
        case .serve:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("susi-memory-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            directory = folder
            let path = folder + "/susi.db"
            let make: @Sendable () throws -> SusiService = {
                try EmbeddedService(path: path, environment: embeddedEnvironment, passwordCost: .minimal)
            }
            _ = try make()
            let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: ServerLimits(threads: 2), log: { _ in },
                                        handler: SusiAPI(makeService: make))
            served = server
            port = server.port
        }
    }

    func stop() {
        reference?.stop()
        served?.stop(graceSeconds: 1)
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// A JSON object from `path`, asked as the client with `agent`; a form body when `form` is given.
    func ask(_ path: String, _ parameters: [(String, String)], agent: String, post: Bool = false,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = parameters.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
            .joined(separator: "&")
        let headers = ["User-Agent": agent, "Accept-Language": "en"]
        let request: SusiNet.HTTPRequest
        if post {
            request = SusiNet.HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                                          headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { a, _ in a },
                                          body: Data(encoded.utf8))
        } else {
            request = SusiNet.HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)?\(encoded)")!, headers: headers)
        }
        let response = try transport.send(request)
        #expect(response.status == 200, "\(kind): \(path) answered \(response.status)", sourceLocation: sourceLocation)
        return (try JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
    }

    func chat(_ query: String, instant: String, agent: String) throws -> [String: Any] {
        try ask("/susi/chat.json", [("q", query), ("instant", instant)], agent: agent, post: true)
    }

    func memory(agent: String, _ parameters: [(String, String)] = []) throws -> [String: Any] {
        try ask("/susi/memory.json", parameters, agent: agent)
    }
}

/// The answer text of a chat.json object (or a cognition).
func answerText(_ json: [String: Any]) -> String {
    let answers = json["answers"] as? [[String: Any]] ?? []
    let actions = answers.first?["actions"] as? [[String: Any]] ?? []
    return actions.compactMap { $0["expression"] as? String }.joined(separator: " ")
}

func identityName(_ json: [String: Any]) -> String? {
    ((json["session"] as? [String: Any])?["identity"] as? [String: Any])?["name"] as? String
}

/// A skill author's test skill, sent as `instant` (the two characters `\n` are line breaks on both servers).
let nameSkill = "my name is *\\nHello $1$!^$1$^>_username\\n\\nwhat is my name\\n?$_username$:Your name is $_username$.:I do not know your name.\\n\\nsay *\\n$1$"

@Suite("Contract: memory.json, instant and anonymous clients, on the reference fixture and susi serve")
struct MemoryContractTests {
    @Test(arguments: ServerKind.allCases)
    func anonymousClientsHaveTheirOwnMemoryAndMemoryJSON(_ kind: ServerKind) throws {
        try ChatServer.with(kind) { server in
            #expect(answerText(try server.chat("my name is Alice", instant: nameSkill, agent: "client-a")) == "Hello alice!")
            let other = try server.chat("what is my name", instant: nameSkill, agent: "client-b")
            #expect(!answerText(other).contains("alice"), "\(kind): client b was told \(answerText(other))")
            let again = try server.chat("what is my name", instant: nameSkill, agent: "client-a")
            #expect(answerText(again) == "Your name is alice.")

            let a = try server.memory(agent: "client-a")
            let mine = try #require(a["cognitions"] as? [[String: Any]])
            // Newest first, each the chat.json object that was sent, session included.
            #expect(mine.map { $0["query"] as? String } == ["what is my name", "my name is Alice"])
            #expect(mine.map(answerText) == ["Your name is alice.", "Hello alice!"])
            #expect(mine.allSatisfy { identityName($0) == identityName(again) })
            #expect(mine.first?["query_date"] as? String == again["query_date"] as? String)
            #expect(a["cognitions_remaining"] as? Int == 0)
            #expect(identityName(a) == identityName(again))
            #expect(identityName(a)?.hasPrefix("127.0.0.1_") == true)

            let b = try server.memory(agent: "client-b")
            let theirs = try #require(b["cognitions"] as? [[String: Any]])
            #expect(theirs.map { $0["query"] as? String } == ["what is my name"])
            #expect(!theirs.contains { answerText($0).contains("alice") })
            #expect(identityName(b) != identityName(a))

            // A client that never chatted has an empty memory.
            let stranger = try server.memory(agent: "client-c")
            #expect((stranger["cognitions"] as? [Any])?.isEmpty == true)
            #expect(stranger["cognitions_remaining"] as? Int == 0)
        }
    }

    /// Both servers give the same host identity for the same headers (address + the reference's header salt).
    @Test func bothServersNameAnAnonymousClientAlike() throws {
        var names: [String?] = []
        for kind in ServerKind.allCases {
            try ChatServer.with(kind) { server in
                _ = try server.chat("say hi", instant: nameSkill, agent: "python-requests/2.31")
                names.append(identityName(try server.memory(agent: "python-requests/2.31")))
            }
        }
        #expect(names.count == 2 && names[0] != nil && names[0] == names[1], "\(names)")
    }

    @Test(arguments: ServerKind.allCases)
    func memoryKeepsTheLastFiveAndPagesByCountAndDate(_ kind: ServerKind) throws {
        try ChatServer.with(kind) { server in
            let words = ["one", "two", "three", "four", "five", "six", "seven"]
            for word in words {
                #expect(answerText(try server.chat("say \(word)", instant: nameSkill, agent: "pager")) == word)
                // Each its own millisecond, so each query_date names one exchange.
                Thread.sleep(forTimeInterval: 0.003)
            }
            let all = try #require(try server.memory(agent: "pager")["cognitions"] as? [[String: Any]])
            #expect(all.map(answerText) == ["seven", "six", "five", "four", "three"])

            let two = try server.memory(agent: "pager", [("cognitions", "2")])
            #expect((two["cognitions"] as? [[String: Any]])?.map(answerText) == ["seven", "six"])
            #expect(two["cognitions_remaining"] as? Int == 3)

            let date = try #require(all[2]["query_date"] as? String)
            let paged = try server.memory(agent: "pager", [("cognitions", "2"), ("date", date)])
            #expect((paged["cognitions"] as? [[String: Any]])?.map(answerText) == ["five", "four"])
            #expect(paged["cognitions_remaining"] as? Int == 1)

            // More than 10 is 10 (all five here).
            let many = try server.memory(agent: "pager", [("cognitions", "50")])
            #expect((many["cognitions"] as? [Any])?.count == 5)
        }
    }

    @Test(arguments: ServerKind.allCases)
    func theInstantSkillAnswersFirstAndTheServersOwnSkillsTheRest(_ kind: ServerKind) throws {
        try ChatServer.with(kind) { server in
            let instant = "hello\\nHello from the skill being written"
            let mine = try server.chat("hello", instant: instant, agent: "author")
            #expect(answerText(mine) == "Hello from the skill being written")
            let skills = (mine["answers"] as? [[String: Any]])?.first?["skills"] as? [String]
            #expect(skills == ["instant"])
            // Without the parameter, the server's own greeting.
            let own = try server.ask("/susi/chat.json", [("q", "hello")], agent: "author")
            #expect(!answerText(own).isEmpty && answerText(own) != "Hello from the skill being written")
            #expect((own["answers"] as? [[String: Any]])?.first?["skills"] as? [String] != ["instant"])
        }
    }
}
