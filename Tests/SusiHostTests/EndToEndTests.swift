import Foundation
import SusiNet
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A few runs of the real binary, for what in-process tests cannot see:
/// argv handling, real streams, the exit status of the process, and state
/// carried across processes.
@Suite("End to end", .enabled(if: EndToEnd.binaryExists, "no .build/debug/susi; run 'swift build' first"))
struct EndToEndTests {
    @Test func version() throws {
        let result = try EndToEnd.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "susi 0.1.0\n")
        #expect(result.stderr == "")
    }

    @Test func unknownCommand() throws {
        let result = try EndToEnd.run(["cnofig"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Unknown command 'cnofig' for 'susi'. Did you mean 'config'?\n"))
    }

    @Test func configRoundTripAcrossProcesses() throws {
        let home = try TemporaryHome()
        let set = try EndToEnd.run(["config", "set", "speech.rate", "1.25"], home: home.path)
        #expect(set.status == 0)
        #expect(set.stdout == "")
        #expect(set.stderr == "Set speech.rate to 1.25.\n")
        let get = try EndToEnd.run(["config", "get", "speech.rate"], home: home.path)
        #expect(get.status == 0)
        #expect(get.stdout == "1.25\n")
        #expect(permissions(home.configFile) == 0o600)
        let list = try EndToEnd.run(["config", "list"], home: home.path)
        #expect(list.stdout.contains("speech.rate\t1.25\tconfig\n"))
    }

    @Test func aCorruptConfigExits78() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{")
        let result = try EndToEnd.run(["config", "list"], home: home.path)
        #expect(result.status == 78)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: The config file \(home.configFile) is not valid JSON"))
    }
}

enum EndToEnd {
    static let binary = packageRoot + "/.build/debug/susi"
    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Runs the binary with a minimal, loopback-only environment.
    /// `extra` adds to the environment; `stdin`, when given, is written to
    /// standard input (else it is /dev/null).
    static func run(_ arguments: [String], home: String? = nil, extra: [String: String] = [:],
                    stdin: String? = nil) throws -> Result {
        let scratch = try TemporaryHome()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = NetworkGuard.safeEnvironment(home: home ?? scratch.path,
                                                           ["COLUMNS": "80"].merging(extra) { _, new in new })
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        if let input, let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus)
    }
}
