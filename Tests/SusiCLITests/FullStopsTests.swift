import Testing
import SusiCLI

@Suite struct FullStopsTests {
    @Test func aDoubledFullStopBecomesOneAndAnEllipsisStays() {
        #expect(FullStops.collapsed("Cannot read it: it belongs to another user (uid 65534)..") == "Cannot read it: it belongs to another user (uid 65534).")
        #expect(FullStops.collapsed("Found it: the control server.. Next.") == "Found it: the control server. Next.")
        #expect(FullStops.collapsed("Write some with 'susi feedback time \"...\"'.") == "Write some with 'susi feedback time \"...\"'.")
        #expect(FullStops.collapsed("Wait... done.") == "Wait... done.")
        #expect(FullStops.collapsed("See ../x and a..b") == "See ../x and a..b")
        #expect(FullStops.collapsed("plain.") == "plain.")
    }
}
