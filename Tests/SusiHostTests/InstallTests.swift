import Foundation
import SusiTestKit
import Testing
import SusiNet
@testable import SusiHost

/// `make install DESTDIR=... PREFIX=/usr` with the debug binary (BIN=, so
/// no release build), checked file by file, then `make uninstall`.
@Suite("make install", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "needs make"))
struct InstallTests {
    static func make(_ target: String, destdir: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["--no-print-directory", "-C", packageRoot, target, "DESTDIR=" + destdir, "PREFIX=/usr",
                             "BIN=" + EndToEnd.binary]
        process.environment = ChildEnvironment.make(home: destdir)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// Every regular file under `root`, relative to it.
    static func files(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let entry = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + entry, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(entry)
            }
        }
        return found.sorted()
    }

    @Test func installWritesExactlyTheTreeAndUninstallRemovesIt() throws {
        let home = try TemporaryHome()
        let destdir = home.path + "/stage"
        let installed = try Self.make("install", destdir: destdir)
        #expect(installed.status == 0, "\(installed.output)")

        var expected: [String: String] = ["usr/bin/susi": EndToEnd.binary]
        for skill in Self.files(under: packageRoot + "/Sources/SusiSkills/models") {
            expected["usr/share/susi/models/" + skill] = packageRoot + "/Sources/SusiSkills/models/" + skill
        }
        for page in Manual.pages() { expected["usr/share/man/man1/" + page.fileName] = packageRoot + "/man/" + page.fileName }
        // The completion scripts are installed when completions/ has them.
        for (source, target) in [("susi.bash", "usr/share/bash-completion/completions/susi"),
                                 ("_susi", "usr/share/zsh/site-functions/_susi"),
                                 ("susi.fish", "usr/share/fish/vendor_completions.d/susi.fish")]
        where FileManager.default.fileExists(atPath: packageRoot + "/completions/" + source) {
            expected[target] = packageRoot + "/completions/" + source
        }
        // The reminder watcher's user unit (ExecStart is PREFIX's susi: /usr/bin/susi here).
        expected["usr/lib/systemd/user/susi-remind-watch.service"] = packageRoot + "/debian/susi-remind-watch.service"
        #expect(Self.files(under: destdir) == expected.keys.sorted())
        for (target, source) in expected {
            #expect(FileManager.default.contents(atPath: destdir + "/" + target) == FileManager.default.contents(atPath: source),
                    "\(target) differs from \(source)")
            #expect(permissions(destdir + "/" + target) == (target == "usr/bin/susi" ? 0o755 : 0o644), "\(target)")
        }

        // The installed susi finds its bundled skills beside itself, in share/susi/models.
        let run = Process()
        run.executableURL = URL(fileURLWithPath: destdir + "/usr/bin/susi")
        run.arguments = ["chat", "what time is it"]
        run.environment = NetworkGuard.safeEnvironment(home: home.path + "/home")
        let output = Pipe()
        run.standardOutput = output
        run.standardError = output
        try run.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(answer)")
        #expect(!answer.isEmpty)

        let removed = try Self.make("uninstall", destdir: destdir)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(Self.files(under: destdir) == [])
    }
}
