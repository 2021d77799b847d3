import Foundation
import SusiPorts
import SusiReply

/// The SUSI server's HTTP API over any `SusiService`: the same paths,
/// parameters and response shapes as the reference server (see the README's
/// "susi serve" section for where it deliberately differs).
public final class SusiAPI: HTTPHandler, @unchecked Sendable {
    let services: ServicePool
    let callers: AnonymousCallers
    let consoleBudget: ConsoleBudget?
    /// What `/susi/memory.json` serves.
    let memories: CognitionLog
    /// Failed password logins, per account and per address.
    let logins: LoginThrottle
    /// Whether `/` serves the chat page (`WebPage`); `susi serve --no-web` turns it off.
    let web: Bool

    /// `makeService` is called once per worker thread; its services should
    /// fetch consoles through `consoleBudget.fetcher`.
    public init(anonymous: AnonymousPolicy = AnonymousPolicy(), consoleBudget: ConsoleBudget? = nil,
                logins: LoginPolicy = LoginPolicy(), web: Bool = false, makeService: @escaping @Sendable () throws -> SusiService) {
        self.logins = LoginThrottle(policy: logins)
        self.web = web
        services = ServicePool(make: makeService)
        self.consoleBudget = consoleBudget
        callers = AnonymousCallers(policy: anonymous)
        memories = CognitionLog(maxIdentities: anonymous.maxRemembered, lifetime: anonymous.memoryLifetime)
    }

    typealias Endpoint = @Sendable (APICall) throws -> APIReply

    static let endpoints: [String: Endpoint] = [
        "/susi/chat.json": chat,
        "/susi/memory.json": memory,
        "/aaa/login.json": login,
        "/aaa/signup.json": signUp,
        "/aaa/checkRegistration.json": checkRegistration,
        "/aaa/recoverpassword.json": recoverPassword,
        "/aaa/changepassword.json": changePassword,
        "/aaa/changeUserSettings.json": changeSettings,
        "/aaa/listUserSettings.json": listSettings,
        "/aaa/addNewDevice.json": addDevice,
        "/aaa/listUserDevices.json": listDevices,
        "/aaa/removeUserDevices.json": removeDevices,
        "/cms/getGroups.json": groups,
        "/cms/getAllLanguages.json": languages,
        "/cms/getSkillList.json": skillList,
        "/cms/getSkillMetadata.json": skillMetadata,
        "/cms/getSkill.json": skillText,
        "/cms/fiveStarRateSkill.json": rate,
        "/cms/getRatingByUser.json": userRating,
        "/cms/rateSkill.json": thumbs,
        "/cms/feedbackLog.json": feedbackLog,
        "/cms/feedbackSkill.json": postFeedback,
        "/cms/getSkillFeedback.json": feedback,
        // Our extension: the SUSI server has no call that deletes feedback.
        "/cms/removeSkillFeedback.json": removeFeedback,
        "/cms/reportSkill.json": report,
        "/cms/bookmarkSkill.json": bookmark,
    ]

