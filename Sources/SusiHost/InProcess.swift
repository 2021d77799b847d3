import SusiCLI
import SusiCore

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

    /// A fresh environment: SUSI_HOME in `home`, loopback-only networking,
    /// no colour variables, a fixed width, and a speaker address that is
    /// loopback so nothing can reach the production default.
    public init(home: String, extra: [String: String] = [:]) {
        var environment = [
            "SUSI_HOME": home,
            "HOME": home,
            "PATH": "/usr/bin:/bin",
            "COLUMNS": "80",
            NetworkGuard.variable: "1",
            "SUSI_SPEAKER": "127.0.0.1:9",
        ]
        environment.merge(extra) { _, new in new }
        // `extra` may point the speaker at a loopback test server, but it
        // must never switch the guard off: the suite stays loopback-only.
        environment[NetworkGuard.variable] = "1"
        self.environment = environment
    }

    public func run(_ arguments: [String], stdin: String = "") -> Result {
        let io = IOStreams.captured(stdin: stdin, stdinTTY: stdinTTY, stdoutTTY: stdoutTTY, stderrTTY: stderrTTY)
        let status = SusiApp.run(arguments, io: io, environment: environment)
        return Result(stdout: io.stdout.text, stderr: io.stderr.text, status: status)
    }

    /// The same with standard input as raw bytes, which need not be UTF-8.
    public func run(_ arguments: [String], stdinBytes: [UInt8]) -> Result {
        let io = IOStreams(stdin: InputSource(bytes: stdinBytes, isTTY: stdinTTY),
                           stdout: OutputSink(capturingAsTTY: stdoutTTY), stderr: OutputSink(capturingAsTTY: stderrTTY))
        let status = SusiApp.run(arguments, io: io, environment: environment)
        return Result(stdout: io.stdout.text, stderr: io.stderr.text, status: status)
    }
}
