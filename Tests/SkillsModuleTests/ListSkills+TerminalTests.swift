import Foundation
import SusiTestKit
import Testing

/// `skills import` and `skills list` in a real 50-column terminal (tmux
/// runs the built binary): the import's summary is its last line, the list's
/// titles are cut and its names are whole.
@Suite("skills import and list in a 50-column terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct ListSkillsTerminalTests {
    @Test func theSummaryIsLastAndNamesAreWhole() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Narrow/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let long = "a_really_long_skill_name_for_a_narrow_terminal"
        try Data("::name The weather in any city of the world, today and tomorrow\nrain here\nWet.\n\nbroken\n!javascript:x\neol\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/weather_in_any_city.txt"))
        try Data("long hello\nLong.\n".utf8).write(to: URL(fileURLWithPath: dir + "/\(long).txt"))
        for name in ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"] {
            try Data("\(name) hello\nHi.\n".utf8).write(to: URL(fileURLWithPath: dir + "/\(name).txt"))
        }
        let go = home.path + "/go"
        let susi = "env -u COLUMNS SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 NO_COLOR=1 TERM=xterm \(EndToEnd.binary)"
        let command = "while [ ! -f \(go) ]; do sleep 0.05; done; clear; \(susi) skills import \(home.path)/tree; echo IMPORT-END; "
            + "\(susi) --no-pager skills list --group Narrow; echo EXIT=$?; sleep 60"
        let tmux = try Tmux(command: command)
        defer { tmux.stop() }
        try tmux.run(["resize-window", "-t", "main", "-x", "50", "-y", "30"])
        #expect(FileManager.default.createFile(atPath: go, contents: nil))
        try tmux.waitFor("EXIT=0")
        // -J joins the lines the terminal wrapped at 50 columns.
        let lines = try tmux.run(["capture-pane", "-t", "main", "-p", "-J"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        let end = try #require(lines.firstIndex(of: "IMPORT-END"), "\(lines)")
        // The rows (stdout) come before the counts and the summary (stderr), which is last.
        #expect(end > 0 && lines[end - 1] == "Imported 10 skills with 10 intents; 1 skipped or ignored.", "\(lines)")
        #expect(lines.firstIndex(of: "Narrow  en    10      10").map { $0 < end - 2 } == true, "\(lines)")
        #expect(lines[end - 2] == "1 skipped or ignored: !javascript intent (1). Run again with --warnings to list each one.", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("weather_in_any_city ") && $0.hasSuffix("The…") }, "\(lines)")
        #expect(lines.contains(long), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("alpha ") }, "\(lines)")
    }
}
