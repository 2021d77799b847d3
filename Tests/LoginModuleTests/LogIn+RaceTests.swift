import Foundation
import SusiTestKit
import Testing
import SusiBasics
import SusiCore
@testable import SusiHost

/// `susi login switch b` racing `susi logout` (real processes): every
/// read-modify-write of session.json and the credential file is serialised,
/// so what each command printed is what happened. Before the lock, logout
/// read session a, switch wrote session b, logout removed the session, and
/// the user was left logged out although switch said "Now logged in as b".
@Suite("Session and credential changes are serialised")
struct SessionRaceTests {
    static let ada = "ada@example.com", bob = "bob@example.com"

    struct Outcome { var status: Int32; var stderr: String }

    static func start(_ arguments: [String], home: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        process.arguments = arguments
        process.environment = ["SUSI_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin",
                               "SUSI_LOOPBACK_ONLY": "1", "SUSI_SPEAKER": "127.0.0.1:9"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    static func finish(_ started: (Process, Pipe)) -> Outcome {
        let text = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.0.waitUntilExit()
        return Outcome(status: started.0.terminationStatus, stderr: text)
    }

    @Test func switchRacingLogoutHundredTimesLosesNothing() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        for email in [Self.bob, Self.ada] {
            let result = susi.run(["login", "--signup", "--email", email, "--password-stdin", "--machine-key"], stdin: "Secret#123\n")
            try #require(result.status == 0, "\(result.stderr)")
        }
        // Both logins stored, ada active: the state every round starts from.
        let files = ["data/credentials", "state/session.json"]
        let snapshot = try files.map { try Data(contentsOf: URL(fileURLWithPath: home.path + "/" + $0)) }

        var lost: [String] = []
        for round in 0..<100 {
            for (file, bytes) in zip(files, snapshot) {
                try bytes.write(to: URL(fileURLWithPath: home.path + "/" + file))
                chmod(home.path + "/" + file, 0o600)
            }
            let switching = try Self.start(["login", "switch", Self.bob], home: home.path)
            let leaving = try Self.start(["logout"], home: home.path)
            let switched = Self.finish(switching), left = Self.finish(leaving)
            #expect(switched.status == 0, "round \(round): \(switched.stderr)")
            #expect(left.status == 0, "round \(round): \(left.stderr)")
            #expect(switched.stderr.contains("Now logged in to local as \(Self.bob)."))

            let session = try Session.load(Paths(environment: ["SUSI_HOME": home.path]))
            let stored = susi.run(["login", "switch"]).stdout
            if left.stderr.contains("Logged out of local as \(Self.ada).") {
                // logout first: ada is gone, and the switch that came after holds.
                if session?.account != Self.bob { lost.append("round \(round): logged out ada, then no session for bob") }
                #expect(!stored.contains(Self.ada) && stored.contains(Self.bob))
            } else if left.stderr.contains("Logged out of local as \(Self.bob).") {
                // switch first, then logout ended bob's login.
                if session != nil { lost.append("round \(round): logged out bob, yet a session remains") }
                #expect(stored.contains(Self.ada) && !stored.contains(Self.bob))
            } else {
                lost.append("round \(round): logout said \(left.stderr)")
            }
        }
        #expect(lost.isEmpty, "\(lost.count) lost updates, first: \(lost.first ?? "")")
    }
}
