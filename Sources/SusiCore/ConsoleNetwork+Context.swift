import SusiBasics
import SusiCLI
import SusiPorts

extension ConsoleNetwork {
    /// The policy a command runs under: the `network` setting (`--offline`,
    /// `SUSI_NETWORK`), with each fetch logged when `-v` is given.
    public init(_ context: Context) throws {
        let online = try context.setting(.online)
        guard context.globals.verbose else {
            self.init(online: online)
            return
        }
        let stderr = context.stderr
        let style = context.errorStyle
        self.init(online: online) { line in stderr.line(style.dim(UntrustedText.line(line))) }
    }
}
