/// How `susi serve` is asked to serve: where, and the limits its options
/// set (nil: the server's own default).
public struct ServeSettings: Sendable, Equatable {
    public var host: String
    public var port: UInt16
    public var threads: Int?
    public var requestTimeoutSeconds: Int?
    public var maxConnections: Int?
    public var maxConnectionsPerAddress: Int?
    /// Time all console fetches of one request may take together.
    public var consoleBudgetSeconds: Double
    /// The chat page at / (`--no-web` turns it off).
    public var web: Bool
    /// Where accounts, ratings, memory... are kept: nil for the embedded
    /// database, else a postgresql:// address (`--store`, `serve.store`).
    public var store: String?

    public static let defaultRequestTimeoutSeconds = 10
    public static let defaultMaxConnections = 512
    public static let defaultMaxConnectionsPerAddress = 32
    public static let defaultConsoleBudgetSeconds = 2.0

    public init(host: String, port: UInt16, threads: Int? = nil, requestTimeoutSeconds: Int? = nil,
                maxConnections: Int? = nil, maxConnectionsPerAddress: Int? = nil,
                consoleBudgetSeconds: Double = ServeSettings.defaultConsoleBudgetSeconds, web: Bool = false) {
        self.host = host
        self.port = port
        self.threads = threads
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.consoleBudgetSeconds = consoleBudgetSeconds
        self.web = web
    }
}

/// Where the server's log lines go.
public enum ServeLogSink: Sendable {
    /// Called on the log's own thread, one line (no newline) at a time.
    case lines(@Sendable (String) -> Void)
    /// Written directly to this descriptor, never waiting long on it.
    case descriptor(Int32)
}

/// Lines logged without ever holding up a request: a stalled reader costs
/// lines (counted), never time.
public protocol ServeLog: AnyObject {
    func append(_ line: String)
    /// Writes what is queued, waiting at most `seconds`.
    func finish(within seconds: Double)
}

/// SUSI's HTTP API served for `susi serve`, made with the worker backends
/// already open (so a broken database fails before anything listens).
public protocol HTTPServing: AnyObject {
    /// The threads that serve (the option's, or the server's default).
    var threads: Int { get }
    /// Whether the address is loopback only (else other machines can reach it).
    var isLoopbackOnly: Bool { get }
    /// The log every line goes through from now on, the requests' too.
    func log(to sink: ServeLogSink) -> ServeLog
    /// Starts listening, each request logged to the log `log(to:)` made;
    /// exit 69 when it cannot.
    func listen() throws -> ListeningServer
    /// Stores what the backends still hold (the last group-commit window).
    func finishPendingWrites() throws
}

/// A server that is listening.
public protocol ListeningServer: AnyObject {
    /// The port it listens on (the one picked for port 0).
    var port: UInt16 { get }
    var requestsInFlight: Int { get }
    /// Stops accepting, finishes what is in flight (within the grace time).
    func stop()
}
