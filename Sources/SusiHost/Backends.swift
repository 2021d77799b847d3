import Foundation
import SusiCLI
import SusiCore
import SusiLocal

/// Chooses the backend for the `server` setting.
enum Backends {
    static func open(_ context: Context) throws -> SusiService {
        let server = try context.setting(.server) ?? "local"
        if server == "local" {
            context.debug("backend: embedded SUSI at \(context.paths.databaseFile)")
            return try EmbeddedService(paths: context.paths, environment: context.environment, now: context.now)
        }
        throw ServiceError(.unavailable, "This susi cannot talk to a remote SUSI server (\(server)) yet; only the embedded SUSI is available.",
                           hint: "Use 'susi config unset server' (or --server local) to use the embedded SUSI.")
    }
}
