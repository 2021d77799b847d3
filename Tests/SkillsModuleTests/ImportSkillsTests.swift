import Foundation
import SusiAuthoring
import SusiBasics
import SusiCore
import SusiEngine
import SusiHost
@testable import SusiLocal
import SusiPorts
import SusiTestKit
import Testing

private func freshHome() throws -> String {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-index-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    return home.path
}

/// A small tree in the models/<model>/<group>/<language>/<skill>.txt layout.
private func writeTree(_ files: [String: String]) throws -> String {
    let root = try freshHome() + "/tree"
    for (path, text) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}

@Suite("Skill import and the stored skill index")
struct SkillIndexTests {
    let tree: [String: String] = [
        "models/general/Fun/en/parrot.txt": "polly *\nPolly says $1$.\n\nhello\nSquawk!\n\nbroken\n!javascript:x\neol\n",
        "models/general/Fun/de/papagei.txt": "polly *\nPolly sagt $1$.\n",
        "models/general/Fun/en/empty.txt": "# nothing here\n",
        "models/stray.txt": "stray\nnever imported\n",
    ]

    @Test func importCountsSkipsAndAnswers() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree(tree)
        let result = susi.run(["skills", "import", "--warnings", root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Fun\tde\t1\t1\nFun\ten\t1\t2\n")
        #expect(result.stderr.contains("/models/general/Fun/en/parrot.txt:7: "))
        #expect(result.stderr.contains("/models/general/Fun/en/empty.txt: no usable intent"))
        #expect(result.stderr.contains("/models/stray.txt: not in the models/"))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        // By the reference score alone the imported "hello" would outrank the bundled "hello|hi|..."
        // (shortest: "hi"), but at the same priority the bundled skills come first.
        #expect(susi.run(["chat", "hello"]).stdout == "Hello! How can I help you today?\n")
        #expect(susi.run(["--json", "skills", "list", "--search", "parrot"]).stdout.contains("\"intents\" : 2"))

        // Importing again replaces, it does not duplicate.
        #expect(susi.run(["skills", "import", root + "/models"]).status == 0)
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        let json = susi.run(["--json", "skills", "import", root])
        #expect(json.stdout.contains("\"skills\" : 2"))
    }

    @Test func removeOneOrAllImportedButNeverBundled() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree(tree)
        #expect(susi.run(["skills", "import", root]).status == 0)
        #expect(susi.run(["skills", "remove", "Fun/en/parrot"]).status == 0)
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout != "Polly says wants a cracker.\n")
        #expect(susi.run(["skills", "info", "Fun/de/papagei"]).status == 0)
        #expect(susi.run(["skills", "remove", "--all-imported", "--yes"]).status == 0)
        #expect(susi.run(["skills", "info", "Fun/de/papagei"]).status != 0)
        let bundled = susi.run(["skills", "remove", "models/general/Communication/en/memory.txt"])
        #expect(bundled.status == 65)
        #expect(bundled.stderr.contains("cannot be removed"))
        #expect(susi.run(["chat", "hello"]).stdout == "Hello! How can I help you today?\n")
        #expect(susi.run(["skills", "remove"]).status == 64)
    }

    /// Issue 38: a plain folder of .txt skills imports; group and language come
    /// from the `::category` / `::language` headers, else the stated defaults.
    @Test func importsAPlainFolderOfSkills() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree([
            "parrot.txt": "polly *\nPolly says $1$.\n",
            "papagei.txt": "::category Fun\n::language de\n\npapagei *\nPapagei sagt $1$.\n",
            "notes.md": "not a skill\n",
        ])
        let result = susi.run(["skills", "import", root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Fun\tde\t1\t1\nKnowledge\ten\t1\t1\n")
        #expect(result.stderr.contains("1 skill without ::category or ::language headers went into group Knowledge, language en."))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        #expect(susi.run(["skills", "info", "Fun/de/papagei"]).status == 0)
        #expect(susi.run(["skills", "info", "Knowledge/en/parrot"]).status == 0)
    }

    @Test func groupAndLanguageOptionsPlaceSkillsWithoutHeaders() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree([
            "parrot.txt": "polly *\nPolly says $1$.\n",
            "papagei.txt": "::category Fun\n::language de\n\npapagei *\nPapagei sagt $1$.\n",
        ])
        let result = susi.run(["skills", "import", "--group", "Birds", "--language", "fr", root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Birds\tfr\t1\t1\nFun\tde\t1\t1\n")
        #expect(result.stderr.contains("went into group Birds, language fr."))
        let bad = susi.run(["skills", "import", "--group", "../x", root])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--group needs a name without '/'"))
    }

    /// `skills test` takes the same plain folder `skills import` does.
    @Test func skillsTestTakesTheSamePlainFolder() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree([
            "parrot.txt": "polly *\nPolly says $1$.\n!example:polly hi\n!expect:Polly says hi.\n",
        ])
        let tested = susi.run(["skills", "test", root])
        #expect(tested.status == 0, "\(tested.stderr)")
        #expect(tested.stdout.contains("1 example in 1 skill file: 1 passed"))
        #expect(susi.run(["skills", "import", root]).status == 0)
        #expect(susi.run(["chat", "polly hi"]).stdout == "Polly says hi.\n")
        let empty = susi.run(["skills", "test", try freshHome()])
        #expect(empty.status == 66)
    }

    @Test func aPlainFolderWithNothingToImportSaysWhy() throws {
        let susi = InProcess(home: try freshHome())
        let empty = try freshHome()
        let none = susi.run(["skills", "import", empty])
        #expect(none.status == 66)
        #expect(none.stderr.contains("is empty"))
        #expect(none.stderr.contains("models/<model>/<group>/<language>/<skill>.txt"))

        let noText = try writeTree(["readme.md": "hello\n"])
        let other = susi.run(["skills", "import", noText])
        #expect(other.status == 66)
        #expect(other.stderr.contains("holds no skill files (.txt)"))

        let notSkills = try writeTree(["notes.txt": "# only a comment\n"])
        let useless = susi.run(["skills", "import", notSkills])
        #expect(useless.status == 65)
        #expect(useless.stderr.contains("notes.txt: no usable intent"))
        #expect(useless.stderr.contains("nothing was imported"))
        #expect(susi.run(["--json", "skills", "list", "--source", "imported"]).stdout.contains("notes") == false)
    }

    @Test func aBinaryFileInAPlainFolderIsRefusedAndTheRestImported() throws {
        let susi = InProcess(home: try freshHome())
        let root = try writeTree(["parrot.txt": "polly *\nPolly says $1$.\n"])
        try Data([0x70, 0x00, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: root + "/blob.txt"))
        let result = susi.run(["skills", "import", root])
        #expect(result.status == 65)
        #expect(result.stderr.contains("1 file could not be imported"))
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
    }

    @Test("the whole public corpus: imported, every cases.tsv row answers as a mind holding every skill",
          .enabled(if: SharedData.isAvailable, SharedData.skipNote))
    func corpusAnswersAsTheWholeMind() throws {
        let home = try freshHome()
        let susi = InProcess(home: home)
        let imported = susi.run(["skills", "import", SharedData.corpus.path])
        #expect(imported.status == 0, "\(imported.stderr.suffix(2000))")
        #expect(imported.stdout.contains("Communication\ten\t12\t"))

        let service = try EmbeddedService(paths: Paths(environment: susi.environment), environment: susi.environment)
        let everything = try (SkillTreeLoader.load(tree: SharedData.corpus.appendingPathComponent("models"), languages: ["en"])
            + SkillFiles.bundled(environment: susi.environment, languages: ["en"]))
            .sorted { $0.path < $1.path }
        let mind = Mind(skills: everything)
        // Bundled skills rank above normal imports (issue 18): where the index answers
        // from a bundled skill, it must be the intent the bundled skills alone choose.
        let bundledMind = Mind(skills: try SkillFiles.bundled(environment: susi.environment, languages: ["en"]).sorted { $0.path < $1.path })
        var failures: [String] = []
        let rows = try SharedData.rows("cases.tsv").filter { $0.count >= 3 }
        for row in rows {
            let stored = try service.explain(row[1])
            let bundledChoice = bundledMind.explain(row[1])
            if let stored, let bundledChoice, stored.skill == bundledChoice.skill, stored.line == bundledChoice.line { continue }
            let memory = mind.explain(row[1])
            if stored?.skill != memory?.skill || stored?.line != memory?.line {
                failures.append("\(row[1]): index \(String(describing: stored)), memory \(String(describing: memory))")
                continue
            }
            // Each row is a fresh conversation, as for the mind (the anonymous one keeps variables).
            try service.database.run("DELETE FROM conversations")
            let answer = try service.chat(ChatRequest(query: row[1]), token: nil).text
            let possible = mind.possibleAnswers(row[1], tries: 40)
            if !possible.contains(answer) { failures.append("\(row[1]): \(answer.debugDescription) not in \(possible)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) rows differ:\n\(failures.prefix(10).joined(separator: "\n"))")
    }
}
