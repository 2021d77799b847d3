import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `susi serve --port 0` running in a fresh home, and the port its
/// ready line printed (0 when none came within 30 s). The end-to-end tests
/// of the binary start it this one way.
final class ServeBinary {
    let process = Process()
    let errors = Pipe()
    let home: String
    var port: UInt16 = 0
    /// Standard error read so far (up to and including the ready line).
    var seen = ""

    /// `environment` is given the fresh home (or `home`, to start again on
    /// an earlier one); by default only the home, a plain PATH and the
    /// loopback guard.
    init(_ arguments: [String] = [], home existing: String? = nil,
         environment: (String) -> [String: String] = { home in
             ["SUSI_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "SUSI_LOOPBACK_ONLY": "1"]
         }) throws {
        home = existing ?? NSTemporaryDirectory() + "susi-serve-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: susiBinary)
        process.arguments = ["serve", "--port", "0"] + arguments
        process.environment = environment(home)
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = errors.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while port == 0, Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: "Serving SUSI on http://127.0.0.1:") {
                let digits = seen[range.upperBound...].prefix { $0.isNumber }
                if seen[range.upperBound...].contains("\n") { port = UInt16(digits) ?? 0 }
            }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: home)
    }

    /// SIGTERM, then the exit status (nil: still running after 20 s; 128 +
    /// the signal when a signal ended it).
    func terminate() -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// What standard error said after the ready line, up to its end (call
    /// once the process has stopped).
    func remainingErrors() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
