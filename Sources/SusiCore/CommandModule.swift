import SusiCLI

/// A susi command as the host sees it.
public typealias Command = CommandSpec<Context>

/// A command module: one top-level command and its subcommands. The host
/// registers modules in one explicit list; modules never import each other.
public protocol CommandModule: Sendable {
    static var command: Command { get }
    /// Other places the same command answers at, each the path of the
    /// command to put it under (e.g. `["skills"]` makes `susi rate` also
    /// `susi skills rate`): one spec and one run, grafted by the host.
    static var alsoUnder: [[String]] { get }
}

extension CommandModule {
    public static var alsoUnder: [[String]] { [] }
}
