import Foundation
import SusiTestKit
import Testing
import SusiCore
@testable import SusiHost
#if canImport(Glibc)
import Glibc
#endif

/// Skill trees come from third parties: links out of the tree, FIFOs,
/// devices and binary files must never be read as skills (and never end up
/// in the database, where `/cms/getSkill.json` would serve them).
@Suite("Hostile skill trees")
struct HostileSkillTreeTests {
    static let secret = "root:$6$not-a-real-hash:19000:0:99999:7:::"

    /// A models tree with one good skill and every kind of hostile entry.
    static func hostileTree(_ home: TemporaryHome) throws -> String {
        let root = home.path + "/tree"
        let skills = root + "/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: skills, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.path + "/outside", withIntermediateDirectories: true)
        try Data("polly *\nPolly says $1$.\n".utf8).write(to: URL(fileURLWithPath: skills + "/parrot.txt"))
        // What /etc/shadow would be: a secret outside the tree.
        try Data("\(secret)\nanswer\n".utf8).write(to: URL(fileURLWithPath: home.path + "/outside/shadow"))
        try Data("outside *\nfrom outside\n".utf8).write(to: URL(fileURLWithPath: home.path + "/outside/a.txt"))
        #expect(symlink(home.path + "/outside/shadow", skills + "/shadow.txt") == 0)
        #expect(symlink("/etc/passwd", skills + "/passwd.txt") == 0)
        #expect(symlink(home.path + "/outside", skills + "/elsewhere") == 0)
        #expect(symlink(home.path + "/nothing-here", skills + "/dangling.txt") == 0)
        // A link that stays inside the tree is followed.
        #expect(symlink("parrot.txt", skills + "/alias.txt") == 0)
        #expect(mkfifo(skills + "/fifo.txt", 0o600) == 0)
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0x0A, 0x0A, 0x01]).write(to: URL(fileURLWithPath: skills + "/garbage.txt"))
        try Data(Array("hello\nhi there\n\nbad \u{0}".utf8).dropLast() + [0xFF, 0xFE, 0x0A, 0x41, 0x0A])
            .write(to: URL(fileURLWithPath: skills + "/latin.txt"))
        return root
    }

    @Test func importRefusesEveryHostileEntryImportsTheRestAndExits65() throws {
        let home = try TemporaryHome()
        let root = try Self.hostileTree(home)
        let susi = try home.harness()
        let result = susi.run(["skills", "import", "--warnings", root])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout == "Fun\ten\t2\t2\n")
        let shown = root + "/models/general/Fun/en/"
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains(shown + "shadow.txt: a symbolic link out of the tree; file skipped"))
        #expect(lines.contains(shown + "passwd.txt: a symbolic link out of the tree; file skipped"))
        #expect(lines.contains(shown + "elsewhere: a symbolic link to a folder outside the tree; not followed"))
        #expect(lines.contains { $0.hasPrefix(shown + "dangling.txt: a symbolic link to nothing") })
        #expect(lines.contains(shown + "fifo.txt: not a regular file (a FIFO); file skipped"))
        #expect(lines.contains(shown + "garbage.txt:1: binary data (a NUL byte), not a skill file; file skipped"))
        #expect(lines.contains(shown + "latin.txt:4: not UTF-8 text (invalid byte 0xFF); file skipped"))
        #expect(!result.stderr.contains(":0:"), "no made-up line numbers")
        #expect(lines.contains("error: 7 files could not be imported (listed above); the rest was."))

        // The good skill and the in-tree alias answer; nothing from outside does.
        #expect(susi.run(["chat", "polly wants a cracker"]).stdout == "Polly says wants a cracker.\n")
        #expect(susi.run(["chat", "outside now"]).stdout != "from outside\n")
        let list = susi.run(["skills", "list"]).stdout
        #expect(list.contains("alias") && list.contains("parrot"))
        #expect(!list.contains("shadow") && !list.contains("garbage") && !list.contains("latin"))
        // The secret is in no file of the database.
        for file in ["susi.db", "susi.db-wal"] {
            let bytes = FileManager.default.contents(atPath: home.path + "/data/" + file) ?? Data()
            #expect(bytes.range(of: Data("not-a-real-hash".utf8)) == nil, "\(file) holds the secret")
        }

        // --json reports the same and exits the same.
        let json = susi.run(["--json", "skills", "import", "--warnings", root])
        #expect(json.status == 65)
        #expect(json.stdout.contains("\"reason\" : \"a symbolic link out of the tree; file skipped\""))
        #expect(json.stdout.contains("\"line\" : 4"))
    }

    @Test func aMissingInputIs66Everywhere() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let missing = home.path + "/nonexistent"
        let imported = susi.run(["skills", "import", missing])
        #expect(imported == InProcess.Result(stdout: "", stderr: "error: Cannot read '\(missing)': no such folder.\n", status: 66))
        #expect(susi.run(["skills", "test", missing]).status == 66)
        #expect(susi.run(["chat", "--skill", missing, "hello"]).status == 66)
        // A file where a folder is needed is a missing input too, not a usage error.
        let file = home.path + "/file.txt"
        try Data("x\ny\n".utf8).write(to: URL(fileURLWithPath: file))
        let notAFolder = susi.run(["skills", "import", file])
        #expect(notAFolder.status == 66)
        #expect(notAFolder.stderr.hasPrefix("error: Cannot import '\(file)': it is not a folder.\n"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/susi.db-wal") ||
                susi.run(["skills", "list", "--search", "file"]).stdout.isEmpty)
    }

    @Test func skillsTestAndChatSkillRefuseLinksOutOfAFolderAndFIFOs() throws {
        let home = try TemporaryHome()
        let root = try Self.hostileTree(home)
        let susi = try home.harness()
        let folder = root + "/models/general/Fun/en"
        // skills test goes on as import does: refused files listed, the rest
        // tested, the summary last, exit 65.
        let tested = susi.run(["skills", "test", folder])
        #expect(tested.status == 65)
        let lines = tested.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(folder)/dangling.txt: a symbolic link to nothing") }, "\(tested.stderr)")
        #expect(lines.contains("\(folder)/fifo.txt: not a regular file (a FIFO); file skipped"))
        #expect(lines.contains("\(folder)/garbage.txt:1: binary data (a NUL byte), not a skill file; file skipped"))
        #expect(lines.last?.hasPrefix("error: ") == true && lines.last?.contains("could not be tested (listed above); the rest was.") == true,
                "\(tested.stderr)")
        #expect(tested.stdout.hasSuffix(" refused\n"), "\(tested.stdout)")
        #expect(tested.stdout.contains("skill files: "), "the good files were tested: \(tested.stdout)")

        let chatted = susi.run(["chat", "--skill", folder + "/fifo.txt", "hello"])
        #expect(chatted == InProcess.Result(stdout: "", stderr: """
            error: \(folder)/fifo.txt: not a regular file (a FIFO)
            Skill files are read only from regular text files inside the named folder.

            """, status: 65))
        let binary = susi.run(["chat", "--skill", folder + "/garbage.txt", "hello"])
        #expect(binary.status == 65)
        #expect(binary.stderr.contains("garbage.txt:1: binary data (a NUL byte)"))
        // A file named directly may be a link: the user chose it.
        #expect(susi.run(["chat", "--skill", folder + "/alias.txt", "polly hi"]).stdout == "Polly says hi.\n")
    }

    /// A FIFO is what `--passphrase-file <(pass show susi)` passes: allowed.
    /// A device (/dev/zero would be read forever) or a folder is refused.
    @Test func passphraseFileMayBeAPipeButNotADevice() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        let file = home.path + "/pass"
        try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: file))
        let signup = susi.run(["login", "--signup", "--email", "ada@example.com", "--password-stdin", "--passphrase-file", file],
                              stdin: "Secret#123\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let before = FileManager.default.contents(atPath: home.credentialsFile)

        let fifo = home.path + "/pass.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "correct horse\n".withCString { Glibc.write(fd, $0, 14) }
            close(fd)
        }
        writer.start()
        let token = susi.run(["login", "token", "--passphrase-file", fifo])
        #expect(token.status == 0, "\(token.stderr)")
        #expect(!token.stdout.isEmpty)

        let device = susi.run(["login", "token", "--passphrase-file", "/dev/zero"])
        #expect(device.status == 66)
        #expect(device.stderr.hasPrefix("error: Cannot read the passphrase file: /dev/zero: not a regular file or a pipe (a character device)."))
        let missing = susi.run(["login", "token", "--passphrase-file", home.path + "/nonexistent"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("error: The passphrase file \(home.path)/nonexistent does not exist.\n"))
        let folder = susi.run(["login", "token", "--passphrase-file", home.path])
        #expect(folder.status == 66)
        #expect(FileManager.default.contents(atPath: home.credentialsFile) == before)
    }
}

/// The bundled skills go through the same walker: SUSI_BUNDLED_SKILLS may
/// point at any tree, and a link out of it is neither stored nor served.
@Suite("Bundled skills and links")
struct BundledSkillLinkTests {
    @Test func aLinkOutOfTheBundledTreeIsNotStored() throws {
        let home = try TemporaryHome()
        let models = home.path + "/bundled/models"
        let skills = models + "/general/Fun/en"
        try FileManager.default.createDirectory(atPath: skills, withIntermediateDirectories: true)
        try Data("hello\nHello from the bundle.\n".utf8).write(to: URL(fileURLWithPath: skills + "/hello.txt"))
        try Data("\(HostileSkillTreeTests.secret)\nanswer\n".utf8).write(to: URL(fileURLWithPath: home.path + "/shadow"))
        #expect(symlink(home.path + "/shadow", skills + "/shadow.txt") == 0)
        let susi = try home.harness(["SUSI_BUNDLED_SKILLS": models])
        #expect(susi.run(["chat", "hello"]).stdout == "Hello from the bundle.\n")
        let list = susi.run(["skills", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("hello") && !list.stdout.contains("shadow"))
        let bytes = FileManager.default.contents(atPath: home.path + "/data/susi.db") ?? Data()
        let wal = FileManager.default.contents(atPath: home.path + "/data/susi.db-wal") ?? Data()
        #expect(bytes.range(of: Data("not-a-real-hash".utf8)) == nil && wal.range(of: Data("not-a-real-hash".utf8)) == nil)
    }
}
