import Testing
@testable import SusiCore
import SusiPorts

/// What `susi serve` relies on to answer a chat on a shared thread: slow
/// work abandons the attempt, even when its error is caught.
@Suite struct InlineAttemptTests {
    struct Slow: Error {}

    @Test func slowWorkAbandonsTheAttemptEvenWhenItsErrorIsSwallowed() {
        var reachedTheWrite = false
        let result: String? = InlineAttempt.run {
            // The engine catches a console's failure and answers without it…
            let fetched = (try? { () throws -> String in
                try InlineAttempt.leaveIfInline()
                return "data"
            }()) ?? "no data"
            // …but the service checks before it writes.
            do {
                try InlineAttempt.checkNotAbandoned()
                reachedTheWrite = true
            } catch {
                #expect(error is InlineAttempt.Abandoned)
            }
            return fetched
        }
        #expect(result == nil)
        #expect(!reachedTheWrite)
    }

    @Test func aQuickAttemptKeepsItsAnswer() throws {
        let result: Int? = InlineAttempt.run {
            (try? InlineAttempt.checkNotAbandoned()) == nil ? -1 : 42
        }
        #expect(result == 42)
        #expect(InlineAttempt.current == nil)
    }

    @Test func outsideAnAttemptSlowWorkGoesAhead() throws {
        try InlineAttempt.leaveIfInline()
        try InlineAttempt.checkNotAbandoned()
        #expect(InlineAttempt.current == nil)
    }
}
