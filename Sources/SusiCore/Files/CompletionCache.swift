import Foundation
import SusiBasics

/// Values a completion provider may offer for a SUSI server without asking
/// it: completion never touches the network, so for a server the names come
/// from the last listing a command saved here (`$XDG_CACHE_HOME/susi/completion/`),
/// one value per line. Safe to delete; a missing or unreadable file offers nothing.
public enum CompletionCache {
    /// What is cached, one file per kind and server. Typed, so that a kind a
    /// provider reads is one a command can write (two string kinds were read
    /// and never written).
    public enum Kind: String, CaseIterable, Sendable {
        /// Skill names, written by a whole `skills list`.
        case skills
        /// The catalogue's groups, written whenever a command fetches them.
        case skillGroups = "skill-groups"
        /// The catalogue's languages, likewise.
        case languages
    }

    /// At most this many values are kept or read for one kind.
    public static let limit = 5000

    public static func file(_ kind: Kind, server: String, paths: Paths) -> String {
        let key = String(server.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" })
        return paths.cacheDirectory + "/completion/" + kind.rawValue + "-" + key
    }

    public static func load(_ kind: Kind, server: String, paths: Paths) -> [String] {
        guard let bytes = try? AtomicFile.read(file(kind, server: server, paths: paths)) ?? nil,
              let text = String(validating: bytes, as: UTF8.self) else { return [] }
        return Array(text.split(separator: "\n").map(String.init).prefix(limit))
    }

    /// Replaces the cached values; a failure is ignored (it is only a cache).
    public static func store(_ kind: Kind, _ values: [String], server: String, paths: Paths) {
        let lines = values.filter { !$0.isEmpty && !$0.contains("\n") }.prefix(limit)
        try? AtomicFile.createDirectory(paths.cacheDirectory)
        try? AtomicFile.createDirectory(paths.cacheDirectory + "/completion")
        try? AtomicFile.write(Array(lines.joined(separator: "\n").utf8), to: file(kind, server: server, paths: paths))
    }
}
