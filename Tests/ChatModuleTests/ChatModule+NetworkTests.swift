import Foundation
import SusiHost
import SusiTestKit
import SusiTestSupport
import Testing

/// The network setting and `--offline`: console fetches refused with a note
/// naming the skill and host, `-v` logging each fetch, and a failed fetch
/// named in the answer. Every server here is a fixture on 127.0.0.1.
@Suite("Going online for a skill")
struct ChatNetworkTests {
    private func workspace(_ server: LoopbackHTTPServer) throws -> (InProcess, String, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("susi-network-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let skill = dir + "/coin_price.txt"
        try """
        coin price
        !console:The price is $price$.
        {"url": "\(server.baseURL)/price", "path": "$"}
        eol
        """.write(toFile: skill, atomically: true, encoding: .utf8)
        return (InProcess(home: dir), dir, skill)
    }

    private var host: (LoopbackHTTPServer) -> String {
        { server in URL(string: server.baseURL)!.host! + ":" + String(URL(string: server.baseURL)!.port!) }
    }

    @Test func onByDefaultAndVerboseLogsEachFetch() throws {
        let server = try LoopbackHTTPServer { _ in .json("{\"price\": \"12\"}") }
        defer { server.stop() }
        let (susi, _, skill) = try workspace(server)
        #expect(susi.run(["chat", "--skill", skill, "coin price"]).stdout == "The price is 12.\n")
        let verbose = susi.run(["-v", "chat", "--skill", skill, "coin price"])
        #expect(verbose.stdout == "The price is 12.\n")
        let log = verbose.stderr.split(separator: "\n").first { $0.contains("console: GET") }.map(String.init) ?? ""
        #expect(log.contains("console: GET \(host(server)) 200 in "), "\(verbose.stderr)")
        #expect(log.hasSuffix(" ms"))
        #expect(server.requests.count == 2)
    }

    @Test(arguments: [
        (["--offline"], [String: String](), "--offline was given"),
        ([], ["SUSI_NETWORK": "off"], "SUSI_NETWORK is off"),
        ([], ["config": "off"], "the network setting is off (susi config set network on)"),
    ])
    func offRefusesEveryFetchAndNamesTheSkillAndHost(flags: [String], settings: [String: String], cause: String) throws {
        let server = try LoopbackHTTPServer { _ in .json("{\"price\": \"12\"}") }
        defer { server.stop() }
        var (susi, _, skill) = try workspace(server)
        if settings["config"] != nil {
            #expect(susi.run(["config", "set", "network", "off"]).status == 0)
        }
        if let value = settings["SUSI_NETWORK"] { susi.environment["SUSI_NETWORK"] = value }
        let result = susi.run(flags + ["-v", "chat", "--skill", skill, "coin price"])
        #expect(result.status == 0)
        #expect(result.stdout == "I did not go online: the skill 'coin_price' needs \(host(server)), and \(cause).\n")
        #expect(result.stderr.contains("console: GET \(host(server)) refused (network off)"))
        #expect(server.requests.isEmpty)
    }

    @Test func theNetworkSettingTakesOnlyOnOrOff() throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let (susi, dir, _) = try workspace(server)
        let result = susi.run(["config", "set", "network", "maybe"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("on, off"))
        let saved = (try? String(contentsOfFile: dir + "/.config/susi/config.json", encoding: .utf8)) ?? ""
        #expect(!saved.contains("maybe"))
        #expect(susi.run(["config", "get", "network"]).stdout == "on\n")
    }

    @Test func aFailedFetchNamesTheSkillAndHostInsteadOfTheFallback() throws {
        let server = try LoopbackHTTPServer { _ in .text("down", status: 503) }
        defer { server.stop() }
        let (susi, _, skill) = try workspace(server)
        let result = susi.run(["chat", "--skill", skill, "coin price"])
        #expect(result.status == 0)
        #expect(result.stdout == "The skill 'coin_price' needed \(host(server)), which could not be reached (\(host(server)) answered HTTP 503), so it could not answer.\n")
        #expect(server.requests.count == 1)
    }

    @Test func theEmbeddedSUSIObeysTheSettingForImportedSkills() throws {
        let server = try LoopbackHTTPServer { _ in .json("{\"price\": \"12\"}") }
        defer { server.stop() }
        let (susi, dir, _) = try workspace(server)
        let tree = try writeSkillTree(dir, ["general/Finance/en/coin_price.txt": """
        coin price
        !console:The price is $price$.
        {"url": "\(server.baseURL)/price", "path": "$"}
        eol
        """])
        #expect(susi.run(["skills", "import", tree]).status == 0)
        #expect(susi.run(["chat", "coin price"]).stdout == "The price is 12.\n")
        let offline = susi.run(["--offline", "chat", "coin price"])
        #expect(offline.stdout.hasPrefix("I did not go online: the skill 'coin_price' needs \(host(server))"))
        #expect(server.requests.count == 1)
    }
}
