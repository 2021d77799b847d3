import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-completions`:
/// builds the susi product and writes what its `completion` subcommand
/// prints for each shell into completions/ (the files `make install`
/// installs and a test compares with the in-process rendering).
@main
struct GenerateCompletions: CommandPlugin {
    static let files = [("bash", "susi.bash"), ("zsh", "_susi"), ("fish", "susi.fish")]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let build = try packageManager.build(.product("susi"), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded else {
            throw PluginFailure("Building susi failed:\n" + build.logText)
        }
        guard let susi = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "susi" }) else {
            throw PluginFailure("The build produced no susi executable.")
        }
        let folder = context.package.directoryURL.appendingPathComponent("completions")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (shell, name) in Self.files {
            let script = try run(susi.url, ["completion", shell])
            let file = folder.appendingPathComponent(name)
            try Data(script.utf8).write(to: file, options: .atomic)
            print("wrote completions/\(name)")
        }
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Nothing from this machine's settings or PATH can change a script.
        process.environment = ["PATH": "/usr/bin:/bin", "SUSI_HOME": FileManager.default.temporaryDirectory.path + "/susi-generate-completions",
                               "SUSI_LOOPBACK_ONLY": "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else {
            throw PluginFailure("'susi \(arguments.joined(separator: " "))' exited with status \(process.terminationStatus).")
        }
        return text
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
