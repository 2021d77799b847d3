import Foundation
import SusiBasics
@_spi(Parsing) import SusiCLI
import SusiPorts

/// Everything a command may touch: streams, environment, files, clock,
/// settings and prompting. Nothing a command needs is global, so tests
/// build a Context with captured streams and a temporary SUSI_HOME.
public final class Context {
    public let io: IOStreams
    public let environment: [String: String]
    public let paths: Paths
    public let invocation: Invocation
    public let globals: GlobalOptions
    public let now: () -> Date
    private let promptOverride: Prompter?
    /// The scope this command line runs in: one command, or a whole shell session.
    public let services: Services

    private var cachedConfig: ConfigFile?

    public init(
        io: IOStreams,
        environment: [String: String],
        invocation: Invocation = Invocation(path: ["susi"], values: ParsedValues(), globals: ParsedValues()),
        now: @escaping () -> Date = Date.init,
        prompter: Prompter? = nil,
        services: Services = Services()
    ) {
        self.io = io
        self.environment = environment
        self.paths = Paths(environment: environment)
        self.invocation = invocation
        self.globals = GlobalOptions(invocation.globals)
        self.now = now
        self.promptOverride = prompter
        self.services = services
    }

    /// A speech output for the voice settings, or nil where none is wired.
    public func speechOutput() throws -> SpeechOutput? {
        try services.makers.speech(self)
    }

    // MARK: - Backend

    /// The configured SUSI backend (the `server` setting), opened once per scope.
    public func service() throws -> SusiService {
        try services.backend(self)
    }

    /// The server the backend talks to: the `server` setting.
    public func server() throws -> ServerChoice {
        try setting(.server)
    }

    /// The server's name ("local" or the URL): what credentials, sessions
    /// and caches are keyed by.
    public func serverName() throws -> String {
        try server().name
    }

    /// Where past chats are kept (the local database, whichever backend answered).
    public func chatHistory() throws -> ChatHistoryStore {
        try services.history(self)
    }

    /// Importing and removing skills, which only a backend with its own skill
    /// index offers; for any other backend, an error that says so.
    public func skillAdministration() throws -> SkillAdministration {
        let service = try service()
        guard let administration = try services.makers.skillAdministration(self, service) else {
            throw CommandError(.unavailable, "Skills can only be imported into and removed from the embedded SUSI; \(service.location) keeps its own skills.",
                               hint: "Use 'susi --server local skills ...'.")
        }
        return administration
    }

    /// Makes a fresh embedded backend per call, for `susi serve`'s workers;
    /// their consoles are fetched through `consoleFetch` when given, and what
    /// people write is kept in `store` (nil: the embedded database).
    public func workerServices(consoleFetch: ConsoleFetch? = nil, store: ServiceStore? = nil) throws -> ServiceFactory {
        try services.makers.workerServices(self, consoleFetch, store)
    }

    /// The store at `address` (a postgresql:// URL), its pool bounded to `connections`.
    public func serviceStore(_ address: String, connections: Int) throws -> ServiceStore {
        try services.makers.store(self, address, connections)
    }

    // MARK: - Credentials

    /// The active login's token and where it came from: `SUSI_TOKEN` first,
    /// then the vault entry for the session's (server, account) when the
    /// session is for the configured server. Nil means anonymous. Resolved
    /// once per server and scope (unlocking the vault may ask for the passphrase).
    public func credentials() throws -> Credentials? {
        try services.credentials(self)
    }

    /// The token to send, or nil for anonymous use.
    public func token() throws -> String? {
        try credentials()?.token
    }

    /// Forgets the resolved credentials after a login, logout or switch.
    public func credentialsDidChange() {
        services.credentialsDidChange()
    }

    public var stdout: OutputSink { io.stdout }
    public var stderr: OutputSink { io.stderr }
    public var stdin: InputSource { io.stdin }

    // MARK: - Settings

    /// The config file, read once; an unreadable file is an error (exit 78).
    public func config() throws -> ConfigFile {
        if let cachedConfig { return cachedConfig }
        let file = try ConfigFile.load(path: paths.configFile)
        cachedConfig = file
        return file
    }

    /// Replaces the cached config after a command saved a new one.
    public func configDidChange(_ file: ConfigFile) {
        cachedConfig = file
    }

    public func settings() throws -> Settings {
        var overrides: [String: (value: String, flag: String)] = [:]
        if let server = globals.server { overrides[ConfigKey.server.name] = (server, "--server") }
        if let color = globals.color { overrides[ConfigKey.color.name] = (color.rawValue, "--color") }
        if globals.offline { overrides[ConfigKey.network.name] = (NetworkAccess.off.rawValue, "--offline") }
        return Settings(file: try config(), environment: environment, overrides: overrides)
    }

    /// A setting's effective value, as what it means (see `SettingKey`).
    public func setting<Value>(_ key: SettingKey<Value>) throws -> Value {
        try settings().value(key)
    }

    // MARK: - Terminal

    public private(set) lazy var width: Int = TerminalInfo.width(environment: environment, stdout: io.stdout)

    private var configuredColor: ColorChoice? {
        guard globals.color == nil else { return nil }
        // The effective setting: SUSI_COLOR beats the config file.
        return (try? settings().value(.color)).flatMap { $0.flatMap(ColorChoice.init) }
    }

    /// Styling for stdout: off when piped, with NO_COLOR, TERM=dumb or --json.
    public private(set) lazy var style = Style(enabled: !globals.json && TerminalInfo.colorEnabled(
        flag: globals.color, configured: configuredColor, environment: environment, isTTY: io.stdout.isTTY))

