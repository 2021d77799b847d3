import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The skills that ship with susi, as package resources in the
/// `models/<model>/<group>/<language>/<skill>.txt` layout.
///
/// SwiftPM's generated `Bundle.module` aborts the process when the bundle
/// is missing (for instance after `make install` copied only the binary),
/// so the folder is located here instead, with a clear error.
public enum BundledSkills {
    /// Name of the resource bundle SwiftPM writes next to the executable.
    public static let bundleName = "susi_SusiSkills.resources"

    /// Candidate folders, first match wins: the bundle beside the executable
    /// (a build tree), and `../share/susi` relative to the executable (an
    /// installed copy). `SUSI_BUNDLED_SKILLS`, when set, is the only place:
    /// a folder named on purpose that is missing must not be replaced silently.
    public static func candidates(environment: [String: String], executable: String) -> [String] {
        var result: [String] = []
        if let override = environment["SUSI_BUNDLED_SKILLS"], !override.isEmpty {
            return [override]
        }
        let directory = (executable as NSString).deletingLastPathComponent
        result.append(directory + "/" + bundleName + "/models")
        result.append((directory as NSString).deletingLastPathComponent + "/share/susi/models")
        return result
    }

    /// The `models` folder of the bundled skills, or nil when none is found.
    public static func modelsDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = BundledSkills.executablePath
    ) -> String? {
        // stat(2), not FileManager: making FileManager.default (its first use
        // in a one-shot chat) was a seventh of the bundled-skills check.
        for candidate in candidates(environment: environment, executable: executable) {
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                return candidate
            }
        }
        return nil
    }

    /// The running executable, as the kernel names it (`/proc/self/exe`),
    /// else argv[0]. Not `Bundle.main`: making it lists the executable's
    /// folder (every file in /usr/local/bin or a build tree), which was a
    /// large part of a one-shot `susi chat`.
    public static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return CommandLine.arguments.first ?? ""
    }
}
