import SusiCLI
import SusiCore
import SusiPorts

/// `susi serve`: the embedded SUSI over HTTP, with the SUSI server's API.
public enum ServeModule: CommandModule {
    public static var command: Command {
        Command(
            name: "serve",
            abstract: "Serve the embedded SUSI over HTTP with the SUSI server's API.",
            discussion: """
            Answers the SUSI server's API (/susi/chat.json, /aaa/..., /cms/...) from the embedded SUSI's \
            database, so the SUSI apps, another susi (--server http://HOST:PORT) or any HTTP client can use it. \
            Listens on 127.0.0.1 unless --host says otherwise; a non-loopback address lets other machines in \
            and prints a warning. --port 0 picks a free port. Each request is logged on stderr (method, \
            path, status, milliseconds) with passwords and tokens redacted and control characters \
            escaped; when stderr is not read fast enough, lines are dropped (and counted), never waited \
            for. Ctrl-C or SIGTERM stops accepting connections, lets requests in flight finish and exits 0.

            Limits against hostile clients: a whole request must arrive within --request-timeout \
            seconds (else 408, however slowly it trickles in); at most --max-connections are open, at \
            most --connections-per-address from one client address, and near the limit only addresses \
            without a connection get in. Numeric parameters outside their range get a 400 (or the \
            reference's 422). The console fetches of one request (skills with a !console URL) share \
            --console-budget seconds and at most half the worker threads; past either, the skill \
            answers without the console's data. Anonymous callers each have their own conversation \
            memory (a susi_anon cookie, else address plus User-Agent; never the local user's), kept \
            7 days and for at most 10000 callers; anonymous thumbs and ratings are limited to 30 a \
            minute per address (429 past it).

            A browser gets a chat page at / (chat, skills, stars, feedback, login and sign-up), built \
            into susi: it loads nothing from other sites, and its links are relative, so it also works \
            behind a proxy on a path prefix. --no-web serves only the API.

            GET /healthz answers 200 while the server reaches its store and has its skills, else 503, \
            for a load balancer's checks. --store postgresql://USER@HOST/DB (or serve.store, SUSI_SERVE_STORE) \
            keeps accounts, tokens, ratings, feedback, settings, devices and conversation memory in \
            PostgreSQL, so several servers behind a load balancer share them; each keeps its own skill \
            index. The password is never taken from the URL: libpq reads ~/.pgpass, PGPASSFILE or \
            PGPASSWORD. The first server to start creates or upgrades the tables; one finding a newer \
            schema than it knows refuses to start. When the store cannot be reached, calls that write \
            answer 503 with Retry-After.
            """,
            examples: [
                Example("susi serve", "Serve on http://127.0.0.1:4000."),
                Example("susi serve --port 0", "Serve on any free port; the address is printed on stderr."),
                Example("susi serve --host 0.0.0.0", "Serve the chat page and the API to the local network."),
                Example("susi --server http://127.0.0.1:4000 chat hello", "Ask the served SUSI from another terminal."),
            ],
            options: [ServeKeys.host.spec, ServeKeys.port.spec, ServeKeys.threads.spec, ServeKeys.consoleBudget.spec,
                      ServeKeys.requestTimeout.spec, ServeKeys.maxConnections.spec, ServeKeys.connectionsPerAddress.spec,
                      ServeKeys.noWeb.spec, ServeKeys.store.spec],
            run: { invocation, context in try Serve.run(invocation, context) })
    }
}

/// `susi serve`'s options, declared once; the defaults are the server's own.
enum ServeKeys {
    static let host = OptionKey.string("host", "address", "The address to listen on.", default: "127.0.0.1")
    static let port = OptionKey.integer("port", "port", "The TCP port; 0 picks a free one.", in: 0...65535, default: 4000)
    static let threads = OptionKey.integer("threads", "n", "Threads that serve connections and answer chats, and as many workers for slow requests (default: twice the number of cores).", in: 1...256)
    static let consoleBudget = OptionKey.number("console-budget", "seconds", "Time all console fetches of one request may take together.",
                                                in: 0...60, default: ServeSettings.defaultConsoleBudgetSeconds)
    static let requestTimeout = OptionKey.integer("request-timeout", "seconds", "Time a client has to send a whole request.",
                                                  in: 1...3600, default: ServeSettings.defaultRequestTimeoutSeconds)
    static let maxConnections = OptionKey.integer("max-connections", "n", "Connections open at once.",
                                                  in: 8...16384, default: ServeSettings.defaultMaxConnections)
    static let connectionsPerAddress = OptionKey.integer("connections-per-address", "n", "Connections open at once from one client address.",
                                                         in: 1...16384, default: ServeSettings.defaultMaxConnectionsPerAddress)
    static let noWeb = OptionKey.flag("no-web", "Serve only the API: no chat page at /.")
    static let store = OptionKey.string("store", "url", "Where accounts, ratings and memory are kept: 'local' or a postgresql:// URL without a password (overrides serve.store).")
}
