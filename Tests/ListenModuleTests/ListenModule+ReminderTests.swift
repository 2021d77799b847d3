import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// Hands-free (issue 34): a skill's planned answer is stored as a reminder,
/// and a stored reminder that comes due while listening is printed and spoken.
extension ListenModulePortsTests {
    @Test func handsFreeStoresATimerAndSpeaksADueReminder() throws {
        let home = try TemporaryHome()
        let start = Date(timeIntervalSince1970: 1_796_461_200)
        var setup = try home.harness()
        setup.now = { start }
        #expect(setup.run(["timer", "1s", "tea"]).status == 0)
        let script = Script(utterances: ["set a timer for one second"], hotwords: 1)
        var susi = try harness(home, script, speech: true)
        susi.now = { start.addingTimeInterval(2) }
        let result = susi.run(["listen", "--file", "q.wav", "--hotword", "computer"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("⏰ tea\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Timer for 1 second.\nReminder #2 set for "), "\(result.stdout)")
        // Spoken: the reminder, then the answer.
        #expect(script.log.filter { $0 == "speak" }.count == 2, "\(script.log)")
        let list = susi.run(["--json", "remind", "list"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["Time is up! Your 1 second timer is done."])
    }
}
