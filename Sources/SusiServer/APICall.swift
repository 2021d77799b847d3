import Foundation
import SusiPorts
import SusiReply

/// One API request being answered: its parameters (query string first,
/// then the form body; the first value of a name wins, as in the
/// reference's servlet API), the caller's token and identity, the service.
final class APICall {
    let request: HTTPRequest
    let service: SusiService
    /// The parameters in order; the first of a name wins. A request has a
    /// handful, so a scan is cheaper than hashing every name into a
    /// dictionary per request (String hashing was in the profile).
    private let fields: [FormField]
    private var cachedIdentity: Identity?
    private var cachedAnonymous: Identity?
    /// The numeric parameters this endpoint declares (`SusiAPI.numericParameters`).
    private let numbers: [NumericParameter]

    /// Anonymous callers: identities, cookies, vote budgets.
    let callers: AnonymousCallers
    /// Headers the endpoint adds to its answer (a cookie).
    var responseHeaders: [(String, String)] = []
    /// Every identity's last exchanges, for `/susi/memory.json`.
    let memories: CognitionLog
    /// Failed password logins, per account and per address.
    let logins: LoginThrottle

    init(request: HTTPRequest, fields: [FormField], service: SusiService, numbers: [NumericParameter] = [],
         callers: AnonymousCallers = AnonymousCallers(policy: AnonymousPolicy()), memories: CognitionLog? = nil,
         logins: LoginThrottle = LoginThrottle(policy: SusiAPI.LoginPolicy())) {
        self.logins = logins
        self.request = request
        self.service = service
        self.numbers = numbers
        self.callers = callers
        self.memories = memories ?? CognitionLog(maxIdentities: 1, lifetime: 0)
        self.fields = fields
    }

    subscript(name: String) -> String? {
        for field in fields where field.name == name { return field.value }
        return nil
    }

    /// The value, or nil when missing or blank.
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], value.unicodeScalars.contains(where: { !Trimming.isWhitespaceOrNewline($0) }) else { return nil }
        return value
    }

    func required(_ name: String, status: Int = 400, message: String? = nil) throws -> String {
        guard let value = nonEmpty(name) else {
            throw APIFailure(status, message ?? "The parameter '\(name)' is missing.")
        }
        return value
    }

    /// True only for "true" or "1", as on the reference server.
    func flag(_ name: String) -> Bool {
        let value = self[name]
        return value == "true" || value == "1"
    }

    /// A declared whole-number parameter, nil when missing; outside its range it is refused.
    func integer(_ name: String) throws -> Int? {
        guard let value = try number(name, whole: true) else { return nil }
        return Int(exactly: value)
    }

    /// A declared number parameter, nil when missing; outside its range (or not finite) it is refused.
    func decimal(_ name: String) throws -> Double? {
        try number(name, whole: false)
    }

    private func number(_ name: String, whole: Bool) throws -> Double? {
        guard let parameter = numbers.first(where: { $0.name == name && $0.wholeNumber == whole }) else {
            // A programming error: every number is declared with its range.
            throw APIFailure(500, "The server reads the parameter '\(name)' without declaring its range.")
        }
        guard let text = nonEmpty(name) else { return nil }
        return try parameter.parse(Trimming.trimmed(text, Trimming.isWhitespace))
    }

    /// `access_token`, or the iOS app's `access-token`, or the web page's
    /// login cookie (`WebSession`). Worked out once per call.
    lazy var token: String? = parameterToken ?? WebSession.token(in: request)

    /// The token given as a parameter.
    var parameterToken: String? { nonEmpty("access_token") ?? nonEmpty("access-token") }

    /// The skill named by model/group/language/skill, with the reference's defaults.
    func skill(defaultGroup: String? = "Knowledge") throws -> SkillRef {
        let group: String
        if let given = nonEmpty("group"), given != "All" {
            group = given
        } else if let defaultGroup {
            group = defaultGroup
        } else {
            throw APIFailure(400, "The parameter 'group' is missing; name the skill's group.")
        }
        return SkillRef(model: nonEmpty("model") ?? "general", group: group, language: nonEmpty("language") ?? "en",
                        name: try required("skill"))
    }

    // MARK: - Identity

    /// The caller: the account of a valid token, otherwise its anonymous
    /// identity (its `susi_anon` cookie's, else the host identity the
    /// reference server gives: address + header salt).
    func identity() throws -> Identity {
        if let cachedIdentity { return cachedIdentity }
        var identity = anonymousIdentity
        if token != nil {
            let known = try service.identity(token: token)
            if !known.anonymous { identity = known }
        }
        cachedIdentity = identity
        return identity
    }

    /// The identity without asking the service (for refusals).
    var knownIdentity: Identity { cachedIdentity ?? anonymousIdentity }

    /// The request's anonymous identity, worked out once per call.
    var anonymousIdentity: Identity {
        if let cachedAnonymous { return cachedAnonymous }
        let identity = callers.identity(for: request)
        cachedAnonymous = identity
        return identity
    }

    /// For an anonymous caller, takes one vote from its client's budget;
    /// past it, a 429 that says when to try again.
    func spendAnonymousVote() throws {
        guard try identity().anonymous else { return }
        if let wait = callers.takeVote(request.clientAddress) {
            var failure = APIFailure(429, "Too many anonymous ratings from your address: at most \(callers.policy.votesPerMinute) per minute. Try again in \(wait) s, or log in.")
            failure.retryAfter = wait
            throw failure
        }
    }

    /// Refuses an anonymous caller where the reference's role is USER. The
    /// embedded SUSI lets the person at its own terminal rate without an
    /// account, so a call without a token must not reach it as that person.
    /// (A token that is no longer valid goes through: the service says so.)
    func requireToken(_ what: String) throws {
        if token == nil { throw ServiceError.loginRequired(what) }
    }

    static func hostIdentity(for request: HTTPRequest) -> Identity {
        // Java's hashCode of the three headers joined ("null" for a missing
        // one), folded header by header instead of over a joined String.
        var hash: Int32 = 0
        for name in ["user-agent", "accept-encoding", "accept-language"] {
            hash = javaHashCode(request.headers[name] ?? "null", continuing: hash)
        }
        return .anonymous(request.clientAddress + "_" + String(UInt32(bitPattern: hash), radix: 16))
    }

    /// Java's `String.hashCode` over UTF-16 code units.
    static func javaHashCode(_ text: String) -> Int32 {
        javaHashCode(text, continuing: 0)
    }

    /// The hash of a text that follows text whose hash is `hash`.
    static func javaHashCode(_ text: String, continuing hash: Int32) -> Int32 {
        var hash = hash
        for unit in text.utf16 { hash = hash &* 31 &+ Int32(unit) }
        return hash
    }

    static func envelope(_ identity: Identity) -> JSONValue {
        .object(JSONObject([("identity", .object(JSONObject([
            ("type", .string(identity.type)), ("name", .string(identity.name)), ("anonymous", .bool(identity.anonymous)),
        ])))]))
    }
}

/// A refusal of the request itself: a missing or malformed parameter.
struct APIFailure: Error {
    var status: Int
    var message: String
    /// Seconds for a Retry-After header.
    var retryAfter: Int?

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// What an endpoint answers.
enum APIReply {
    /// An object; the session envelope is added.
    case object(JSONObject, status: Int)
    /// Bytes already encoded, envelope included.
    case encoded([UInt8])

    static func ok(_ pairs: [(String, JSONValue)]) -> APIReply { .object(JSONObject(pairs), status: 200) }
}
