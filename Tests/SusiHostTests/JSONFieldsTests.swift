import Foundation
import SusiTestKit
import Testing
@testable import SusiHost

/// JSON everywhere: snake_case keys, ISO 8601 dates, and gh-style field
/// selection with `--json=a,b` (or `--json a,b`).
@Suite("JSON output: names, dates and field selection")
struct JSONFieldsTests {
    func isISO8601(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/#) != nil
    }

    func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    /// Every key that is not snake_case, outside `data` (a skill's own rows).
    func badKeys(_ value: Any, path: String = "") -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, child -> [String] in
                let here = path + "." + key
                let own = key.wholeMatch(of: #/[a-z0-9_]+/#) == nil ? [here] : []
                return own + (key == "data" ? [] : badKeys(child, path: here))
            }
        }
        if let array = value as? [Any] { return array.flatMap { badKeys($0, path: path + "[]") } }
        return []
    }

    @Test func everyCommandsJSONIsSnakeCaseWithISODates() throws {
        let home = try TemporaryHome()
        let susi = try home.loginHarness()
        _ = susi.run(["chat", "hello"])
        let folder = home.path + "/import"
        let group = folder + "/models/general/Fun/en"
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: true)
        try "::name Ping\n::description Answers ping\nping\npong\n".write(toFile: group + "/ping.txt", atomically: true, encoding: .utf8)
        susi.signUp()
        let commands: [[String]] = [
            ["config", "list"], ["config", "get", "server"], ["voice", "show"], ["voice", "list"], ["room", "list"],
            ["skills", "list"], ["skills", "groups"], ["skills", "info", "weather"], ["rate", "weather"],
            ["feedback", "list", "weather"], ["login", "status"], ["login", "switch"], ["chat", "history"],
            ["skills", "import", folder], ["skills", "test", "--bundled"],
        ]
        for command in commands {
            let result = susi.run(command + ["--json"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let value = try json(result.stdout)
            #expect(badKeys(value).isEmpty, "\(command.joined(separator: " ")): \(badKeys(value))")
        }
        let status = try #require(try json(susi.run(["login", "status", "--json"]).stdout) as? [String: Any])
        let expires = try #require(status["expires"] as? String, "login status has no ISO expiry: \(status)")
        #expect(isISO8601(expires), "\(expires)")
        #expect(status["token_valid"] as? Bool == true)
        #expect(status["accepted"] == nil, "the server's envelope word leaked")
        let logins = try #require(try json(susi.run(["login", "switch", "--json"]).stdout) as? [[String: Any]])
        #expect(logins.count == 1)
        #expect(logins.first?["active"] as? Bool == true)
        #expect(isISO8601(logins.first?["expires"] as? String))
    }

    @Test func aFieldListKeepsOnlyThoseFieldsOfEveryRow() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        for argv in [["skills", "list", "--json", "name,intents"], ["skills", "list", "--json=name,intents"]] {
            let result = susi.run(argv)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = try #require(try json(result.stdout) as? [[String: Any]])
            #expect(rows.count > 10)
            for row in rows { #expect(Set(row.keys) == ["name", "intents"], "\(row)") }
        }
        let one = susi.run(["skills", "list", "--json", "name"])
        let names = try #require(try json(one.stdout) as? [[String: String]])
        #expect(names.contains(["name": "weather"]))
    }

    @Test func chatsJSONLinesAreSelectedToo() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["chat", "--json=query", "hello"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"query\":\"hello\"}\n")
    }

    @Test func anUnknownFieldListsTheValidOnesAndPrintsNothing() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "list", "--json=name,nme"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Unknown JSON field 'nme'. Did you mean 'name'?"))
        #expect(result.stderr.contains("Available fields: author, author_url, description,"))
    }

    @Test func aMalformedFieldListIsAUsageError() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["skills", "list", "--json=name,"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected field names separated by commas, such as name,group"))
        #expect(result.stdout.isEmpty)
    }
}
