import Foundation
import SusiPorts

/// The decrypted plaintext: `{"v":1,"entries":[...]}`.
struct VaultContents: Codable, Equatable {
    static let currentVersion = 1
    var v: Int = VaultContents.currentVersion
    var entries: [VaultEntry] = []

    mutating func upsert(_ entry: VaultEntry) {
        entries.removeAll { $0.server == entry.server && $0.account == entry.account }
        entries.append(entry)
        entries.sort { ($0.server, $0.account) < ($1.server, $1.account) }
    }

    mutating func remove(server: String, account: String) -> Bool {
        let before = entries.count
        entries.removeAll { $0.server == server && $0.account == account }
        return entries.count != before
    }

    /// JSON bytes; the caller wipes them.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(self)
        defer { data.resetBytes(in: 0..<data.count) }
        return [UInt8](data)
    }

    static func decode(_ bytes: [UInt8]) throws -> VaultContents {
        var data = Data(bytes)
        defer { data.resetBytes(in: 0..<data.count) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(VaultContents.self, from: data)
    }
}
