import Foundation

/// Long text in pieces of bounded size, cut after a sentence end or at
/// least between words, so 1 MB is synthesized with a few kilobytes in hand.
public struct TextChunks {
    public static let targetBytes = 4096
    private var pending: [UInt8] = []
    private let limit: Int

    public init(limit: Int = TextChunks.targetBytes) {
        self.limit = limit
    }

    /// Adds bytes; returns the complete pieces now available.
    public mutating func add(_ bytes: some Sequence<UInt8>) -> [String] {
        pending.append(contentsOf: bytes)
        var pieces: [String] = []
        while pending.count >= limit {
            let cut = Self.cutPoint(in: pending, limit: limit)
            pieces.append(String(decoding: pending[..<cut], as: UTF8.self))
            pending.removeFirst(cut)
        }
        return pieces
    }

    /// What is left at the end of the text.
    public mutating func finish() -> String? {
        defer { pending.removeAll() }
        let text = String(decoding: pending, as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// After the last sentence end before `limit`, else the last space, else
    /// the last UTF-8 character boundary.
    static func cutPoint(in bytes: [UInt8], limit: Int) -> Int {
        let end = min(limit, bytes.count)
        var space: Int?
        for index in stride(from: end - 1, to: 0, by: -1) {
            let byte = bytes[index]
            if (byte == 0x2E || byte == 0x21 || byte == 0x3F || byte == 0x0A), index + 1 < bytes.count,
               bytes[index + 1] == 0x20 || bytes[index + 1] == 0x0A, index + 2 <= end {
                return index + 2
            }
            if space == nil, byte == 0x20 || byte == 0x0A { space = index + 1 }
        }
        if let space { return space }
        var cut = end
        while cut > 1, cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    /// A whole text in pieces.
    public static func split(_ text: String, limit: Int = TextChunks.targetBytes) -> [String] {
        var chunks = TextChunks(limit: limit)
        var pieces = chunks.add(text.utf8)
        if let rest = chunks.finish() { pieces.append(rest) }
        return pieces
    }
}
