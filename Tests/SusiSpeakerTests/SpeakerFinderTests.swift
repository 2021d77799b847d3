import Foundation
import SusiPorts
import Testing
@testable import SusiSpeaker
import SusiTestSupport

@Suite("Finding the speaker and its era")
struct SpeakerFinderTests {
    let finder = SpeakerFinder(environment: loopbackOnly, timeout: 2)

    @Test func theControlServerAnswersCheckAP() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let found = try finder.find(try #require(SpeakerTarget(double.address)))
        #expect(found.era == .controlServer)
        #expect(found.hotspotRunning == true)
        #expect(found.address.absoluteString == "http://\(double.address)")
        #expect(double.requests.map(\.path) == ["/check_ap"])
    }

    @Test func theSetupServerIsFoundByInstallAfterA404() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        let found = try finder.find(try #require(SpeakerTarget("http://" + double.address)))
        #expect(found.era == .setupServer)
        #expect(found.hotspotRunning == nil)
        #expect(double.requests.map(\.path) == ["/check_ap", "/install"])
    }

    @Test func aControlServerWithAPasswordIsNamed() throws {
        let double = try SpeakerDouble(era: .controlServer, password: "pw")
        defer { double.stop() }
        let error = speakerError { try finder.find(SpeakerTarget(double.address)!) }
        #expect(error?.kind == .passwordProtected)
        #expect(error?.hint?.contains("/login") == true)
    }

    @Test func somethingElseOrNothingIsUnreachable() throws {
        let other = try LoopbackHTTPServer { _ in .text("<html><title>Router</title></html>", status: 404) }
        defer { other.stop() }
        let error = speakerError { try finder.find(SpeakerTarget("127.0.0.1:\(other.port)")!) }
        #expect(error?.kind == .unreachable)
        #expect(error?.exitCode == .unavailable)
        #expect(error?.message.contains("answers, but not as a SUSI speaker's setup server") == true)
        let nothing = speakerError { try finder.find(SpeakerTarget("127.0.0.1:9")!) }
        #expect(nothing?.kind == .unreachable)
        #expect(nothing?.hint?.contains("SUSI.AI") == true)
    }

    @Test func withoutAPortBothErasArePortsAreTriedNewestFirst() throws {
        let target = try #require(SpeakerTarget("10.0.0.1"))
        #expect(target.candidates.map(\.absoluteString) == ["http://10.0.0.1:7070", "http://10.0.0.1:5000"])
        #expect(SpeakerTarget("ada:pw@10.0.0.1") == nil)
        #expect(SpeakerTarget("10.0.0.1/setup") == nil)
        // The production default never leaves this machine under the guard.
        let error = speakerError { try finder.find(target) }
        #expect(error?.exitCode == .software)
    }
}
