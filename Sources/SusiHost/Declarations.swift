import SusiBasics
import SusiCore

/// What the modules declare beside their commands, assembled with the
/// shared tables: settings (installed once as the settings table),
/// environment variables and files. A module's entry goes after the one it
/// names, so the listings keep their order as modules come and go.
extension SusiApp {
    /// Installs the settings table before anything reads it; every way into
    /// the host (the command tree, a program, a scope) passes here first.
    static let declared: Void = SettingsTable.install(modules: Registry.modules.flatMap { $0.settings })

    /// Every setting, shared and the modules', in `config list` order.
    public static var settings: [ConfigKey] {
        declared
        return ConfigKey.all
    }

    /// The variables `help environment` lists after the settings' and the
    /// options': the shared ones and each module's.
    public static var environment: [ReferenceEntry] {
        let shared = Reference.environment.map { ReferenceEntry($0.name, $0.description) }
        return Listing.assemble(shared, Registry.modules.flatMap { $0.environment }, name: \.name, after: \.after)
    }

    /// Every file susi writes, where it resolves with `paths`, and what it
    /// holds: the shared ones and each module's. `runtimeDirectory` is
    /// XDG_RUNTIME_DIR, where the unlock agent's socket is.
    public static func files(_ paths: Paths, runtimeDirectory: String? = nil) -> [(path: String, description: String)] {
        let shared = Reference.files(paths, runtimeDirectory: runtimeDirectory).map { ReferenceEntry($0.path, $0.description) }
        return Listing.assemble(shared, Registry.modules.flatMap { $0.files(paths) }, name: \.name, after: \.after)
            .map { ($0.name, $0.description) }
    }
}
