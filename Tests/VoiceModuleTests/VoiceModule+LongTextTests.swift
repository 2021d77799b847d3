import Foundation
import SusiNet
import SusiTestKit
import Testing

/// 1 MB of text on one line through the real binary: synthesis streams into the file,
/// so memory stays flat while the WAV grows; Ctrl-C leaves no file behind.
@Suite("susi voice say: long text")
struct VoiceLongTextTests {
    static func residentKB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func aMegabyteIsWrittenInBoundedMemoryAndCtrlCLeavesNoFile() throws {
        let home = try TemporaryHome()
        let words = "the quick brown fox jumps over a lazy dog while susi speaks every answer aloud".split(separator: " ")
        var text = ""
        var index = 0
        while text.utf8.count < 1 << 20 {
            text += (0..<12).map { _ in index += 7; return String(words[index % words.count]) }.joined(separator: " ") + ". "
        }
        let input = home.path + "/long.txt"
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let out = home.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = ["voice", "say", "-", "--rate", "2", "--out", out + "/long.wav"]
        process.environment = NetworkGuard.safeEnvironment(home: home.path)
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        func written() -> Int {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
            return files.reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: out + "/" + name)[.size] as? Int) ?? 0)
            }
        }
        func waitUntilWritten(_ bytes: Int) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, process.isRunning {
                if written() >= bytes { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
        #expect(waitUntilWritten(4 << 20), "the WAV never reached 4 MB")
        let early = Self.residentKB(process.processIdentifier)
        #expect(waitUntilWritten(40 << 20), "the WAV never reached 40 MB")
        let late = Self.residentKB(process.processIdentifier)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        // 36 MB more audio written, the peak resident size grew by far less.
        #expect(early > 0)
        #expect(late - early < 8 * 1024, "peak memory grew from \(early) KB to \(late) KB")
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }
}
