import Foundation
import Testing
@testable import SusiCLI

@Suite("InputSource.readAll")
struct InputSourceTests {
    @Test func everythingLeftAsTextWithLinesJoined() throws {
        #expect(try InputSource(text: "one\ntwo\n").readAll() == "one\ntwo")
        #expect(try InputSource(text: "").readAll() == "")
    }

    /// With a limit the line breaks count; one byte over is refused, named.
    @Test func aTotalLimitRefusesAFloodByName() throws {
        #expect(try InputSource(text: "abc\nde\n").readAll(limit: 7, what: "The text") == "abc\nde")
        #expect(throws: InputError(.tooLong(limit: 6), "The text")) {
            try InputSource(text: "abc\nde\n").readAll(limit: 6, what: "The text")
        }
        #expect(throws: InputError.self) {
            try InputSource(text: String(repeating: "x", count: 100) + "\n").readAll(limit: 50, what: "The text")
        }
    }

    @Test func badBytesNameTheInputOrTheLine() throws {
        #expect(throws: InputError(.invalidUTF8, "The text")) {
            try InputSource(bytes: [0x61, 0x0A, 0xFF, 0x0A]).readAll(limit: 100, what: "The text")
        }
        #expect(throws: InputError(.nul, "Line 2 of standard input")) {
            try InputSource(bytes: [0x61, 0x0A, 0x00, 0x0A]).readAll()
        }
    }
}
