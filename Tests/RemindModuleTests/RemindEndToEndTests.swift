import Foundation
import SusiNet
import SusiTestKit
import Testing

/// The built binary: a one-shot chat sets a 2-second timer, `susi remind
/// watch` (with a notify-send stand-in on PATH that writes its argv to a
/// file) shows exactly one notification at the due second.
@Suite("susi remind watch, end to end")
struct RemindEndToEndTests {
    @Test func aOneShotChatTimerIsNotifiedOnceAtTheDueSecond() throws {
        let home = try TemporaryHome()
        let log = home.path + "/notifications.log"
        try home.script("bin/notify-send", """
        { date +%s.%N; for word in "$@"; do printf '%s\\n' "$word"; done; echo --end--; } >> '\(log).part'
        mv '\(log).part' '\(log)'
        """)
        let environment = NetworkGuard.safeEnvironment(home: home.path, ["PATH": home.path + "/bin:/usr/bin:/bin", "TZ": "UTC"])
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        watcher.arguments = ["remind", "watch"]
        watcher.environment = environment
        let output = home.path + "/watch.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        watcher.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        watcher.standardError = FileHandle.nullDevice
        watcher.standardInput = FileHandle.nullDevice
        try watcher.run()
        defer { if watcher.isRunning { watcher.terminate() } }

        let chat = try EndToEnd.run(["chat", "set a timer for 2 seconds"], home: home.path, extra: ["TZ": "UTC"])
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(chat.stdout.contains("Reminder #1 set for "), "\(chat.stdout)")
        let list = try EndToEnd.run(["--json", "remind", "list"], home: home.path, extra: ["TZ": "UTC"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let dueText = try #require(items.first?["due"] as? String)
        let due = try #require(ISO8601DateFormatter().date(from: dueText))

        // Wait for the event (the log appearing), with a generous deadline.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: log), Date() < deadline { usleep(20_000) }
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropFirst()) == ["--app-name=susi", "--", "susi timer", "Time is up! Your 2 second timer is done.", "--end--"], "\(text)")
        let shownAt = Date(timeIntervalSince1970: Double(lines.first ?? "") ?? 0)
        // The due time is whole seconds in the list; the notification within a second of it.
        #expect(abs(shownAt.timeIntervalSince(due)) <= 1.5, "due \(due), shown \(shownAt)")

        // Once only: after another due time would have passed, still one.
        let later = Date().addingTimeInterval(3)
        while Date() < later { usleep(100_000) }
        #expect(try String(contentsOfFile: log, encoding: .utf8).components(separatedBy: "--end--").count == 2)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("⏰ Time is up! Your 2 second timer is done."))
        watcher.interrupt()
        watcher.waitUntilExit()
        #expect(watcher.terminationStatus == 0)
    }
}
