import Foundation
import SusiHost
#if canImport(Glibc)
import Glibc
#endif

/// A fresh SUSI_HOME under the system temp dir, removed when the test ends.
public final class TemporaryHome {
    public let path: String

    public init() throws {
        let base = NSTemporaryDirectory() + "susi-host-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = (base as NSString).resolvingSymlinksInPath
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public var configFile: String { path + "/config/config.json" }

    /// The harness with PATH pointing at an empty folder, so no `susi-*`
    /// installed on this machine can change what help prints.
    public func harness(_ extra: [String: String] = [:]) throws -> InProcess {
        let bin = path + "/empty-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        return InProcess(home: path, extra: ["PATH": bin].merging(extra) { _, new in new })
    }

    public func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/config", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    public func configBytes() -> Data? {
        FileManager.default.contents(atPath: configFile)
    }

    /// Writes an executable shell script.
    @discardableResult
    public func script(_ relativePath: String, _ body: String) throws -> String {
        let target = path + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        // Written with O_CLOEXEC: a child that another test spawns at this
        // moment must not inherit a writable descriptor, or exec'ing the
        // script fails with ETXTBSY ("text file busy").
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let bytes = Array(("#!/bin/sh\n" + body).utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return target
    }
}

public func permissions(_ path: String) -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
}

extension String {
    public var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
