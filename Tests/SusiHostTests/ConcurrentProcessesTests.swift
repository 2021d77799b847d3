import Foundation
import SusiNet
import SusiTestKit
import Testing

/// Two susi processes writing the same database at once must both succeed:
/// WAL, a busy handler and BEGIN IMMEDIATE mean nobody sees "database is locked".
@Suite("Concurrent processes")
struct ConcurrentProcessesTests {
    @Test func twoProcessesChattingAtOnceLoseNothing() throws {
        let home = try TemporaryHome()
        // Create the database first so both writers race on writes, not on creation.
        #expect(try EndToEnd.run(["chat", "hello"], home: home.path).status == 0)

        let queries = (0..<40).map { "calculate \($0) + 1" }.joined(separator: "\n") + "\n"
        let writers = (0..<2).map { _ -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
            process.arguments = ["chat"]
            process.environment = NetworkGuard.safeEnvironment(home: home.path)
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try? FileHandle(forWritingTo: errors)
            try? process.run()
            input.fileHandleForWriting.write(Data(queries.utf8))
            try? input.fileHandleForWriting.close()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let history = try EndToEnd.run(["chat", "history"], home: home.path)
        #expect(history.status == 0)
        #expect(history.stdout.split(separator: "\n").count == 81)
        #expect(!history.stderr.contains("locked"))
    }
}
