import Testing
@testable import SusiEngine

@Suite("Answer text operations")
struct TemplateTextTests {
    static func invisible(_ text: String) -> (String, [String]) {
        var stored: [String] = []
        let out = TemplateText.takeInvisibleAssignments(text) { stored.append("\($0)=\($1)") }
        return (out, stored)
    }

    static func visible(_ text: String) -> (String, [String]) {
        var stored: [String] = []
        let out = TemplateText.takeVisibleAssignments(text) { stored.append("\($0)=\($1)") }
        return (out, stored)
    }

    /// Text without the marker bytes comes back as it was, whatever else it holds.
    @Test func textWithoutMarkersIsUnchanged() {
        for text in ["", "Hello! How can I help you today?", "e\u{301}\u{301} 日本 🙂👍🏽", "≯ a\u{338}", "$1,000 and 5 < 6",
                     "\r\n\t\u{0}", String(repeating: "long text ", count: 200)] {
            #expect(Self.invisible(text) == (text, []))
            #expect(Self.visible(text) == (text, []))
            #expect(TemplateText.reflections(in: text).isEmpty)
            #expect(TemplateText.substitute(text) { _ in nil } == text)
        }
    }

    /// With the markers the constructs are still found, next to any other text.
    @Test func markersAreStillFound() {
        #expect(Self.invisible("Hi 🙂^ada^>_name!") == ("Hi 🙂!", ["_name=ada"]))
        #expect(Self.invisible("a ^ b") == ("a ^ b", []))
        #expect(Self.visible("call me ✓ada>_name now") == ("call me ✓ada now", ["_name=✓ada"]))
        #expect(Self.visible("<a href=\"x\">SUSI</a>") == ("<a href=\"x\">SUSI</a>", []))
        // A combining mark makes `>` part of another character: not an assignment.
        #expect(Self.visible("word>\u{301}_x") == ("word>\u{301}_x", []))
        let text = "say `hello` and `bye` é"
        #expect(TemplateText.reflections(in: text).map { String(text[$0]) } == ["`hello`", "`bye`"])
        #expect(TemplateText.substitute("Hello $1$ 🙂") { $0 == "1" ? "ada" : nil } == "Hello ada 🙂")
        #expect(TemplateText.substitute("Hello $2$") { $0 == "1" ? "ada" : nil } == nil)
    }
}