    /// Styling for stderr, decided by stderr's own terminal-ness.
    public private(set) lazy var errorStyle = Style(enabled: TerminalInfo.colorEnabled(
        flag: globals.color, configured: configuredColor, environment: environment, isTTY: io.stderr.isTTY))

    // MARK: - Prompting

    /// Prompts need a person: stdin and stdout on a terminal, no --no-input,
    /// no SUSI_NO_INPUT, and a terminal that is not dumb.
    public var canPrompt: Bool {
        io.stdin.isTTY && io.stdout.isTTY && !globals.noInput && environment["TERM"] != "dumb"
    }

    /// Why nobody can be asked, when `canPrompt` is false: the user turned
    /// prompting off (`--no-input`, `SUSI_NO_INPUT`), `TERM=dumb`, or no terminal.
    public var noPromptReason: String {
        if globals.noInput {
            if case let .environment(variable)? = invocation.globals.source(of: "no-input") {
                return "prompting is disabled by \(variable)"
            }
            return "prompting is disabled by --no-input"
        }
        if environment["TERM"] == "dumb" { return "TERM is 'dumb', so susi does not prompt" }
        return "there is no terminal to ask on"
    }

    /// The usage error for a question nobody can be asked: what is needed,
    /// why susi cannot ask, and the flag that answers it.
    public func cannotAsk(_ what: String, orPass flag: String) -> UsageError {
        if globals.noInput {
            return UsageError("\(what) is needed, and \(noPromptReason): pass \(flag).")
        }
        return UsageError("\(what) is needed: pass \(flag) when not running interactively.")
    }

    /// The prompter, or a usage error naming the flag that answers the
    /// question when nobody can be asked.
    public func prompter(orPass flag: String, for what: String) throws -> Prompter {
        guard canPrompt else { throw cannotAsk(what, orPass: flag) }
        return promptOverride ?? TerminalPrompter(io: io, style: errorStyle)
    }

    /// Asks for a secret with echo off (stderr prompt, stdin answer), or a
    /// usage error naming the flag that supplies it when nobody can be asked.
    /// The answer is at most `InputSource.secretLimit` bytes of valid UTF-8
    /// without NUL (65 otherwise, the secret never shown).
    public func secret(_ question: String, orPass flag: String, for what: String) throws -> [UInt8] {
        guard canPrompt else { throw cannotAsk(what, orPass: flag) }
        var bytes = try SecretInput.read(errorStyle.bold("? ") + question + " ", io: io, what: what)
        do {
            _ = try SecretInput.text(bytes, what: what)
        } catch {
            SecretInput.wipe(&bytes)
            throw error
        }
        return bytes
    }

    // MARK: - Output

    /// Prints `value` as JSON on stdout, with only the fields `--json=a,b` names.
    public func printJSON<T: Encodable>(_ value: T) throws {
        io.stdout.write(try JSONOutput.encode(selected(value)))
    }

    /// One compact JSON line (chat's JSON Lines), with the same field selection.
    public func printJSONLine<T: Encodable>(_ value: T) throws {
        io.stdout.write(try JSONOutput.encode(selected(value), pretty: false))
    }

    private func selected<T: Encodable>(_ value: T) throws -> AnyEncodable {
        guard let fields = globals.jsonFields else { return AnyEncodable(value) }
        return AnyEncodable(try JSONFields.select(fields, from: JSONOutput.makeEncoder().encode(value)))
    }

    /// Runs `body`, whose output may be long, with stdout going through the
    /// pager on a terminal (SUSI_PAGER, the pager setting, PAGER, less -FRX);
    /// never for --json, --no-pager or when stdout is not a terminal.
    public func paged<T>(_ body: () throws -> T) throws -> T {
        let chosen = (try? settings().file.value(for: .pager)) ?? nil
        guard let command = Pager.command(environment: environment, setting: chosen,
                                          disabled: globals.noPager || globals.json, isTTY: io.stdout.isTTY) else {
            return try body()
        }
        // The terminal's width, read now: inside, stdout is the pipe to the pager.
        _ = width
        return try Pager.run(command, environment: environment, stdout: io.stdout,
                             couldNotStart: { warn($0) }, body: body)
    }

    /// Prints a table: aligned with headers on a terminal, tab-separated when piped.
    public func printTable(_ table: Table) {
        io.stdout.write(table.render(forTerminal: io.stdout.isTTY, width: width, style: style))
    }

    /// A progress or status note on stderr, silenced by --quiet.
    public func note(_ text: String) {
        guard !globals.quiet else { return }
        io.stderr.line(FullStops.collapsed(URLText.withoutUserinfo(text)))
    }

    public func warn(_ text: String) {
        io.stderr.line(errorStyle.yellow("warning:") + " " + FullStops.collapsed(URLText.withoutUserinfo(text)))
    }

    /// `debug` for the layers below that take a line logger (HTTP's proxy
    /// line): nil without --verbose.
    public var debugLog: (@Sendable (String) -> Void)? {
        guard globals.verbose else { return nil }
        let stderr = io.stderr, style = errorStyle
        return { stderr.line(style.dim(UntrustedText.line(URLText.withoutUserinfo($0)))) }
    }

    /// Detail for --verbose.
    public func debug(_ text: String) {
        guard globals.verbose else { return }
        io.stderr.line(errorStyle.dim(URLText.withoutUserinfo(text)))
    }
}

/// An Encodable of any type, so printJSON can print the value or its selection.
struct AnyEncodable: Encodable {
    private let encodeValue: (Encoder) throws -> Void
    init<T: Encodable>(_ value: T) { encodeValue = value.encode }
    func encode(to encoder: Encoder) throws { try encodeValue(encoder) }
}
