import Foundation
import SusiTestKit
import Testing

/// Long output through the pager in a real terminal (tmux runs the built
/// binary): a stand-in pager records what it was given, so the test sees
/// exactly when paging happens and when it must not.
@Suite("Pager in a terminal", .serialized,
       .enabled(if: Tmux.available, "needs tmux (make deps installs it)"))
struct PagerTerminalTests {
    @Test func longOutputIsPagedOnlyOnATerminalAndOnlyWhenAllowed() throws {
        let home = try TemporaryHome()
        let pager = try home.script("bin/record-pager", """
        cat > "$1"
        printf 'PAGER GOT %s\\n' "$(wc -l < "$1" | tr -d ' ')"

        """)
        let quitter = try home.script("bin/quit-pager", "exit 0\n")
        let susi = "env -u PAGER SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        let out = home.path
        let steps = [
            "SUSI_PAGER='\(pager) \(out)/a.txt' \(susi) skills list; echo EXIT1=$? >> \(out)/exits.txt",
            "SUSI_PAGER='\(pager) \(out)/b.txt' \(susi) skills list --no-pager >/dev/null; echo EXIT2=$? >> \(out)/exits.txt",
            "SUSI_PAGER='\(pager) \(out)/c.txt' \(susi) skills list | cat >/dev/null; echo EXIT3=$? >> \(out)/exits.txt",
            "SUSI_PAGER='\(pager) \(out)/d.txt' \(susi) skills list --json >/dev/null; echo EXIT4=$? >> \(out)/exits.txt",
            "\(susi) config set pager '\(pager) \(out)/e.txt' && \(susi) skills list; echo EXIT5=$? >> \(out)/exits.txt",
            "SUSI_PAGER='\(quitter)' \(susi) skills list; echo EXIT6=$? >> \(out)/exits.txt",
            "SUSI_PAGER=/nonexistent/pager \(susi) skills list 2>\(out)/err.txt; echo EXIT7=$? >> \(out)/exits.txt",
        ]
        let tmux = try Tmux(command: steps.joined(separator: "; ") + "; sleep 60")
        defer { tmux.stop() }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !((try? String(contentsOfFile: out + "/exits.txt", encoding: .utf8)) ?? "").contains("EXIT7=") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let screen = (try? String(contentsOfFile: out + "/exits.txt", encoding: .utf8)) ?? "(no exits: \(tmux.screen()))"
        func recorded(_ name: String) -> String? {
            try? String(contentsOfFile: out + "/" + name, encoding: .utf8)
        }
        // On a terminal, the table went to the pager, laid out for the terminal.
        let paged = try #require(recorded("a.txt"), "nothing was paged: \(screen)")
        #expect(paged.contains("weather"))
        #expect(paged.contains("NAME"), "the pager gets the terminal layout (headers)")
        #expect(screen.contains("EXIT1=0"))
        // --no-pager, a pipe and --json: no pager.
        #expect(recorded("b.txt") == nil)
        #expect(recorded("c.txt") == nil)
        #expect(recorded("d.txt") == nil)
        #expect(screen.contains("EXIT2=0") && screen.contains("EXIT3=0") && screen.contains("EXIT4=0"))
        // The pager setting.
        #expect(recorded("e.txt")?.contains("weather") == true)
        #expect(screen.contains("EXIT5=0"))
        // A pager that quits without reading is no error.
        #expect(screen.contains("EXIT6=0"))
        // A pager that cannot start: the output comes directly, with a warning first.
        #expect(recorded("err.txt")?.contains("warning: Cannot start the pager '/nonexistent/pager' (SUSI_PAGER)") == true,
                "\(recorded("err.txt") ?? "no stderr")")
        #expect(screen.contains("EXIT7=0"))
    }

    /// The width is the terminal's, taken before the pager starts (after,
    /// stdout is the pipe to the pager, whose width is nothing): in a
    /// 120-column terminal a long answer is wrapped at 120, not 80.
    @Test func pagedOutputIsLaidOutForTheTerminalsWidth() throws {
        let home = try TemporaryHome()
        let pager = try home.script("bin/record-pager", "cat > \"$1\"\necho PAGED\n")
        let susi = "env -u PAGER -u COLUMNS SUSI_HOME=\(home.path) HOME=\(home.path) SUSI_LOOPBACK_ONLY=1 TERM=xterm \(EndToEnd.binary)"
        let out = home.path
        let name = Array(repeating: "abcdefgh", count: 16).joined(separator: " ")
        let steps = [
            "\(susi) chat 'my name is \(name)' > /dev/null",
            "SUSI_PAGER='\(pager) \(out)/wide.txt' \(susi) chat history; echo EXIT=$? > \(out)/exit.txt",
        ]
        let tmux = try Tmux(command: steps.joined(separator: "; ") + "; sleep 60", columns: 120)
        defer { tmux.stop() }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !FileManager.default.fileExists(atPath: out + "/exit.txt") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let paged = try #require(try? String(contentsOfFile: out + "/wide.txt", encoding: .utf8), "nothing paged: \(tmux.screen())")
        let plain = paged.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        // The answer is wrapped to the width (the query line is shown whole).
        let widest = plain.split(separator: "\n").filter { !$0.contains("you: ") }.map(\.count).max() ?? 0
        #expect(widest > 80 && widest <= 120, "widest line \(widest): \(paged)")
        #expect(paged.contains("abcdefgh"))
    }
}
