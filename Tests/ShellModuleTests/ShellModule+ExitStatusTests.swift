import Foundation
import SusiTestKit
import Testing

/// A piped `susi shell` ends with the failing line's own status, whatever
/// it is: a plugin's 5, 137 for one killed by SIGKILL.
@Suite("susi shell passes on any exit status")
struct ShellExitStatusTests {
    static func plugins(_ home: TemporaryHome) throws -> String {
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, body) in [("five", "exit 5"), ("killed", "kill -9 $$"), ("fine", "echo fine")] {
            let path = bin + "/susi-" + name
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o755)
        }
        return bin + ":/usr/bin:/bin"
    }

    @Test(arguments: [("five", Int32(5)), ("killed", Int32(137))])
    func theFailingLinesStatusIsTheShells(line: String, status: Int32) throws {
        let home = try TemporaryHome()
        let path = try Self.plugins(home)
        let stopped = try EndToEnd.run(["shell"], home: home.path, extra: ["PATH": path], stdin: "fine\n\(line)\nfine\n")
        #expect(stopped.status == status, "\(stopped.stderr)")
        #expect(stopped.stdout == "fine\n", "the line after the failure does not run")
        let kept = try EndToEnd.run(["shell", "--keep-going"], home: home.path, extra: ["PATH": path], stdin: "\(line)\nfine\n")
        #expect(kept.status == status, "\(kept.stderr)")
        #expect(kept.stdout == "fine\n")
    }
}
