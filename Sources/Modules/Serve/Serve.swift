import Dispatch
import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts
#if canImport(Glibc)
import Glibc
#endif

enum Serve {
    static func run(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let host = values[ServeKeys.host] ?? "127.0.0.1"
        let port = UInt16(values[ServeKeys.port] ?? 4000)
        var settings = ServeSettings(host: host, port: port, threads: values[ServeKeys.threads],
                                     requestTimeoutSeconds: values[ServeKeys.requestTimeout],
                                     maxConnections: values[ServeKeys.maxConnections],
                                     maxConnectionsPerAddress: values[ServeKeys.connectionsPerAddress],
                                     consoleBudgetSeconds: values[ServeKeys.consoleBudget] ?? ServeSettings.defaultConsoleBudgetSeconds,
                                     web: !values[ServeKeys.noWeb])
        settings.store = try ServeModule.store(option: values[ServeKeys.store], context)

        // Opens the database once here, so a broken one fails before listening.
        let path = context.paths.databaseFile
        let serving = try context.httpServing(settings)
        // Also on the way out of a failed start; the normal stop below reports its error.
        defer { try? serving.finishPendingWrites() }

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
        // A reader of stderr that went away must cost log lines, not the
        // process (SIGPIPE would end it with 141): writes then fail with EPIPE.
        signal(SIGPIPE, SIG_IGN)
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            signal(SIGPIPE, SIG_DFL)
        }

        // Every line from here on goes through the bounded access log, so
        // neither a request nor the shutdown waits for a stalled reader.
        let stderr = context.stderr
        let log = serving.log(to: stderr.descriptor.map(ServeLogSink.descriptor) ?? .lines { stderr.line($0) })
        defer { log.finish(within: 2) }
        let server = try serving.listen()
        if !serving.isLoopbackOnly {
            log.append(context.errorStyle.yellow("warning:") + " Listening on \(host), which other machines can reach. Accounts, tokens and passwords then travel unencrypted; put a TLS proxy in front.")
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        log.append("Serving SUSI on http://\(shown):\(server.port)")
        if !context.globals.quiet {
            let store = settings.store.map { "; store: " + ((try? StoreAddress($0).shown) ?? "PostgreSQL") } ?? ""
            log.append("Database: \(path)\(store). \(serving.threads) threads serving, as many workers for slow requests. Press Ctrl-C to stop.")
        }

        stopRequested.wait()
        let pending = server.requestsInFlight
        if !context.globals.quiet {
            log.append(pending > 0 ? "Stopping: finishing \(TextLayout.counted(pending, "request")) in flight." : "Stopping.")
        }
        server.stop()
        // Chats answered in the group commit's last window are stored before exiting.
        // (A storage error here is the command's error: 73/74.)
        try serving.finishPendingWrites()
        if !context.globals.quiet { log.append("Stopped.") }
    }
}
