import Testing
import SusiCLI
@testable import SusiCore

@Suite("ConfigKey")
struct ConfigKeyTests {
    static let good: [(String, [String])] = [
        ("server", ["local", "https://api.susi.ai", "http://127.0.0.1:4000", "HTTP://Example.com/path", "http://[::1]:80"]),
        ("language", ["en", "de", "vo", "pt-BR", "pt-br", "zh-TW"]),
        ("network", ["on", "off"]),
        ("location", ["52.52,13.40", "52.52, 13.40", "-90,180", "0,0", "1.5,-0.25", "Berlin", "São Paulo", "Paris, France", "a,b",
                      "東京", String(repeating: "l", count: 100)]),
        ("voice", ["en", "en-us", "mb/mb-de1", "en+f3", "de_DE.x", String(repeating: "v", count: 64)]),
        ("speech.output", ["never", "always"]),
        ("speech.rate", ["0.5", "1", "1.0", "2", "2.0", "1.25"]),
        ("speech.pitch", ["0.5", "1", "2"]),
        ("room", ["Kitchen", "Living room", "居間", "a", String(repeating: "r", count: 64)]),
        ("color", ["auto", "always", "never"]),
        ("units", ["metric", "imperial"]),
        ("weather.url", ["https://api.open-meteo.com/v1/forecast", "http://127.0.0.1:8080/v1/forecast", "http://[::1]:80/f"]),
        ("geocoding.url", ["https://geocoding-api.open-meteo.com/v1/search", "http://localhost:9/search?x=1"]),
        ("pager", ["less -FRX", "cat", "most", "/usr/bin/less\t-S"]),
    ]

    static let bad: [(String, [String])] = [
        ("server", ["", "api.susi.ai", "ftp://api.susi.ai", "htp:/host", "http://", "http://host:99999",
                    "http://ho st", "localhost:4000", "LOCAL"]),
        ("language", ["", "e", "english", "EN", "pt_BR", "pt-BRA", "pt-", "-BR", "en-1x", "pt-BR-x", "dé",
                      "xx", "fil", "jp", "iw", "eng", "fl", "zz-ZZ"]),
        ("location", ["", "52.52", "91,0", "0,181", "1,2,3", "nan,0", "52.52;13.40", " Berlin", "Berlin ", "Ber\nlin",
                      "Ber\u{1B}[2Jlin", "12345", String(repeating: "l", count: 101)]),
        ("voice", ["", "en us", "en;rm", String(repeating: "v", count: 65), "ünï"]),
        ("speech.output", ["", "sometimes", "Always"]),
        ("speech.rate", ["", "0.49", "2.01", "fast", "175", "1e2", "nan", "inf"]),
        ("speech.pitch", ["-1", "0", "50", "high"]),
        ("room", ["", " ", " Kitchen", "Kitchen ", "a\tb", "a\nb", String(repeating: "r", count: 65)]),
        ("color", ["", "yes", "Auto"]),
        ("network", ["", "yes", "On", "offline"]),
        ("units", ["", "Metric", "us", "celsius"]),
        ("weather.url", ["", "api.open-meteo.com/v1/forecast", "ftp://example.org/f", "http://", "http://user:secret@127.0.0.1/f"]),
        ("geocoding.url", ["", "local", "htp:/host", "https://u:p@example.org/search"]),
        ("pager", ["", "   ", "less\n-R", "less\u{1B}[2J"]),
    ]

    @Test(arguments: good.flatMap { key, values in values.map { (key, $0) } })
    func accepts(_ name: String, _ value: String) throws {
        let key = try #require(ConfigKey.named(name))
        #expect(key.problem(with: value) == nil)
    }

    @Test(arguments: bad.flatMap { key, values in values.map { (key, $0) } })
    func rejects(_ name: String, _ value: String) throws {
        let key = try #require(ConfigKey.named(name))
        let problem = try #require(key.problem(with: value))
        #expect(problem.hasPrefix("expected"))
    }

    /// The shared settings; each module's are checked beside it
    /// (Tests/SusiHostTests/Host/ModuleSettingsTests.swift).
    @Test func everyKeyIsCoveredByTheTablesAbove() {
        let names = ConfigKey.shared.map(\.name)
        #expect(Set(Self.good.map(\.0)) == Set(names))
        #expect(Set(Self.bad.map(\.0)) == Set(names))
    }

    @Test func defaultsAreValid() {
        for key in ConfigKey.all {
            if let value = key.defaultValue {
                #expect(key.problem(with: value) == nil, "default of \(key.name)")
            }
        }
    }

    @Test func environmentVariables() {
        #expect(ConfigKey.server.environmentVariable == "SUSI_SERVER")
        #expect(ConfigKey.speechRate.environmentVariable == "SUSI_SPEECH_RATE")
        #expect(ConfigKey.speechOutput.environmentVariable == "SUSI_SPEECH_OUTPUT")
        #expect(Set(ConfigKey.all.map(\.environmentVariable)).count == ConfigKey.all.count)
    }

    @Test func namesAndKinds() {
        #expect(ConfigKey.named("speech.rate")?.name == "speech.rate")
        #expect(ConfigKey.named("nope") == nil)
        #expect(ConfigKey.speechRate.isNumeric && ConfigKey.speechPitch.isNumeric)
        #expect(!ConfigKey.server.isNumeric && !ConfigKey.speechOutput.isNumeric)
        #expect(ConfigKey.server.allowedDescription == "'local' or an http(s) URL")
        #expect(ConfigKey.speechRate.allowedDescription == "a number from 0.5 to 2")
    }

    @Test func urlParts() throws {
        let local = try #require(URLParts("http://127.0.0.1:4000"))
        #expect(local.scheme == "http" && local.host == "127.0.0.1" && local.port == 4000 && local.path == "")
        let upper = try #require(URLParts("HTTPS://api.susi.ai/"))
        #expect(upper.scheme == "https" && upper.host == "api.susi.ai" && upper.port == nil && upper.path == "")
        #expect(URLParts("http://h/a/b")?.path == "/a/b")
        #expect(URLParts("htp:/host") == nil)
        #expect(URLParts("http://h:0") == nil)
        #expect(URLParts("no scheme") == nil)
    }
}
