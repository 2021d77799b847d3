#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// git/gh-style extensions: an executable `susi-<name>` on PATH runs as
/// `susi <name>`. Built-in names always win, and only absolute PATH entries
/// are searched, so a `susi-*` in the current directory never runs by accident.
public enum ExternalCommands {
    /// Every external command on PATH, first occurrence of each name, sorted.
    public static func list(program: String, environment: [String: String], builtins: Set<String>) -> [ExternalCommand] {
        var seen: [String: ExternalCommand] = [:]
        let prefix = program + "-"
        for directory in searchPath(environment) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries.sorted() where entry.hasPrefix(prefix) {
                let name = String(entry.dropFirst(prefix.count))
                guard isValidName(name), !builtins.contains(name), seen[name] == nil else { continue }
                let path = directory + "/" + entry
                if isExecutableFile(path) { seen[name] = ExternalCommand(name: name, path: path) }
            }
        }
        return seen.values.sorted { $0.name < $1.name }
    }

    /// The external command for `name`, if there is one and no built-in has that name.
    public static func locate(_ name: String, program: String, environment: [String: String],
                              builtins: Set<String>) -> ExternalCommand? {
        guard isValidName(name), !builtins.contains(name) else { return nil }
        for directory in searchPath(environment) {
            let path = directory + "/" + program + "-" + name
            if isExecutableFile(path) { return ExternalCommand(name: name, path: path) }
        }
        return nil
    }

    /// Runs the command with the caller's streams and returns its exit status
    /// (128 + signal number when it was killed by a signal).
    public static func run(_ command: ExternalCommand, arguments: [String], io: IOStreams,
                           environment: [String: String]) -> Int32 {
        io.flush()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.path)
        process.arguments = arguments
        process.environment = environment
        let outPipe = io.stdout.descriptor == nil ? Pipe() : nil
        let errPipe = io.stderr.descriptor == nil ? Pipe() : nil
        let inPipe = io.stdin.isScripted ? Pipe() : nil
        if let outPipe { process.standardOutput = outPipe }
        if let errPipe { process.standardError = errPipe }
        if let inPipe { process.standardInput = inPipe }
        do {
            try process.run()
        } catch {
            io.stderr.line("error: Could not run \(command.path): \(error.localizedDescription)")
            return ExitCode.unavailable.rawValue
        }
        let group = DispatchGroup()
        for (pipe, stream) in [(outPipe, io.stdout), (errPipe, io.stderr)] {
            guard let pipe else { continue }
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                stream.write(bytes: Array(data))
                group.leave()
            }
        }
        if let inPipe {
            let text: String
            do {
                text = try io.stdin.readAll()
            } catch {
                try? inPipe.fileHandleForWriting.close()
                process.waitUntilExit()
                group.wait()
                io.stderr.line("error: " + error.message)
                return ExitCode.dataError.rawValue
            }
            feed(Array((text.isEmpty ? "" : text + "\n").utf8), to: inPipe.fileHandleForWriting.fileDescriptor)
            try? inPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        group.wait()
        if process.terminationReason == .uncaughtSignal { return 128 + process.terminationStatus }
        return process.terminationStatus
    }

    /// Writes scripted input to the child. The child may exit without
    /// reading it; the write must then fail with EPIPE instead of killing
    /// susi with SIGPIPE, so SIGPIPE is blocked on this thread while writing
    /// and a pending one is consumed before the old mask is restored.
    private static func feed(_ bytes: [UInt8], to fd: Int32) {
        var pipeOnly = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        var pending = sigset_t()
        if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeOnly, nil, &noWait)
        }
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar == "."
        }
    }

    private static func searchPath(_ environment: [String: String]) -> [String] {
        (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
