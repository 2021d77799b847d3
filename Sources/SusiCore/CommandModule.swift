import SusiCLI

/// A susi command as the host sees it.
public typealias Command = CommandSpec<Context>

/// A command module: one top-level command and its subcommands. The host
/// registers modules in one explicit list; modules never import each other.
public protocol CommandModule: Sendable {
    static var command: Command { get }
}
