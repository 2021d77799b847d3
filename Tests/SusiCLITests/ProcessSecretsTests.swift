#if canImport(Glibc)
import Glibc
#endif
import Testing
import SusiCLI

@Suite struct ProcessSecretsTests {
    @Test func scrubbingZeroesTheValueWhereItLiesUnsetsItAndMarksTheProcess() throws {
        let name = "SUSI_SCRUB_TEST_\(getpid())"
        setenv(name, "hunter2-secret", 1)
        let entry = try #require(getenv(name))
        #expect(String(cString: entry) == "hunter2-secret")
        ProcessSecrets.scrub([name])
        #expect(getenv(name) == nil)
        // The bytes the value was in (what /proc/PID/environ shows for a variable set at start) are zero now.
        #expect((0..<14).allSatisfy { entry[$0] == 0 })
        #expect(!ProcessSecrets.isDumpable)
    }

    @Test func scrubbingNothingChangesNothing() {
        let name = "SUSI_SCRUB_TEST_ABSENT_\(getpid())"
        ProcessSecrets.scrub([name])
        #expect(getenv(name) == nil)
    }
}
