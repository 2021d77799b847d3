import Foundation
import SusiCLI

/// Long text in pieces of bounded size, cut after a sentence end or at
/// least between words, so 1 MB is synthesized with a few kilobytes in hand.
public struct TextChunks {
    public static let targetBytes = 4096
    private var pending: [UInt8] = []
    private let limit: Int

    public init(limit: Int = TextChunks.targetBytes) {
        self.limit = limit
    }

    /// Adds bytes; returns the complete pieces now available. Text that is
    /// not UTF-8 or holds a NUL is refused (exit 65), never altered.
    public mutating func add(_ bytes: some Sequence<UInt8>, what: String = "Standard input") throws(InputError) -> [String] {
        pending.append(contentsOf: bytes)
        var pieces: [String] = []
        while pending.count >= limit {
            let cut = Self.cutPoint(in: pending, limit: limit)
            pieces.append(try InputSource.text(Array(pending[..<cut]), what: what))
            pending.removeFirst(cut)
        }
        return pieces
    }

    /// What is left at the end of the text.
    public mutating func finish(what: String = "Standard input") throws(InputError) -> String? {
        defer { pending.removeAll() }
        let text = try InputSource.text(pending, what: what)
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
        // A String is valid UTF-8 and is cut only between characters.
        var pieces = (try? chunks.add(text.utf8, what: "The text")) ?? []
        if let rest = try? chunks.finish(what: "The text") { pieces.append(rest) }
        return pieces
    }
}
