import Foundation
import SusiPorts

/// Asks `iwgetid -r`, then `nmcli -t -f active,ssid dev wifi`, found on the
/// PATH of the given environment and started directly (no shell), each
/// given two seconds.
public struct SystemWiFiNetworkReader: WiFiNetworkReader {
    let environment: [String: String]
    let timeout: TimeInterval

    public init(environment: [String: String], timeout: TimeInterval = 2) {
        self.environment = environment
        self.timeout = timeout
    }

    public func currentSSID() -> String? {
        if let output = run("iwgetid", ["-r"]) {
            let ssid = output.trimmingCharacters(in: .newlines)
            if !ssid.isEmpty { return ssid }
        }
        if let output = run("nmcli", ["-t", "-f", "active,ssid", "dev", "wifi"]) {
            return Self.activeSSID(fromNmcli: output)
        }
        return nil
    }

    /// nmcli's terse lines are `yes:NAME`, with `:` and `\` in NAME escaped by `\`.
    public static func activeSSID(fromNmcli output: String) -> String? {
        for line in output.split(whereSeparator: \.isNewline) where line.hasPrefix("yes:") {
            var result = ""
            var escaped = false
            for character in line.dropFirst(4) {
                if escaped { result.append(character); escaped = false } else if character == "\\" { escaped = true } else { result.append(character) }
            }
            if !result.isEmpty { return result }
        }
        return nil
    }

    func executable(_ name: String) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") where directory.hasPrefix("/") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The program's standard output when it exits 0 in time, else nil.
    func run(_ name: String, _ arguments: [String]) -> String? {
        guard let path = executable(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return nil }
        let box = OutputBox()
        let reader = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.data = output.fileHandleForReading.readDataToEndOfFile()
            reader.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = done.wait(timeout: .now() + 1)
            return nil
        }
        _ = reader.wait(timeout: .now() + 1)
        guard process.terminationStatus == 0, let data = box.data else { return nil }
        return String(decoding: data.prefix(4096), as: UTF8.self)
    }
}

private final class OutputBox: @unchecked Sendable {
    var data: Data?
}
