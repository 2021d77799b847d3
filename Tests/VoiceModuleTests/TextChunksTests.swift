import Testing
import VoiceModule

/// Moved from SusiSpeechTests/WAVFileTests.swift with TextChunks (Voice module).
@Suite("Text pieces for speech")
struct TextChunksTests {
    @Test func longTextIsCutIntoBoundedPiecesThatAddUpToIt() {
        let sentence = "Grüße aus Köln, sagte sie. Und dann? Nichts mehr! "
        let text = String(repeating: sentence, count: 500) + String(repeating: "ä", count: 5000)
        let pieces = TextChunks.split(text, limit: 1000)
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0.utf8.count <= 1000 })
        #expect(pieces.joined() == text)
        // Cut after sentences where there are any.
        #expect(pieces.first?.hasSuffix(". ") == true || pieces.first?.hasSuffix("? ") == true || pieces.first?.hasSuffix("! ") == true)
    }
}
