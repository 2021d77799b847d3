import Foundation
import SusiBasics
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost

/// `susi serve --store`, `serve.store` and `SUSI_SERVE_STORE`: which store
/// the serving port is given, and a password in the address refused
/// (exit 78) without ever being repeated, nothing served and nothing written.
@Suite("susi serve's store")
struct ServeModuleStoreTests {
    static let secret = "hunter2-store-secret"

    /// The harness with a serving port that records the settings it got and refuses to listen.
    func harness(_ home: TemporaryHome, _ extra: [String: String] = [:]) throws -> (InProcess, ServeModulePortsTests.FakeServing) {
        let serving = ServeModulePortsTests.FakeServing(loopback: true)
        var susi = try home.harness(extra)
        susi.makers = {
            $0.serving = { _, settings in
                serving.settings = settings
                return serving
            }
        }
        return (susi, serving)
    }

    @Test func theStoreComesFromTheOptionElseTheVariableElseTheSetting() throws {
        let home = try TemporaryHome()
        try home.writeConfig(#"{"serve.store": "postgresql://127.0.0.1/from-setting"}"#)
        var (susi, serving) = try harness(home)
        _ = susi.run(["serve", "--port", "0"])
        #expect(serving.settings?.store == "postgresql://127.0.0.1/from-setting")
        (susi, serving) = try harness(home, ["SUSI_SERVE_STORE": "postgresql://127.0.0.1/from-variable"])
        _ = susi.run(["serve", "--port", "0"])
        #expect(serving.settings?.store == "postgresql://127.0.0.1/from-variable")
        (susi, serving) = try harness(home, ["SUSI_SERVE_STORE": "postgresql://127.0.0.1/from-variable"])
        _ = susi.run(["serve", "--port", "0", "--store", "local"])
        #expect(try #require(serving.settings).store == nil)
    }

    @Test func withoutAStoreTheEmbeddedDatabaseIsUsed() throws {
        let home = try TemporaryHome()
        let (susi, serving) = try harness(home)
        _ = susi.run(["serve", "--port", "0"])
        #expect(try #require(serving.settings).store == nil)
    }

    @Test(arguments: ["postgresql://susi:\(secret)@127.0.0.1/susi", "postgres://127.0.0.1/susi?password=\(secret)"])
    func aPasswordInTheOptionIsRefusedUnrepeated(_ address: String) throws {
        let home = try TemporaryHome()
        let (susi, serving) = try harness(home)
        let result = susi.run(["serve", "--port", "0", "--store", address])
        #expect(result.status == 78)
        #expect(result.stderr.contains("carries a password"))
        #expect(!result.stderr.contains(Self.secret) && !result.stdout.contains(Self.secret))
        #expect(serving.settings == nil && serving.events.isEmpty)
    }

    @Test func aPasswordInTheVariableIsRefusedUnrepeated() throws {
        let home = try TemporaryHome()
        for (address, shown) in [("postgresql://susi:\(Self.secret)@127.0.0.1/susi", "'postgresql://***@127.0.0.1/susi'"),
                                 ("postgresql://127.0.0.1/susi?password=\(Self.secret)", "(a URL with a password, not repeated here)")] {
            let (susi, serving) = try harness(home, ["SUSI_SERVE_STORE": address])
            let result = susi.run(["serve", "--port", "0"])
            #expect(result.status == 78)
            #expect(result.stderr.hasPrefix("error: SUSI_SERVE_STORE has an invalid value \(shown) for 'serve.store'"), "\(result.stderr)")
            #expect(!result.stderr.contains(Self.secret))
            #expect(serving.settings == nil)
        }
    }

    @Test func aPasswordIsNeverWrittenToTheConfigFile() throws {
        let home = try TemporaryHome()
        try home.writeConfig(#"{"units": "metric"}"#)
        let before = home.configBytes()
        let susi = try home.harness()
        for address in ["postgresql://susi:\(Self.secret)@127.0.0.1/susi", "postgresql://127.0.0.1/susi?password=\(Self.secret)"] {
            let result = susi.run(["config", "set", "serve.store", address])
            #expect(result.status == 64)
            #expect(result.stderr.contains("for 'serve.store': the URL carries a password"), "\(result.stderr)")
            #expect(!result.stderr.contains(Self.secret))
            #expect(home.configBytes() == before)
        }
    }

    @Test func anAddressThatIsNoStoreIsRefused() throws {
        let home = try TemporaryHome()
        let (susi, serving) = try harness(home)
        let result = susi.run(["serve", "--port", "0", "--store", "mysql://127.0.0.1/susi"])
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("error: The store address is refused: expected 'local' or a postgresql:// URL."))
        #expect(serving.settings == nil)
    }
}
