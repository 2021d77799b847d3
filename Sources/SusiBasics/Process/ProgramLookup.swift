#if canImport(Glibc)
import Glibc
#endif

/// Finds a program the way a shell would run it by name: the first regular,
/// executable file of that name in PATH's absolute folders (a relative
/// folder in PATH is skipped, so the current directory never supplies one).
public enum ProgramLookup {
    public static func find(_ name: String, path: String?) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for folder in (path ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
