import Foundation
import SusiCLI
import SusiTestKit
import Testing
@testable import SusiHost

/// `skills list` on a terminal narrower than its table: the title is cut
/// (with an ellipsis), the name a user must type never is.
@Suite("skills list on a narrow terminal")
struct ListSkillsNarrowTerminalTests {
    static let longName = "a_really_long_skill_name_for_a_narrow_terminal"

    func home() throws -> (TemporaryHome, InProcess) {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("::name The weather in any city of the world, today and tomorrow\nrain here\nWet.\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/weather_in_any_city.txt"))
        try Data("::name Long\nlong hello\nLong.\n".utf8).write(to: URL(fileURLWithPath: dir + "/\(Self.longName).txt"))
        // Most names are short: the long one wraps rather than widening the column for every row.
        for name in ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"] {
            try Data("::name \(name.capitalized)\n\(name) hello\nHi.\n".utf8).write(to: URL(fileURLWithPath: dir + "/\(name).txt"))
        }
        let susi = try home.harness()
        #expect(susi.run(["skills", "import", home.path + "/tree"]).status == 0)
        return (home, susi)
    }

    func terminal(_ susi: InProcess, columns: Int) -> InProcess {
        var susi = susi
        susi.environment["COLUMNS"] = String(columns)
        susi.environment["NO_COLOR"] = "1"
        susi.stdoutTTY = true
        return susi
    }

    @Test func theTitleIsCutAndEveryNameIsWhole() throws {
        let (home, plain) = try home()
        defer { withExtendedLifetime(home) {} }
        let names = plain.run(["skills", "list", "--group", "Fun"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(names.count == 10)
        let susi = terminal(plain, columns: 50)
        let result = susi.run(["skills", "list", "--group", "Fun"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("NAME") == true)
        let row = try #require(lines.first { $0.hasPrefix("weather_in_any_city  ") }, "\(result.stdout)")
        #expect(row.hasSuffix("  The…"), "the title is cut with an ellipsis: \(row)")
        #expect(TextLayout.cells(row) == 50, "\(row)")
        // The name wider than its column has a line of its own, whole.
        #expect(lines.contains(Self.longName), "\(result.stdout)")
        for line in lines where line != Self.longName {
            #expect(TextLayout.cells(line) <= 50, "\(line)")
        }
        // Wide enough, nothing is cut or wrapped.
        let wide = terminal(plain, columns: 200).run(["skills", "list", "--group", "Fun"]).stdout
        #expect(wide.contains("The weather in any city of the world, today and tomorrow\n"))
        #expect(wide.split(separator: "\n").count == 11)
    }

    @Test func evenAtTwentyColumnsTheNamesAreWhole() throws {
        let (home, plain) = try home()
        defer { withExtendedLifetime(home) {} }
        let result = terminal(plain, columns: 20).run(["skills", "list", "--group", "Fun"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.longName))
        #expect(lines.contains("weather_in_any_city"), "\(result.stdout)")
        // Piped, nothing is ever cut.
        #expect(plain.run(["skills", "list", "--group", "Fun"]).stdout
            .contains("weather_in_any_city\tFun\ten\t-\t0\tThe weather in any city of the world, today and tomorrow\n"))
    }
}
