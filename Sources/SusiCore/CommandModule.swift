import SusiBasics
import SusiCLI

/// A susi command as the host sees it.
public typealias Command = CommandSpec<Context>

/// A command module: one top-level command and its subcommands, and what
/// only it reads: its settings, environment variables and files. The host
/// registers modules in one explicit list and assembles their declarations
/// (`config`, `help environment`, `help files`); modules never import each
/// other. Completion providers hang on the arguments and options they
/// complete (`CompletionKind.dynamic`), so they need no declaration here.
public protocol CommandModule: Sendable {
    static var command: Command { get }
    /// Other places the same command answers at, each the path of the
    /// command to put it under (e.g. `["skills"]` makes `susi rate` also
    /// `susi skills rate`): one spec and one run, grafted by the host.
    static var alsoUnder: [[String]] { get }
    /// The settings only this module reads (those several modules read are
    /// `ConfigKey.shared`).
    static var settings: [ConfigKey] { get }
    /// Environment variables only this module reads, for `help environment`.
    static var environment: [ReferenceEntry] { get }
    /// Files only this module writes, where they resolve with `paths`, for `help files`.
    static func files(_ paths: Paths) -> [ReferenceEntry]
}

extension CommandModule {
    public static var alsoUnder: [[String]] { [] }
    public static var settings: [ConfigKey] { [] }
    public static var environment: [ReferenceEntry] { [] }
    public static func files(_ paths: Paths) -> [ReferenceEntry] { [] }
}
