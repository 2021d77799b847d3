import Foundation
@testable import SusiHost
import SusiTestKit
import SusiTestSupport
import Testing

/// Characters that show nothing yet reorder, hide or split text: bidi
/// overrides and isolates, zero-width characters, line separators, the
/// byte-order mark, tag characters. Listed here independently of the code
/// under test, which must escape every one on every path to a terminal.
let invisibleScalars: [Unicode.Scalar] = [
    "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{061C}",
    "\u{2060}", "\u{00AD}", "\u{E0041}",
]
let invisibleText = String(String.UnicodeScalarView(invisibleScalars.flatMap { ["x", $0] }))

/// The invisible characters left raw in `text`.
func rawInvisible(_ text: String) -> [String] {
    text.unicodeScalars.filter { invisibleScalars.contains($0) }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// One rule for every path to a terminal: `skills list`, completion
/// descriptions, a plugin's spec in help and first-word Tab, a geocoder's
/// place name.
@Suite("Invisible and direction characters")
struct InvisibleTextTests {
    @Test func aSkillsNameAndDescriptionAreEscapedInListInfoAndCompletion() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Hidden/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("::name n\(invisibleText)\n::description d\(invisibleText)\n::example hidden hello\n\nhidden hello\nhi\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/hidden\u{202E}txt.exe.txt"))
        let susi = try home.harness(["COLUMNS": "300"])
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        for arguments in [["skills", "list", "--group", "Hidden"], ["skills", "info", "hidden\u{202E}txt.exe"],
                          ["__complete", "skills", "info", ""], ["__complete", "skills", "info", "hid"]] {
            let result = susi.run(arguments)
            #expect(rawInvisible(result.stdout).isEmpty, "\(arguments): \(result.stdout.debugDescription)")
            #expect(rawInvisible(result.stderr).isEmpty, "\(arguments): \(result.stderr.debugDescription)")
        }
        #expect(susi.run(["skills", "list", "--group", "Hidden"]).stdout.contains("\\u202e"))
    }

    @Test func aPluginsSpecIsEscapedInHelpAndFirstWordTab() throws {
        let home = try TemporaryHome()
        let abstract = "Says hi\u{202E}.exe\u{2066}\u{2028}error: forged"
        let spec = #"{"serializationVersion": 1, "command": {"name": "hidden", "abstract": "\#(abstract)", "discussion": "More\#(invisibleText)", "options": [{"name": "mode", "valueName": "m", "abstract": "\#(abstract)"}]}}"#
        try home.script("bin/susi-hidden", "[ \"$1\" = --susi-spec ] && { /bin/cat <<'EOF'\n\(spec)\nEOF\nexit 0; }\n")
        let susi = InProcess(home: home.path, extra: ["PATH": home.path + "/bin:/usr/bin:/bin", "COLUMNS": "300"])
        for arguments in [["--help"], ["help", "hidden"], ["__complete", ""], ["__complete", "hidden", "--mode", ""]] {
            let result = susi.run(arguments)
            #expect(rawInvisible(result.stdout).isEmpty, "\(arguments): \(result.stdout.debugDescription)")
            #expect(rawInvisible(result.stderr).isEmpty, "\(arguments): \(result.stderr.debugDescription)")
            #expect(!result.stdout.contains("\nerror: forged"), "\(arguments)")
        }
        #expect(susi.run(["help", "hidden"]).stdout.contains("Says hi\\u202e.exe\\u2066\\u2028error: forged"))
        // A value the shell would insert is refused with the whole spec.
        let values = #"{"serializationVersion": 1, "command": {"name": "values", "options": [{"name": "mode", "valueName": "m", "allowedValues": ["a\#u{202E}b"]}]}}"#
        try home.script("bin/susi-values", "[ \"$1\" = --susi-spec ] && { /bin/cat <<'EOF'\n\(values)\nEOF\nexit 0; }\necho own help\n")
        let refused = susi.run(["help", "values"])
        #expect(refused.stdout == "own help\n")
        #expect(refused.stderr.contains("holds a space, control or invisible character"), "\(refused.stderr)")
    }

    @Test func aGeocodersPlaceNameIsOneEscapedLine() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        fixture.add(.init("Ev\u{202E}il\u{2066}x", "DE", 52.52, 13.40), as: "Evil")
        fixture.add(.init("Forge\r\nerror: forged", "DE", 52.52, 13.40), as: "Forge")
        let home = try TemporaryHome()
        let susi = try home.harness(fixture.environment)
        let evil = susi.run(["chat", "weather in Evil"])
        #expect(evil.status == 0)
        #expect(evil.stdout.hasPrefix("In Ev\\u202eil\\u2066x it is 12 °C"), "\(evil.stdout.debugDescription)")
        let forged = susi.run(["chat", "weather in Forge"])
        #expect(forged.status == 0)
        // A place name that is not one line is not used: the user's own word is, as typed (decision 0461).
        #expect(forged.stdout.hasPrefix("In Forge it is 12 °C"), "\(forged.stdout.debugDescription)")
        #expect(!forged.stdout.contains("error: forged"))
    }
}
