import SusiBasics
import SusiCLI
import SusiPorts

extension ConsoleNetwork {
    /// The policy a command runs under: the `network` setting (`--offline`,
    /// `SUSI_NETWORK`), with each fetch logged when `-v` is given.
    public init(_ context: Context) throws {
        let online = try context.setting(.online)
        if context.globals.verbose {
            let stderr = context.stderr
            let style = context.errorStyle
            self.init(online: online) { line in stderr.line(style.dim(UntrustedText.line(line))) }
        } else {
            self.init(online: online)
        }
        if !online { offlineCause = try Self.cause(context) }
    }

    /// What turned the network off: the flag, a variable, or the setting.
    static func cause(_ context: Context) throws -> String {
        switch try context.settings().resolve(.network).source {
        case .commandLine: return "--offline was given"
        case .environment(let variable): return "\(variable) is off"
        default: return settingCause
        }
    }
}
