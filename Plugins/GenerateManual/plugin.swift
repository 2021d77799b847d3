import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-manual`:
/// builds the susi product and has it write the committed man pages into
/// `man/` (`susi __generate-manual man`), from the same command tree `susi
/// help` prints. Offline: it builds and runs only this package.
@main
struct GenerateManual: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let result = try packageManager.build(.product("susi"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded else {
            Diagnostics.error("Building susi failed:\n" + result.logText)
            throw GenerateError("could not build susi")
        }
        guard let susi = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "susi" }) else {
            throw GenerateError("the build produced no susi executable")
        }
        let output = context.package.directoryURL.appendingPathComponent("man").path
        let process = Process()
        process.executableURL = susi.url
        process.arguments = ["__generate-manual", output]
        // No user's settings or PATH plugins can change what is written.
        process.environment = ["PATH": "/usr/bin:/bin", "SUSI_HOME": context.pluginWorkDirectoryURL.path, "COLUMNS": "80"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw GenerateError("susi __generate-manual exited with status \(process.terminationStatus)")
        }
    }
}

struct GenerateError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
