import Foundation
import SusiBasics
import SusiPorts
import SusiBasics

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
    /// It runs in a process group of its own and is killed with all it
    /// started at the deadline, whatever it does with SIGTERM or its output.
    func run(_ name: String, _ arguments: [String]) -> String? {
        guard let path = executable(name) else { return nil }
        let environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C"]
        guard case let .success(captured) = ChildSpawn.capture(path, arguments: [path] + arguments, environment: environment,
                                                               limit: 64 * 1024, timeout: .milliseconds(Int(timeout * 1000))),
              captured.status == 0 else { return nil }
        return String(decoding: captured.output.prefix(4096), as: UTF8.self)
    }
}
