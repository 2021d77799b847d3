import Foundation
import SusiAuthoring
import SusiBasics
import SusiCore
import SusiNet
import SusiPorts
import SusiServer

/// The HTTP-serving port over SusiServer (libmicrohttpd): the worker
/// backends fetch consoles under the server's budget through the HTTP
/// console fetcher. Made by `Backends.makers.serving`.
final class MicroHTTPServing: HTTPServing {
    let settings: ServeSettings
    let limits: ServerLimits
    let api: SusiAPI
    /// The first worker backend, opened at once; it stores what the group commit still holds.
    let first: SusiService
    /// The log `log(to:)` made, which the server logs its requests to.
    private var accessLog: AccessLog?

    init(_ settings: ServeSettings, _ context: Context) throws {
        var limits = ServerLimits()
        if let threads = settings.threads { limits.threads = threads }
        if let seconds = settings.requestTimeoutSeconds { limits.requestTimeoutSeconds = seconds }
        if let count = settings.maxConnections { limits.maxConnections = count }
        if let count = settings.maxConnectionsPerAddress { limits.maxConnectionsPerAddress = count }
        self.settings = settings
        self.limits = limits
        let environment = context.environment
        let budget = ConsoleBudget(seconds: settings.consoleBudgetSeconds, workers: limits.threads) { url, seconds in
            try HTTPConsoleFetcher(environment: environment, timeout: seconds).fetch(url)
        }
        // A shared store: one pool for the node, as many connections as threads serve
        // (the group commit's writer takes one of them between batches).
        let store = try settings.store.map { try context.serviceStore($0, connections: limits.threads) }
        let makeService = try context.workerServices(consoleFetch: budget.budgetedFetch, store: store)
        first = try makeService()
        api = SusiAPI(consoleBudget: budget, web: settings.web, makeService: makeService)
    }

    var threads: Int { limits.threads }

    var isLoopbackOnly: Bool { NetworkGuard.isLoopback(settings.host) }

    func log(to sink: ServeLogSink) -> ServeLog {
        let log: AccessLog
        switch sink {
        case let .lines(write): log = AccessLog(capacity: limits.logBufferLines, sink: .lines(write))
        case let .descriptor(descriptor): log = AccessLog(capacity: limits.logBufferLines, sink: .descriptor(descriptor))
        }
        accessLog = log
        return Log(log)
    }

    func listen() throws -> ListeningServer {
        // A server asked to listen before any log was made logs to nowhere.
        let log = accessLog ?? AccessLog(capacity: 1, sink: .lines { _ in })
        do {
            return Listening(try HTTPServer(host: settings.host, port: settings.port, limits: limits, accessLog: log, handler: api))
        } catch let error as ServerError {
            throw CommandError(.unavailable, error.message, hint: error.hint)
        }
    }

    func finishPendingWrites() throws {
        try (first as? PendingWrites)?.finishPendingWrites()
    }

    final class Log: ServeLog {
        let log: AccessLog
        init(_ log: AccessLog) { self.log = log }
        func append(_ line: String) { log.append(line) }
        func finish(within seconds: Double) { log.finish(within: seconds) }
    }

    final class Listening: ListeningServer {
        let server: HTTPServer
        init(_ server: HTTPServer) { self.server = server }
        var port: UInt16 { server.port }
        var requestsInFlight: Int { server.requestsInFlight }
        func stop() { server.stop() }
    }
}
