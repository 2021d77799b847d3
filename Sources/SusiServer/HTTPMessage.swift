/// One request as the HTTP layer hands it to the API: method, decoded path,
/// the query-string pairs in order, headers (names lower-cased), the body
/// and the peer's address.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [FormField]
    public var headers: [String: String]
    public var body: [UInt8]
    public var clientAddress: String

    public init(method: String, path: String, query: [FormField] = [], headers: [String: String] = [:],
                body: [UInt8] = [], clientAddress: String = "127.0.0.1") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A name and value from a query string or a form body.
public struct FormField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static let jsonContentType = "application/json; charset=utf-8"

    public static func json(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", jsonContentType)] + headers, body: Array(text.utf8))
    }
}

/// What answers requests.
public protocol HTTPHandler: Sendable {
    /// Called on a worker thread of the server's own, where it may take long.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Called first, on the libmicrohttpd thread that also serves other
    /// connections: the answer when it is quick, or nil, having changed
    /// nothing, when it may take long (then `respond` is called on a worker).
    func respondInline(to request: HTTPRequest) -> HTTPResponse?
    /// The answer when the HTTP layer refuses a request itself (413, 405).
    func reject(_ request: HTTPRequest, status: Int, message: String) -> HTTPResponse
}

extension HTTPHandler {
    /// By default every request is answered on a worker.
    public func respondInline(to request: HTTPRequest) -> HTTPResponse? { nil }
}
