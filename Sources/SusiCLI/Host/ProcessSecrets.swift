#if canImport(Glibc)
import Glibc
#endif

/// Secrets in susi's own process, out of reach of the programs it starts
/// (plugins, editors, players) and of other programs of the same user:
///
/// - `hold()` marks the process non-dumpable (`PR_SET_DUMPABLE` 0) before a
///   secret enters it, so `/proc/PID/environ`, `/proc/PID/mem` and ptrace are
///   closed to other processes of the same user (root still reaches them);
///   the mark lasts until the process ends, since a secret may stay in freed
///   memory. A program it starts is dumpable again after exec, and holds no
///   secret of susi's.
/// - `scrub(_:)` overwrites the values of the secret variables in place (the
///   bytes `/proc/PID/environ` reads: unsetting alone leaves them there) and
///   unsets them, once susi has read its environment into its own copy.
public enum ProcessSecrets {
    /// The variables that carry a secret (never passed to a child either).
    public static let variables = ["SUSI_TOKEN", "SUSI_PASSPHRASE"]

    private static let setDumpable: Int32 = 4
    private static let getDumpable: Int32 = 3

    /// prctl is variadic, which Swift cannot call directly: called through
    /// its address with the five integer words the kernel takes.
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private static func prctl(_ option: Int32, _ value: UInt = 0) -> Int32 {
        guard let symbol = dlsym(nil, "prctl") else { return -1 }
        return unsafeBitCast(symbol, to: Prctl.self)(option, value, 0, 0, 0)
    }

    /// Marks this process as holding a secret (see above). Cheap; call it
    /// before every place a secret is read.
    public static func hold() {
        _ = prctl(setDumpable, 0)
    }

    /// False once `hold()` has run.
    public static var isDumpable: Bool { prctl(getDumpable) == 1 }

    /// Reads nothing: the caller has its copy of the environment. Each of
    /// `names` that is set has its value's bytes zeroed where they are and is
    /// unset; the process is marked as holding a secret first when any was set.
    public static func scrub(_ names: [String] = variables) {
        let present = names.filter { getenv($0) != nil }
        guard !present.isEmpty else { return }
        hold()
        for name in present {
            let prefix = Array((name + "=").utf8)
            var index = 0
            while let entry = environ[index] {
                defer { index += 1 }
                let length = strlen(entry)
                guard length >= prefix.count else { continue }
                let matches = prefix.indices.allSatisfy { UInt8(bitPattern: entry[$0]) == prefix[$0] }
                if matches { memset(entry + prefix.count, 0, length - prefix.count) }
            }
            unsetenv(name)
        }
    }
}
