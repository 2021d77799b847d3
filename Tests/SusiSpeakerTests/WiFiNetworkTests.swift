import Foundation
import SusiPorts
#if canImport(Glibc)
import Glibc
#endif
import SusiTestSupport
import Testing
@testable import SusiSpeaker

@Suite("The current Wi-Fi network")
struct WiFiNetworkTests {
    @Test func nmcliTerseOutputIsUnescaped() {
        #expect(SystemWiFiNetworkReader.activeSSID(fromNmcli: "no:Other\nyes:SUSI.AI\n") == "SUSI.AI")
        #expect(SystemWiFiNetworkReader.activeSSID(fromNmcli: "yes:Caf\\:e\\\\1\n") == "Caf:e\\1")
        #expect(SystemWiFiNetworkReader.activeSSID(fromNmcli: "no:Other\n") == nil)
    }

    @Test func theHotspotIsMatchedIgnoringCase() {
        #expect(SpeakerHotspot.isHotspot("susi.ai"))
        #expect(SpeakerHotspot.isHotspot("SUSI.AI"))
        #expect(!SpeakerHotspot.isHotspot("SUSI.AI-5G"))
        #expect(!SpeakerHotspot.isHotspot(nil))
    }

    @Test func theProgramsRunFromPathWithoutAShell() throws {
        let folder = NSTemporaryDirectory() + "susi-wifi-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // iwgetid prints nothing (not on Wi-Fi): nmcli is asked next. The
        // arguments arrive as separate words, which a shell would not change here,
        // but `$*` shows them.
        try write(folder + "/iwgetid", "#!/bin/sh\nexit 255\n")
        try write(folder + "/nmcli", "#!/bin/sh\necho \"$*\" > \(folder)/args\necho 'yes:SUSI.AI'\n")
        // A generous limit: this checks the words, not the time (a loaded machine starts sh slowly).
        let reader = SystemWiFiNetworkReader(environment: ["PATH": folder], timeout: 60)
        #expect(reader.currentSSID() == "SUSI.AI")
        #expect(try String(contentsOfFile: folder + "/args", encoding: .utf8) == "-t -f active,ssid dev wifi\n")
        try write(folder + "/iwgetid", "#!/bin/sh\necho 'Home; rm -rf x'\n")
        #expect(reader.currentSSID() == "Home; rm -rf x")
        #expect(SystemWiFiNetworkReader(environment: ["PATH": folder + "/none"]).currentSSID() == nil)
    }

    @Test func aHangingProgramIsStopped() throws {
        let folder = NSTemporaryDirectory() + "susi-wifi-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(folder + "/iwgetid", "#!/bin/sh\nexec sleep 30\n")
        let start = Date()
        #expect(SystemWiFiNetworkReader(environment: ["PATH": folder + ":/bin:/usr/bin"], timeout: 0.5).currentSSID() == nil)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    /// A program that ignores SIGTERM and leaves a child holding its output
    /// is killed at the deadline with everything it started.
    @Test
    func aProgramIgnoringTermAndItsChildrenAreKilledAtTheDeadline() throws {
        let folder = NSTemporaryDirectory() + "susi-wifi-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(folder + "/iwgetid", "#!/bin/sh\ntrap '' TERM\necho $$ > \(folder)/parent\n/bin/sleep 30 &\necho $! > \(folder)/child\nwait\n")
        let start = Date()
        #expect(SystemWiFiNetworkReader(environment: ["PATH": folder + ":/bin:/usr/bin"], timeout: 0.5).currentSSID() == nil)
        #expect(Date().timeIntervalSince(start) < 10)
        for name in ["parent", "child"] {
            let pid = try #require(Int32(try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(ProcessWatch.endsSoon(pid), "\(name) \(pid) survived")
        }
    }

    /// Written with O_CLOEXEC: a child another test spawns meanwhile must
    /// not inherit a writable descriptor, or exec'ing the script fails with
    /// ETXTBSY ("text file busy").
    func write(_ path: String, _ text: String) throws {
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }
}
