import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The `susi` binary of the build the tests run in, for the tests that run
/// the real program. It is `susi` beside the running test bundle
/// (`<scratch>/<triple>/<config>/`), so `swift test -c release` or
/// `--scratch-path` run that build's binary; when it is missing it is built
/// with `swift build --product susi` into that same build, once per run:
/// callers in this process wait on `built`, other test processes on a file
/// lock in the build folder. A test never skips for want of the binary: when
/// the build fails, every test that asks for it fails with the build's output.
public enum BuiltBinary {
    /// The binary's path; records an issue in the calling test when it
    /// could not be built.
    public static var susi: String {
        let (path, problem) = built
        if let problem { Issue.record(Comment(rawValue: problem)) }
        return path
    }

    /// The folder the products of this build are in, and its configuration.
    static let products: (folder: String, configuration: String, scratch: String) = {
        // The test bundle is <scratch>/<triple>/<config>/<package>PackageTests.xctest.
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           bundle.hasSuffix(".xctest") {
            let folder = (bundle as NSString).deletingLastPathComponent
            let scratch = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            return (folder, (folder as NSString).lastPathComponent, scratch)
        }
        return (packageRoot + "/.build/debug", "debug", packageRoot + "/.build")
    }()

    private static let built: (path: String, problem: String?) = {
        let binary = products.folder + "/susi"
        if FileManager.default.isExecutableFile(atPath: binary) { return (binary, nil) }
        // Another test process may be building it: one build at a time.
        let lock = open(products.scratch + "/susi-tests-build.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if lock >= 0 { while flock(lock, LOCK_EX) != 0 && errno == EINTR {} }
        defer { if lock >= 0 { close(lock) } }
        if FileManager.default.isExecutableFile(atPath: binary) { return (binary, nil) }
        return (binary, build())
    }()

    /// Runs `swift build --product susi` for this build; nil when it worked,
    /// else what went wrong. `--ignore-lock`: `swift test` holds the build
    /// folder's lock while the tests run, and has finished building.
    private static func build() -> String? {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("susi-build-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", packageRoot, "--scratch-path", products.scratch,
                             "--configuration", products.configuration, "--product", "susi", "--ignore-lock"]
        process.standardInput = FileHandle.nullDevice
        // The toolchain needs the caller's PATH and HOME (its caches), nothing else of theirs.
        let caller = ProcessInfo.processInfo.environment
        process.environment = ChildEnvironment.make(home: caller["HOME"] ?? ChildEnvironment.noHome,
                                                    ["PATH": caller["PATH"] ?? "/usr/bin:/bin"])
        guard let output = try? FileHandle(forWritingTo: log) else { return "could not write \(log.path)" }
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            return "could not run swift build: \(error)"
        }
        process.waitUntilExit()
        try? output.close()
        let binary = products.folder + "/susi"
        if process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: binary) { return nil }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return "could not build \(binary) (swift build --product susi exited \(process.terminationStatus)):\n"
            + text.split(separator: "\n").suffix(20).joined(separator: "\n")
    }
}

/// Runs of the built `susi` binary (BuiltBinary.susi).
public enum EndToEnd {
    /// The binary of this build, built first if it is missing.
    public static var binary: String { BuiltBinary.susi }

    public struct Result {
        public var stdout: String
        public var stderr: String
        public var status: Int32
    }

    /// Runs the binary with a minimal, loopback-only environment.
    /// `extra` adds to the environment; `stdin`, when given, is written to
    /// standard input (else it is /dev/null).
    public static func run(_ arguments: [String], home: String? = nil, extra: [String: String] = [:],
                           stdin: String? = nil) throws -> Result {
        let scratch = try TemporaryHome()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ChildEnvironment.make(home: home ?? scratch.path,
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