    static let commonHeaders: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Cache-Control", "no-store"),
    ]

    /// The calls answered on libmicrohttpd's thread first: they only read
    /// the database (WAL: no lock waits) and hand their writes to the group
    /// commit; a console fetch abandons the attempt (`InlineAttempt`). The
    /// others (account, rating and catalogue calls, which write or may be
    /// large) always go to a worker.
    static let inlineEndpoints: Set<String> = ["/susi/chat.json", "/susi/memory.json"]

    /// An endpoint with what the request path needs of it, found by one lookup.
    struct Route {
        let endpoint: Endpoint
        let inline: Bool
        let numbers: [NumericParameter]
    }

    static let routes: [String: Route] = endpoints.reduce(into: [:]) { routes, pair in
        routes[pair.key] = Route(endpoint: pair.value, inline: inlineEndpoints.contains(pair.key),
                                 numbers: numericParameters[pair.key] ?? [])
    }

    public func respondInline(to request: HTTPRequest) -> HTTPResponse? {
        // The store may be slow to answer: a worker checks it.
        if request.path == Self.healthPath { return nil }
        let route = Self.routes[request.path]
        if request.method != "OPTIONS", let route, !route.inline { return nil }
        return (InlineAttempt.run { answer(request, route: route, inline: true) } ?? nil)
            .map { WebSession.endingStaleLogin($0, to: request) }
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        // Outside an inline attempt nothing abandons it.
        WebSession.endingStaleLogin(answer(request, route: Self.routes[request.path], inline: false)
            ?? reject(request, status: 500, message: "Internal error: the server could not answer this request."), to: request)
    }

    /// The answer; nil only when an inline attempt was abandoned.
    private func answer(_ request: HTTPRequest, route: Route?, inline: Bool) -> HTTPResponse? {
        if request.method == "OPTIONS" {
            return HTTPResponse(status: 204, headers: Self.commonHeaders + [
                ("Allow", "GET, POST, HEAD, OPTIONS"), ("Access-Control-Allow-Methods", "GET, POST"),
                ("Access-Control-Allow-Headers", "accept, content-type"),
            ])
        }
        if request.path == Self.healthPath, !inline { return health(request) }
        guard let route else {
            if web, let page = WebPage.response(to: request) { return page }
            return reject(request, status: 404, message: "There is no API call \(request.path) on this server.")
        }
        let endpoint = route.endpoint
        var fields = request.query
        if request.method == "POST", !request.body.isEmpty {
            let type = (request.header("content-type") ?? "").lowercased()
            if type.isEmpty || type.hasPrefix("application/x-www-form-urlencoded") {
                do {
                    fields += try FormCoding.decodeStrict(request.body, what: "The form body")
                } catch {
                    return reject(request, status: error.status, message: error.message)
                }
                if fields.count > RequestHead.maxParameters {
                    return reject(request, status: 400, message: "The request has \(fields.count) parameters; the limit is \(RequestHead.maxParameters).")
                }
            } else if type.hasPrefix("multipart/") {
                return reject(request, status: 415, message: "Send parameters in the query string or as application/x-www-form-urlencoded; multipart bodies are not read.")
            }
            // Other bodies (JSON) are ignored, as on the reference server.
        }
        let service: SusiService
        do {
            service = try services.current()
        } catch {
            if error is InlineAttempt.Abandoned { return nil }
            return failure(callers.identity(for: request), error)
        }
        let call = APICall(request: request, fields: fields, service: service,
                           numbers: route.numbers, callers: callers, memories: memories, logins: logins)
        do {
            // The request's console fetches share one budget; an inline
            // attempt fetches nothing (a fetch abandons it), so it needs none.
            let reply = try inline ? endpoint(call) : consoleBudget.map { budget in try budget.run { try endpoint(call) } } ?? endpoint(call)
            switch reply {
            case let .object(object, status):
                var body = object
                body["session"] = APICall.envelope(try call.identity())
                return .json(status, JSONValue.object(body).serialized, headers: Self.commonHeaders + call.responseHeaders)
            case let .encoded(bytes):
                return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)] + Self.commonHeaders
                                    + call.responseHeaders, body: bytes)
            }
        } catch {
            if error is InlineAttempt.Abandoned { return nil }
            return failure((try? call.identity()) ?? call.knownIdentity, error)
        }
    }

    /// For load balancers: 200 when this server can answer (its backend reaches
    /// its store and has its skills), else 503 with Retry-After and the reason.
    static let healthPath = "/healthz"

    private func health(_ request: HTTPRequest) -> HTTPResponse {
        let problem: String?
        do {
            problem = (try services.current() as? HealthReporting)?.healthProblem()
        } catch {
            problem = (error as? ServiceError)?.message ?? "The backend cannot be opened."
        }
        guard let problem else {
            return .json(200, JSONValue.object(JSONObject([("status", .string("ok"))])).serialized, headers: Self.commonHeaders)
        }
        return .json(503, JSONValue.object(JSONObject([("status", .string("unavailable")), ("message", .string(problem))])).serialized,
                     headers: Self.commonHeaders + [("Retry-After", "1")])
    }

    public func reject(_ request: HTTPRequest, status: Int, message: String) -> HTTPResponse {
        Self.errorResponse(status: status, message: message, hint: nil, identity: callers.identity(for: request))
    }

    func failure(_ identity: Identity, _ error: Error) -> HTTPResponse {
        switch error {
        case let failure as APIFailure:
            return Self.errorResponse(status: failure.status, message: failure.message, hint: nil, identity: identity,
                                      headers: failure.retryAfter.map { [("Retry-After", String($0))] } ?? [])
        case let error as ServiceError:
            var headers: [(String, String)] = []
            if error.kind == .unavailable || error.kind == .timeout { headers.append(("Retry-After", "1")) }
            // The hint is advice for susi's own command line ("run 'susi login'"); other
            // clients read this body, so only the message goes out.
            return Self.errorResponse(status: Self.status(for: error.kind), message: error.message, hint: nil,
                                      identity: identity, headers: headers)
        default:
            // Never a Swift type dump (the status is in the access log).
            return Self.errorResponse(status: 500, message: "Internal error: the server could not answer this request.",
                                      hint: nil, identity: identity)
        }
    }

    /// The HTTP status for each kind of service failure.
    public static func status(for kind: ServiceError.Kind) -> Int {
        switch kind {
        case .invalidInput, .conflict: return 422
        case .notLoggedIn: return 401
        case .forbidden: return 403
        case .notFound: return 404
        case .unavailable, .timeout: return 503
        case .malformedResponse: return 502
        // A client that gave up; nginx's convention for "client closed request".
        case .interrupted: return 499
        }
    }

    static func errorResponse(status: Int, message: String, hint: String?, identity: Identity,
                              headers: [(String, String)] = []) -> HTTPResponse {
        var body = JSONObject([("accepted", .bool(false)), ("message", .string(message))])
        if let hint { body["hint"] = .string(hint) }
        body["session"] = APICall.envelope(identity)
        return .json(status, JSONValue.object(body).serialized, headers: commonHeaders + headers)
    }
}

extension JSONValue {
    static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
}
