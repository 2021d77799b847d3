import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// `susi skills import` at corpus scale skips thousands of intents: the
/// skips are counted by kind, listed only with --warnings, -q leaves only
/// the summary line, and the summary is the last line.
@Suite("skills import: warnings grouped, --warnings, -q")
struct ImportSkillsWarningsTests {
    /// Two skills with three !javascript intents between them, a file
    /// without a usable intent and one outside the layout.
    static func tree(_ home: TemporaryHome) throws -> String {
        let root = home.path + "/tree"
        let files = [
            "models/general/Fun/en/parrot.txt": "polly *\nPolly says $1$.\n\nbroken\n!javascript:x\neol\n",
            "models/general/Fun/en/scripts.txt": "one\n!javascript:a\neol\n\ntwo\n!javascript:b\neol\n\nthree\nThree.\n",
            "models/general/Fun/en/empty.txt": "# nothing here\n",
            "models/stray.txt": "stray\nnever imported\n",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let counted = "5 skipped or ignored: !javascript intent (3), file outside the models layout (1), file without a usable intent (1)."
    static let summary = "Imported 2 skills with 2 intents; 5 skipped or ignored."

    @Test func byDefaultTheSkipsAreCountedByKindNotListed() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["skills", "import", try Self.tree(home)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Fun\ten\t2\t2\n")
        #expect(result.stderr == Self.counted + " Run again with --warnings to list each one.\n" + Self.summary + "\n")
        // The skills went in.
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        #expect(susi.run(["chat", "three"]).stdout == "Three.\n")
    }

    @Test func warningsListsEachSkipThenTheCountsThenTheSummary() throws {
        let home = try TemporaryHome()
        let root = try Self.tree(home)
        let result = try home.harness().run(["skills", "import", "--warnings", root])
        #expect(result.status == 0, "\(result.stderr)")
        let shown = root + "/models/"
        #expect(result.stderr == """
            \(shown)general/Fun/en/empty.txt: no usable intent; file skipped
            \(shown)general/Fun/en/parrot.txt:4: warning: !javascript is not supported; intent skipped
            \(shown)general/Fun/en/scripts.txt:1: warning: !javascript is not supported; intent skipped
            \(shown)general/Fun/en/scripts.txt:5: warning: !javascript is not supported; intent skipped
            \(shown)stray.txt: not in the models/<model>/<group>/<language>/<skill>.txt layout; file skipped
            \(Self.counted)
            \(Self.summary)

            """)
        #expect(result.stdout == "Fun\ten\t2\t2\n")
    }

    @Test func quietPrintsOnlyTheSummaryLine() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let root = try Self.tree(home)
        for argv in [["skills", "import", "-q", root], ["-q", "skills", "import", root], ["skills", "import", "--quiet", root]] {
            let result = susi.run(argv)
            #expect(result == InProcess.Result(stdout: "", stderr: Self.summary + "\n", status: 0), "\(argv)")
        }
        #expect(susi.run(["chat", "three"]).stdout == "Three.\n")
        // Asked for explicitly, the list comes with -q too.
        let listed = susi.run(["skills", "import", "-q", "--warnings", root])
        #expect(listed.stdout.isEmpty)
        #expect(listed.stderr.split(separator: "\n").count == 6)
        #expect(listed.stderr.hasSuffix("layout; file skipped\n" + Self.summary + "\n"))
    }

    @Test func onATerminalTheTableHasHeadersAndTheSummaryIsTheLastLine() throws {
        let home = try TemporaryHome()
        var susi = try home.harness(["NO_COLOR": "1"])
        susi.stdoutTTY = true
        susi.stderrTTY = true
        let result = susi.run(["skills", "import", try Self.tree(home)])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("GROUP  LANG  SKILLS  INTENTS\nFun    en    2       2"), "\(result.stdout)")
        #expect(result.stderr.split(separator: "\n").last.map(String.init) == Self.summary)
    }

    @Test func oneSkillIsSaidInTheSingularAndNothingSkippedIsNotMentioned() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/one/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("ping\npong\n".utf8).write(to: URL(fileURLWithPath: dir + "/ping.txt"))
        let result = try home.harness().run(["skills", "import", home.path + "/one"])
        #expect(result == InProcess.Result(stdout: "Fun\ten\t1\t1\n", stderr: "Imported 1 skill with 1 intent.\n", status: 0))
    }

    @Test func jsonHasTheCountsPerKindAndTheListOnlyWithWarnings() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let root = try Self.tree(home)
        let plain = susi.run(["--json", "skills", "import", root])
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(object["skipped_by_kind"] as? [String: Int] == ["javascript_intent": 3, "layout": 1, "no_intent": 1])
        #expect(object["skipped_count"] as? Int == 5)
        #expect(object["failed_files"] as? Int == 0)
        #expect(object["skills"] as? Int == 2)
        #expect(object["skipped"] == nil)

        let listed = susi.run(["skills", "import", "--json", "--warnings", root])
        #expect(listed.status == 0)
        #expect(listed.stderr.isEmpty, "the list is in the JSON, not on stderr: \(listed.stderr)")
        let full = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let skipped = try #require(full["skipped"] as? [[String: Any]])
        #expect(skipped.count == 5)
        #expect(skipped.filter { $0["kind"] as? String == "javascript_intent" }.map { $0["line"] as? Int } == [4, 1, 5])
        #expect(skipped.first { $0["kind"] as? String == "layout" }?["file"] as? String == root + "/models/stray.txt")
    }

    @Test func filesThatCouldNotBeUsedAreCountedAndTheErrorSaysHowToSeeThem() throws {
        let home = try TemporaryHome()
        let root = try HostileSkillTreeTests.hostileTree(home)
        let susi = try home.harness()
        let result = susi.run(["skills", "import", root])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout == "Fun\ten\t2\t2\n")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines == [
            "7 skipped or ignored: symbolic link not followed (4), binary file (2), not a regular file (1). Run again with --warnings to list each one.",
            "Imported 2 skills with 2 intents; 7 skipped or ignored.",
            "error: 7 files could not be imported; the rest was.",
            "Run again with --warnings to see which and why.",
        ])
        #expect(!result.stderr.contains("shadow"), "no file is listed without --warnings")
        let quiet = susi.run(["skills", "import", "-q", root])
        #expect(quiet.status == 65)
        #expect(quiet.stderr.hasPrefix("Imported 2 skills with 2 intents; 7 skipped or ignored.\nerror: 7 files could not be imported"))
        let json = susi.run(["skills", "import", "--json", root])
        #expect(json.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["skipped_by_kind"] as? [String: Int] == ["link": 4, "binary": 2, "not_regular": 1])
        #expect(object["failed_files"] as? Int == 7)
    }

    @Test func aMissingFolderIs66AndChangesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let before = susi.run(["skills", "list"]).stdout
        let missing = home.path + "/no-such-tree"
        for argv in [["skills", "import", missing], ["skills", "import", "-q", missing], ["skills", "import", "--json", "--warnings", missing]] {
            let result = susi.run(argv)
            #expect(result.status == 66, "\(argv)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "error: Cannot read '\(missing)': no such folder.\n", "\(argv)")
        }
        #expect(susi.run(["skills", "list"]).stdout == before)
    }
}
