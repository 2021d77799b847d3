@_spi(Parsing) import SusiCLI

/// Options every command accepts, anywhere before `--`.
public struct GlobalOptions: Sendable, Equatable {
    public var server: String?
    public var json: Bool
    /// `--json=name,group`: the fields to keep (nil: all of them).
    public var jsonFields: [String]?
    public var noInput: Bool
    public var color: ColorChoice?
    public var quiet: Bool
    public var verbose: Bool
    /// Where the credential file's passphrase is, for any command that needs
    /// the stored token (`CredentialAccess` reads it; never the passphrase itself).
    public var passphraseFile: String?
    /// `--offline`: the network setting is off for this command.
    public var offline: Bool
    /// `--no-pager`: long output is never paged.
    public var noPager: Bool

    public init(server: String? = nil, json: Bool = false, noInput: Bool = false, color: ColorChoice? = nil,
                quiet: Bool = false, verbose: Bool = false, passphraseFile: String? = nil,
                jsonFields: [String]? = nil, noPager: Bool = false, offline: Bool = false) {
        self.server = server
        self.json = json || jsonFields != nil
        self.jsonFields = jsonFields
        self.noPager = noPager
        self.noInput = noInput
        self.color = color
        self.quiet = quiet
        self.verbose = verbose
        self.passphraseFile = passphraseFile
        self.offline = offline
    }

    public init(_ values: ParsedValues) {
        self.init(server: values.isSet("server") && values.source(of: "server") == .commandLine ? values.string("server") : nil,
                  json: values.flag("json"),
                  noInput: values.flag("no-input"),
                  color: values.source(of: "color") == .commandLine ? values.string("color").flatMap(ColorChoice.init) : nil,
                  quiet: values.flag("quiet"),
                  verbose: values.flag("verbose"),
                  passphraseFile: values.string("passphrase-file"),
                  jsonFields: values.string("json").map { $0.split(separator: ",").map(String.init) },
                  noPager: values.flag("no-pager"),
                  offline: values.isSet("offline") && values.flag("offline"))
    }

    /// `--no-input`'s variable (SUSI_NO_INPUT), from its spec.
    public static var noInputVariable: String? { specs.first { $0.name == "no-input" }?.environment }

    /// The option specs; `--server` and `--color` mirror the settings of
    /// the same name, whose environment variables the settings table owns.
    public static let specs: [OptionSpec] = [
        .value("server", "url", "Use this SUSI server for this command ('local' for the embedded SUSI); overrides the server setting and SUSI_SERVER.",
               kind: ConfigKey.server.kind, completion: .values(["local"])),
        .flag("json", "Print results as JSON; --json=a,b keeps only the fields a and b.",
              optionalValue: "fields", validate: { raw in
                  let items = raw.split(separator: ",", omittingEmptySubsequences: false)
                  return items.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
                      ? nil : "expected field names separated by commas, such as name,group"
              }),
        .flag("no-input", "Never prompt; fail with a message naming the flag to pass instead.",
              environment: "SUSI_NO_INPUT"),
        .value("color", "when", "When to use colour; overrides the color setting, SUSI_COLOR and NO_COLOR.", kind: .choice(ColorChoice.allCases.map(\.rawValue))),
        .flag("quiet", short: "q", "Print only results and errors."),
        .flag("verbose", short: "v", "Print details of what susi is doing on stderr."),
        .value("passphrase-file", "file", "Read the credential file's passphrase from the first line of this file (any command that needs the stored login).",
               completion: .file(extensions: [])),
        .flag("no-pager", "Never send long output through the pager (see the pager setting)."),
        .flag("offline", "Never go online for a skill this command; overrides the network setting."),
    ]
}
