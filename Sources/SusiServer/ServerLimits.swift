import SusiPorts

/// What one server may use: threads, connections, bytes and time.
public struct ServerLimits: Sendable {
    /// Worker threads of the pool; each serves its share of the connections.
    public var threads: Int
    /// Open connections at once; more are refused at accept.
    public var maxConnections: Int
    /// Seconds an idle connection is kept open.
    public var idleTimeoutSeconds: Int
    /// Largest request body; larger ones get 413.
    public var maxBodyBytes: Int
    /// The request line and headers together; larger heads get 431 (from
    /// susi, as JSON, up to about twice this, which libmicrohttpd's pool holds).
    public var maxHeaderBytes: Int
    /// How long a shutdown waits for requests in flight.
    public var shutdownGraceSeconds: Double
    /// Seconds a client has to send a whole request (line, headers and
    /// body) from connecting or from its previous answer's end: bytes
    /// trickled one at a time do not extend it. Late requests get 408.
    public var requestTimeoutSeconds: Int = ServeSettings.defaultRequestTimeoutSeconds
    /// Open connections from one client address; more are refused at accept.
    public var maxConnectionsPerAddress: Int = ServeSettings.defaultMaxConnectionsPerAddress
    /// Connections kept for addresses that have none open yet: near the
    /// limit, an address that already has a connection is refused.
    public var reservedConnections: Int?
    /// Access-log lines waiting for a slow reader; more are dropped (and counted), never waited for.
    public var logBufferLines: Int

    public init(threads: Int = ServerLimits.defaultThreads, maxConnections: Int = ServeSettings.defaultMaxConnections, idleTimeoutSeconds: Int = 30,
                maxBodyBytes: Int = 1 << 20, maxHeaderBytes: Int = 32 << 10, shutdownGraceSeconds: Double = 10,
                logBufferLines: Int = 4096) {
        self.threads = threads
        self.maxConnections = maxConnections
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.shutdownGraceSeconds = shutdownGraceSeconds
        self.logBufferLines = logBufferLines
    }

    /// Twice the number of cores.
    public static var defaultThreads: Int { max(2, 2 * System.activeProcessorCount) }
}

enum System {
    static var activeProcessorCount: Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count > 0 ? Int(count) : 1
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
