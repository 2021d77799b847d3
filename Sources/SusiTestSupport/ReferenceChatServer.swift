import Foundation
import SusiEngine
import SusiReply

/// The reference server's `/susi/chat.json` and `/susi/memory.json` as they
/// behave (server-api.md §1, §2.2, §2.10, §4.2, §5), on a
/// `LoopbackHTTPServer`:
/// - parameters from the query string and a form body (a JSON body is not read);
/// - `instant`: a whole skill text (the two characters `\n` are line
///   breaks, catch-alls allowed) asked before the server's own skills;
/// - the server's own skills are `general` (a greeting by default) with the
///   "I don't know" fallback (`mood: sabta`);
/// - an anonymous caller is its address plus the hex of Java's hashCode of
///   User-Agent + Accept-Encoding + Accept-Language (a missing one is "null"),
///   no cookie: each such identity has its own conversation memory;
/// - memory.json: that identity's last 5 cognitions (the stored chat.json
///   objects, session included), newest first, `cognitions` (10 at most,
///   default 10; 0 or less still gives one), `date` (a query_date to start
///   from, an unknown or unreadable one is ignored), `cognitions_remaining`;
/// - objects are sent as application/javascript with keys in no order.
public final class ReferenceChatServer: @unchecked Sendable {
    /// The reference's ATTENTION_TIME.
    public static let attention = 5

    private let lock = NSLock()
    private let general: Mind
    private var memories: [String: ConversationMemory] = [:]
    /// Newest first, per identity name.
    private var cognitions: [String: [(date: Date, json: [String: Any])]] = [:]
    private var http: LoopbackHTTPServer!

    public var baseURL: String { http.baseURL }
    public var port: UInt16 { http.port }
    public var requests: [LoopbackHTTPServer.Request] { http.requests }

    /// `general`: the server's own skills as skill text.
    public init(general: String = "hello|hi\nHi! I'm SUSI") throws {
        self.general = Mind(skills: [SkillParser.parse(text: general, path: "/susi_server/conf/os_skills/test/en/general.txt",
                                                       options: SkillReadOptions(allowCatchAll: true))])
        http = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    public func stop() { http.stop() }

    /// Java's `String.hashCode` over UTF-16 code units, as the reference salts anonymous hosts.
    static func javaHash(_ text: String) -> Int32 {
        text.utf16.reduce(Int32(0)) { $0 &* 31 &+ Int32($1) }
    }

    static func hostName(_ request: LoopbackHTTPServer.Request) -> String {
        let salt = ["user-agent", "accept-encoding", "accept-language"].map { request.headers[$0] ?? "null" }.joined()
        return "127.0.0.1_" + String(UInt32(bitPattern: javaHash(salt)), radix: 16)
    }

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        var form = request.query
        let type = (request.headers["content-type"] ?? "").lowercased()
        if request.method == "POST", type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded") {
            // '+' is a space in a form body; the query string's value of a name wins.
            let body = String(decoding: request.body, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
            for item in URLComponents(string: "http://x/?" + body)?.queryItems ?? [] where form[item.name] == nil {
                form[item.name] = item.value ?? ""
            }
        }
        let name = Self.hostName(request)
        lock.lock()
        defer { lock.unlock() }
        switch request.path {
        case "/susi/chat.json": return chat(form, name: name)
        case "/susi/memory.json": return memory(form, name: name)
        default: return ReferenceAccountServer.jettyError(404, "Not Found")
        }
    }

    private func session(_ name: String) -> [String: Any] {
        ["identity": ["type": "host", "name": name, "anonymous": true]]
    }

    private func chat(_ form: [String: String], name: String) -> LoopbackHTTPServer.Response {
        let query = (form["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var memory = memories[name] ?? ConversationMemory()
        let reply: Reply
        // The reference matches queries as typed: no normalised or fuzzy stage (issue 31's are ours).
        var asTyped = AskOptions()
        asTyped.normalise = false
        asTyped.fuzzy = false
        // ... and its captures are lower case (server-api.md: "my name is Alice" gives "alice").
        asTyped.capturesAsTyped = false
        if let instant = form["instant"], !instant.isEmpty {
            reply = InstantSkill.mind(instant, language: "en").ask(query, memory: &memory, options: asTyped, otherwise: general)
        } else {
            reply = general.ask(query, memory: &memory, options: asTyped)
        }
        memories[name] = memory
        let encoded = (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8)
        var json = (try? JSONSerialization.jsonObject(with: encoded)) as? [String: Any] ?? [:]
        json["client_id"] = Data("host_\(name)".utf8).base64EncodedString()
        json["session"] = session(name)
        if !reply.answers.isEmpty {
            var list = cognitions[name] ?? []
            list.insert((reply.queryDate, json), at: 0)
            cognitions[name] = Array(list.prefix(Self.attention))
        }
        return Self.javascript(json)
    }

    private func memory(_ form: [String: String], name: String) -> LoopbackHTTPServer.Response {
        // A number that is not one would be a 500 on the reference; this fixture's callers send numbers.
        var left = min(10, Int(form["cognitions"] ?? "") ?? 10)
        let list = cognitions[name] ?? []
        var start = 0
        if let text = form["date"] {
            let parser = ISO8601DateFormatter()
            parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = parser.date(from: text),
               let index = list.firstIndex(where: { Self.millis($0.date) == Self.millis(date) }) {
                start = index
            }
        }
        var out: [[String: Any]] = []
        var remaining = list.count - start
        for item in list[start...] {
            out.append(item.json)
            remaining -= 1
            left -= 1
            if left <= 0 { break }
        }
        return Self.javascript(["cognitions": out, "cognitions_remaining": remaining, "session": session(name)])
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    static func javascript(_ object: [String: Any]) -> LoopbackHTTPServer.Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return .json(String(decoding: data, as: UTF8.self), contentType: "application/javascript;charset=utf-8")
    }
}
