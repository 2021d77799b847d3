import Foundation
import SusiNet
import SusiTestKit
import Testing

/// The chat page of `susi serve` in a real browser (issue 39): the built
/// binary serves a fresh home on 127.0.0.1, and scripts/web-browser-test.py
/// drives Debian's headless Chromium through chromium-driver and
/// python3-selenium against it (then against HAProxy in front of it on a
/// path prefix, when haproxy is installed). `make deps` installs all four.
@Suite("web page in a browser",
       .enabled(if: BrowserTools.missing == nil, "\(BrowserTools.missing ?? ""): run 'make deps' to install it"))
struct WebPageBrowserTests {
    /// A skill whose answers carry markup and a javascript: link (shown as
    /// text, run never), and one with every other action type the terminal renders.
    static let hostileSkill = """
    ::name Web test
    ::description Markup in an answer, for the browser test.

    show me the web test markup
    Markup: <script> window.__pwned = 1 </script><img src=x onerror=window.__pwned=2>

    give me the web test link
    !console:Here is a link.
    {"data": [{"n": "1"}], "path": "$",
     "actions": [{"type": "anchor", "link": "javascript:window.__pwned=3", "text": "click me"}]}
    eol

    show me every web action
    !console:Every action.
    {"data": [{"title": "First news", "description": "What happened first.", "link": "https://news.example/1"},
              {"title": "Second news", "description": "What happened next.", "link": "https://news.example/2"}],
     "path": "$",
     "actions": [{"type": "rss", "title": "title", "description": "description", "link": "link"},
                 {"type": "map", "latitude": "48.8584", "longitude": "2.2945", "zoom": "15"},
                 {"type": "video_play", "identifier": "abc123", "identifier_type": "youtube"},
                 {"type": "audio_play", "identifier": "https://radio.example/stream.mp3"},
                 {"type": "image_show", "url": "https://images.example/cat.png"},
                 {"type": "timer_set", "time": "5", "unit": "minutes"},
                 {"type": "audio_volume", "volume": "40"},
                 {"type": "websearch", "query": "susi ai"},
                 {"type": "pause"},
                 {"type": "emotion", "mood": "happy"}]}
    eol

    """

    @Test func chatTableTimerRatingAndHostileTextWorkInChromiumDirectAndBehindHAProxy() throws {
        let server = try ServeBinary(environment: { NetworkGuard.safeEnvironment(home: $0) })
        let port = try #require(server.port == 0 ? nil : server.port, "no ready line; stderr: \(server.seen)")
        let environment = NetworkGuard.safeEnvironment(home: server.home)

        let file = server.home + "/tree/models/general/Test/en/webtest.txt"
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Self.hostileSkill.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try run(susiBinary, ["skills", "import", "-q", "--priority", "high", server.home + "/tree"], environment: environment)
        #expect(imported.status == 0, "skills import: \(imported.output)")

        var arguments = [packageRoot + "/scripts/web-browser-test.py", "--port", String(port)]
        if let haproxy = BrowserTools.haproxy {
            arguments += ["--haproxy", haproxy]
        } else {
            print("web page behind HAProxy: skipped, haproxy is not installed (run 'make deps')")
        }
        // SUSI_SCREENSHOTS=docs keeps the README's screenshots up to date.
        if let folder = ProcessInfo.processInfo.environment["SUSI_SCREENSHOTS"] {
            arguments += ["--screenshots", folder.hasPrefix("/") ? folder : packageRoot + "/" + folder]
        }
        var browserEnvironment = environment
        browserEnvironment["HOME"] = server.home
        let result = try run(BrowserTools.python, arguments, environment: browserEnvironment)
        #expect(result.status == 0, "web-browser-test.py exited \(result.status):\n\(result.output)")
        #expect(result.output.contains("direct: hello, table, every action, hostile text, link, timer, reload, sign-up, rating, feedback, origins: ok"))
        if BrowserTools.haproxy != nil {
            #expect(result.output.contains("haproxy on /home-susi/: forged requests refused, hello, table, login, rating, origins, ended login, logout: ok"))
        }
        #expect(server.terminate() == 0)
    }

    /// Runs a program to its end; standard output and error together.
    private func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// Debian's browser-test tools, where `make deps` installs them.
enum BrowserTools {
    static let python = "/usr/bin/python3"
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static let haproxy: String? = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What is missing for the browser test, or nil.
    static let missing: String? = {
        for tool in [python, chromium, chromedriver] where !FileManager.default.isExecutableFile(atPath: tool) {
            return tool + " is missing"
        }
        // Debian's python3-selenium, not a virtual environment's.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import selenium"]
        probe.environment = ChildEnvironment.make(home: ChildEnvironment.noHome)
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 cannot run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3-selenium is missing"
    }()
}
