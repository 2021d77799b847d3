import Dispatch
import Foundation
import SusiCLI
import SusiCore
import SusiNet
import SusiServer
#if canImport(Glibc)
import Glibc
#endif

enum Serve {
    static func run(_ invocation: Invocation, _ context: Context) throws {
        let host = invocation.values.string("host") ?? "127.0.0.1"
        let port = UInt16(invocation.values.string("port").flatMap(Int.init) ?? 4000)
        var limits = ServerLimits()
        if let threads = invocation.values.string("threads").flatMap(Int.init) { limits.threads = threads }

        // Open the database once here, so a broken one fails before listening.
        let path = context.paths.databaseFile
        let makeService = try context.workerServices()
        _ = try makeService()
        let api = SusiAPI(makeService: makeService)

        if !NetworkGuard.isLoopback(host) {
            context.warn("Listening on \(host), which other machines can reach. Accounts, tokens and passwords then travel unencrypted; put a TLS proxy in front.")
        }

        // Our own handling replaces the process's default (exit 130 at once):
        // stop accepting, finish what is in flight, exit 0.
        let stopRequested = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }

        let stderr = context.stderr
        let server: HTTPServer
        do {
            server = try HTTPServer(host: host, port: port, limits: limits, log: { line in stderr.line(line) }, handler: api)
        } catch let error as ServerError {
            throw CommandError(.unavailable, error.message, hint: error.hint)
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        stderr.line("Serving SUSI on http://\(shown):\(server.port)")
        context.note("Database: \(path). \(limits.threads) worker threads. Press Ctrl-C to stop.")
        stderr.flush()

        stopRequested.wait()
        let pending = server.requestsInFlight
        context.note(pending > 0 ? "Stopping: finishing \(pending) request\(pending == 1 ? "" : "s") in flight." : "Stopping.")
        server.stop()
        context.note("Stopped.")
    }
}
