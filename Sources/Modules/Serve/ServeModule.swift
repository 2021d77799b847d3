import SusiCLI
import SusiCore

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
            path, status, milliseconds) with passwords and tokens redacted. Ctrl-C or SIGTERM stops \
            accepting connections, lets requests in flight finish and exits 0.
            """,
            examples: [
                Example("susi serve", "Serve on http://127.0.0.1:4000."),
                Example("susi serve --port 0", "Serve on any free port; the address is printed on stderr."),
                Example("susi --server http://127.0.0.1:4000 chat hello", "Ask the served SUSI from another terminal."),
            ],
            options: [
                .value("host", "address", "The address to listen on.", default: "127.0.0.1"),
                .value("port", "port", "The TCP port; 0 picks a free one.", kind: .integer(min: 0, max: 65535), default: "4000"),
                .value("threads", "n", "Worker threads (default: twice the number of cores).", kind: .integer(min: 1, max: 256)),
            ],
            run: { invocation, context in try Serve.run(invocation, context) })
    }
}
