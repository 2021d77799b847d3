import Foundation
import SusiCore
import Testing
@testable import SusiVault
import SusiTestKit

@Suite("Vault concurrency")
struct VaultConcurrencyTests {
    /// The helper executable (Tests/VaultStress) sits beside the test binary.
    static var helper: String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (me as NSString).deletingLastPathComponent + "/susi-vault-stress"
    }

    @Test func twentyProcessesStoringDifferentAccountsLoseNothing() throws {
        let home = try VaultHome()
        #expect(FileManager.default.isExecutableFile(atPath: Self.helper), "build the susi-vault-stress helper")
        let passphrase = "shared passphrase"
        var running: [(Process, Pipe)] = []
        for index in 0..<20 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.helper)
            process.arguments = [home.credentials, "https://api.susi.ai", "user\(index)@example.org"]
            process.environment = ChildEnvironment.make(home: ChildEnvironment.noHome)
            let input = Pipe()
            process.standardInput = input
            try process.run()
            running.append((process, input))
        }
        // Release them all at once, so they race for the first write and the lock.
        for (_, input) in running {
            try input.fileHandleForWriting.write(contentsOf: Data(passphrase.utf8))
            try input.fileHandleForWriting.close()
        }
        for (process, _) in running { process.waitUntilExit() }
        #expect(running.map { $0.0.terminationStatus } == Array(repeating: 0, count: 20))
        let stored = try home.passphraseVault(passphrase).entries()
        #expect(Set(stored.map(\.account)) == Set((0..<20).map { "user\($0)@example.org" }))
        #expect(stored.allSatisfy { $0.token == "token-for-\($0.account)" })
        #expect(home.siblings() == ["credentials", "credentials.lock"], "no temp files left behind")
    }

    @Test func twentyThreadsWithTheirOwnVaultsLoseNothing() throws {
        let home = try VaultHome()
        let path = home.credentials
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let vault = Vault(path: path, key: .passphrase("threads", cost: .minimalForTesting))
            try? vault.store(entry("thread\(index)@example.org"))
        }
        #expect(try home.passphraseVault("threads").entries().count == 20)
    }
}
