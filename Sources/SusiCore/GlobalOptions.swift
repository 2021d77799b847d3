import SusiCLI

/// Options every command accepts, anywhere before `--`.
public struct GlobalOptions: Sendable, Equatable {
    public var server: String?
    public var json: Bool
    public var noInput: Bool
    public var color: ColorChoice?
    public var quiet: Bool
    public var verbose: Bool
    /// `--offline`: the network setting is off for this command.
    public var offline: Bool

    public init(server: String? = nil, json: Bool = false, noInput: Bool = false, color: ColorChoice? = nil,
                quiet: Bool = false, verbose: Bool = false, offline: Bool = false) {
        self.server = server
        self.json = json
        self.noInput = noInput
        self.color = color
        self.quiet = quiet
        self.verbose = verbose
        self.offline = offline
    }

    public init(_ values: ParsedValues) {
        self.init(server: values.isSet("server") && values.source(of: "server") == .commandLine ? values.string("server") : nil,
                  json: values.flag("json"),
                  noInput: values.flag("no-input"),
                  color: values.source(of: "color") == .commandLine ? values.string("color").flatMap(ColorChoice.init) : nil,
                  quiet: values.flag("quiet"),
                  verbose: values.flag("verbose"),
                  offline: values.isSet("offline") && values.flag("offline"))
    }

    /// The option specs; `--server` and `--color` mirror the settings of
    /// the same name, whose environment variables the settings table owns.
    public static let specs: [OptionSpec] = [
        .value("server", "url", "Use this SUSI server for this command ('local' for the embedded SUSI); overrides the server setting and SUSI_SERVER.",
               kind: ConfigKey.server.kind),
        .flag("json", "Print results as JSON."),
        .flag("no-input", "Never prompt; fail with a message naming the flag to pass instead.",
              environment: "SUSI_NO_INPUT"),
        .value("color", "when", "When to use colour; overrides the color setting, SUSI_COLOR and NO_COLOR.", kind: .choice(ColorChoice.allCases.map(\.rawValue))),
        .flag("quiet", short: "q", "Print only results and errors."),
        .flag("verbose", short: "v", "Print details of what susi is doing on stderr."),
        .flag("offline", "Never go online for a skill this command; overrides the network setting."),
    ]
}
