import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("Man pages")
struct ManualTests {
    static let manDirectory = packageRoot + "/man"

    /// The committed pages are exactly what the tree renders now.
    @Test func theCommittedPagesAreNotStale() throws {
        let pages = Manual.pages()
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.manDirectory).filter { $0.hasSuffix(".1") }.sorted()
        #expect(committed == pages.map(\.fileName).sorted(),
                "man/ holds other pages than the tree has; regenerate them with '\(Manual.regenerate)'")
        for page in pages {
            let text = FileManager.default.contents(atPath: Self.manDirectory + "/" + page.fileName).map { String(decoding: $0, as: UTF8.self) }
            #expect(text == page.text, "man/\(page.fileName) is stale; regenerate it with '\(Manual.regenerate)'")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc"), "mandoc is not installed (make deps)"))
    func everyPageLintsCleanAboveStyleLevel() throws {
        let files = Manual.pages().map { Self.manDirectory + "/" + $0.fileName }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mandoc")
        process.arguments = ["-T", "lint", "-W", "warning"] + files
        process.environment = ChildEnvironment.make(home: ChildEnvironment.noHome)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "")
        #expect(process.terminationStatus == 0)
    }

    /// One page per visible top-level command, and every visible command,
    /// option and example of `susi help` is on its page.
    @Test func thePagesSayWhatHelpSays() {
        let pages = Dictionary(uniqueKeysWithValues: Manual.pages().map { ($0.fileName, $0.text) })
        let root = SusiApp.program.root
        for command in root.visibleSubcommands where command.name != "help" {
            let text = try! #require(pages["susi-\(command.name).1"], "no page for \(command.name)")
            #expect(pages["susi.1"]!.contains(".Xr susi-\(command.name) 1"))
            func check(_ spec: Command, _ path: [String]) {
                if path.count > 2 { #expect(text.contains(".Ss " + path.joined(separator: " ") + "\n"), "\(path)") }
                if path.count == 2 {
                    #expect(text.contains(".Nd " + Roff.argument(String(spec.abstract.dropLast(spec.abstract.hasSuffix(".") ? 1 : 0))) + "\n"), "\(path): abstract")
                } else {
                    #expect(text.contains(Roff.text(spec.abstract)), "\(path): abstract")
                }
                for option in spec.options where !option.isHidden {
                    #expect(text.contains("Fl -" + (option.hasInversion && option.isFlag ? "[no-]" : "") + option.name), "\(path) --\(option.name)")
                }
                for example in spec.examples { #expect(text.contains(Roff.literal("$ " + example.command)), "\(path): \(example.command)") }
                for sub in spec.visibleSubcommands { check(sub, path + [sub.name]) }
            }
            check(command, ["susi", command.name])
        }
        // The topics' tables are the sections.
        let susi = pages["susi.1"]!
        for variable in ["SUSI_HOME", "SUSI_TOKEN", "SUSI_SERVER", "NO_COLOR"] { #expect(susi.contains(".It Ev \(variable)\n")) }
        #expect(susi.contains(".It Pa ~/.config/susi/config.json\n"))
        #expect(susi.contains(".It 77 EX_NOPERM\n") || susi.contains(".It 77 "))
        // Hidden commands get no page.
        #expect(pages["susi-__generate-manual.1"] == nil)
        #expect(!susi.contains("__generate-manual"))
    }

    @Test func theHelpTopicsPointAtTheManPages() throws {
        let harness = try TemporaryHome().harness()
        #expect(harness.run(["help", "files"]).stdout.contains("man susi-chat"))
        #expect(harness.run(["help", "environment"]).stdout.contains("man susi"))
    }

    @Test func generateManualWritesEveryPageAndRemovesStaleOnes() throws {
        let home = try TemporaryHome()
        let directory = home.path + "/out/man"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/susi-gone.1", contents: Data("old".utf8))
        _ = FileManager.default.createFile(atPath: directory + "/other.1", contents: Data("kept".utf8))
        let result = try home.harness().run(["__generate-manual", directory])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Wrote \(Manual.pages().count) man pages to \(directory).\n")
        #expect(result.stderr == "removed \(directory)/susi-gone.1\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == (Manual.pages().map(\.fileName) + ["other.1"]).sorted())
        #expect(FileManager.default.contents(atPath: directory + "/susi.1") == Data(Manual.pages()[0].text.utf8))
    }

    @Test func generateManualRefusesAFolderItCannotWrite() throws {
        let home = try TemporaryHome()
        let file = home.path + "/plain"
        _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
        let result = try home.harness().run(["__generate-manual", file + "/man"])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("error: Cannot write the man pages into \(file)/man: "))
        #expect(result.stderr.contains("Give a folder you can write to."))
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
        let missing = try home.harness().run(["__generate-manual"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: Missing"))
    }
}
