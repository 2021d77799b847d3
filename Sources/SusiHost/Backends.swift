import Foundation
import SusiCLI
import SusiCore
import SusiLocal
import SusiRemote

/// Chooses the backend for the `server` setting.
enum Backends {
    static func open(_ context: Context) throws -> SusiService {
        let server = try context.setting(.server) ?? "local"
        if server == "local" {
            context.debug("backend: embedded SUSI at \(context.paths.databaseFile)")
            return try EmbeddedService(paths: context.paths, environment: context.environment, now: context.now)
        }
        guard let url = URL(string: server) else {
            throw ConfigError("The server setting '\(server)' is not a URL.")
        }
        context.debug("backend: SUSI server at \(server)")
        return RemoteService(baseURL: url, environment: context.environment)
    }
}
