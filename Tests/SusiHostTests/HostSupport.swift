import Foundation
import Testing
@testable import SusiHost
#if canImport(Glibc)
import Glibc
#endif

/// A fresh SUSI_HOME under the system temp dir, removed when the test ends.
final class TemporaryHome {
    let path: String

    init() throws {
        let base = NSTemporaryDirectory() + "susi-host-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = (base as NSString).resolvingSymlinksInPath
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var configFile: String { path + "/config/config.json" }

    /// The harness with PATH pointing at an empty folder, so no `susi-*`
    /// installed on this machine can change what help prints.
    func harness(_ extra: [String: String] = [:]) throws -> InProcess {
        let bin = path + "/empty-bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        return InProcess(home: path, extra: ["PATH": bin].merging(extra) { _, new in new })
    }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/config", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    func configBytes() -> Data? {
        FileManager.default.contents(atPath: configFile)
    }

    /// Writes an executable shell script.
    @discardableResult
    func script(_ relativePath: String, _ body: String) throws -> String {
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

func permissions(_ path: String) -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
}

/// The package root, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Compares `text` with `Snapshots/<name>.txt`; with RECORD_SNAPSHOTS=1 the
/// file is (re)written instead.
func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = packageRoot + "/Tests/SusiHostTests/Snapshots/\(name).txt"
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        // Recording is never a pass: the run fails, so a suite left in record
        // mode (in CI, say) cannot go green without comparing anything.
        let written = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        Issue.record(written ? "Recorded the snapshot \(name); run again without RECORD_SNAPSHOTS=1 to check it."
                             : "Could not write the snapshot \(path).", sourceLocation: sourceLocation)
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        Issue.record("No snapshot at \(path); run with RECORD_SNAPSHOTS=1 to record it.", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    #expect(text == expected, "differs from Snapshots/\(name).txt (RECORD_SNAPSHOTS=1 re-records)",
            sourceLocation: sourceLocation)
}

extension String {
    var lines: [String] { split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
