import Foundation
import SusiCLI
import SusiCore
import SusiNet

/// Runs a susi command line inside the current process with captured
/// streams: the harness behind almost every test.
public struct InProcess {
    public struct Result: Sendable, Equatable {
        public var stdout: String
        public var stderr: String
        public var status: Int32
    }

    public var environment: [String: String]
    public var stdinTTY = false
    public var stdoutTTY = false
    public var stderrTTY = false
    /// The clock every command sees; the real one by default.
    public var now: @Sendable () -> Date = { Date() }
    /// Replaces what the host provides (a fake backend, a speech log, ...)
    /// for every command line this harness runs.
    public var makers: @Sendable (inout Services.Makers) -> Void = { _ in }

    /// A fresh environment: SUSI_HOME in `home`, loopback-only networking,
    /// no colour variables, a fixed width, and a speaker address that is
    /// loopback so nothing can reach the production default.
    public init(home: String, extra: [String: String] = [:]) {
        environment = NetworkGuard.safeEnvironment(home: home, ["COLUMNS": "80"].merging(extra) { _, new in new })
    }

    /// Runs one command line in a scope of its own, as the `susi` binary does.
    public func run(_ arguments: [String], stdin: String = "") -> Result {
        run(arguments, stdin: stdin, scope: SusiApp.makeScope(makers))
    }

    /// A scope shared by every command line run through it, as in `susi shell`.
    public func session() -> Session {
        Session(harness: self, scope: SusiApp.makeScope(makers))
    }

    public struct Session {
        let harness: InProcess
        public let scope: Services

        public func run(_ arguments: [String], stdin: String = "") -> Result {
            harness.run(arguments, stdin: stdin, scope: scope)
        }
    }

    func run(_ arguments: [String], stdin: String, scope: Services) -> Result {
        let io = IOStreams.captured(stdin: stdin, stdinTTY: stdinTTY, stdoutTTY: stdoutTTY, stderrTTY: stderrTTY)
        let status = SusiApp.run(arguments, io: io, environment: environment, scope: scope, now: now)
        return Result(stdout: io.stdout.text, stderr: io.stderr.text, status: status)
    }

    /// The same, with standard output as raw bytes (audio, say).
    public func runCapturingBytes(_ arguments: [String], stdin: String = "") -> (stdout: [UInt8], result: Result) {
        let io = IOStreams.captured(stdin: stdin, stdinTTY: stdinTTY, stdoutTTY: stdoutTTY, stderrTTY: stderrTTY)
        let status = SusiApp.run(arguments, io: io, environment: environment, scope: SusiApp.makeScope(makers), now: now)
        return (io.stdout.bytes, Result(stdout: io.stdout.text, stderr: io.stderr.text, status: status))
    }

    /// The same with standard input as raw bytes, which need not be UTF-8.
    public func run(_ arguments: [String], stdinBytes: [UInt8]) -> Result {
        let io = IOStreams(stdin: InputSource(bytes: stdinBytes, isTTY: stdinTTY),
                           stdout: OutputSink(capturingAsTTY: stdoutTTY), stderr: OutputSink(capturingAsTTY: stderrTTY))
        let status = SusiApp.run(arguments, io: io, environment: environment)
        return Result(stdout: io.stdout.text, stderr: io.stderr.text, status: status)
    }
}
