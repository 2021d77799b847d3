import Foundation
import SusiHost
import SusiTestKit
import SusiTestSupport
import Testing

/// Every control character of `text` a terminal would obey, after taking
/// out the project's own styling: Style's SGR codes and OSC 8 hyperlinks
/// whose target holds no control character. Newline and tab are fine.
func rawControls(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let own: Set<String> = ["0", "1", "2", "31", "32", "33", "36"]
    func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }
    var found: [String] = []
    var i = 0
    while i < scalars.count {
        let s = scalars[i]
        if s == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
            var j = i + 2
            var code = ""
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { code.unicodeScalars.append(scalars[j]); j += 1 }
            if j < scalars.count, scalars[j] == "m", own.contains(code) { i = j + 1; continue }
        }
        if s == "\u{1B}", i + 4 < scalars.count, String(String.UnicodeScalarView(scalars[(i + 1)...(i + 4)])) == "]8;;" {
            var j = i + 5
            while j < scalars.count, !isControl(scalars[j]) { j += 1 }
            if j + 1 < scalars.count, scalars[j] == "\u{1B}", scalars[j + 1] == "\\" { i = j + 2; continue }
        }
        if isControl(s), s != "\n", s != "\t" {
            found.append(String(format: "U+%04X at %d", s.value, i))
        }
        i += 1
    }
    return found
}

/// A chat.json reply whose every field is hostile, one action of each type.
func hostileReply(_ query: String) -> LoopbackHTTPServer.Response {
    let actions: [[String: Any]] = [
        ["type": "answer", "expression": hostile],
        ["type": "table", "columns": ["name": hostile, "moons": "Moons"]],
        ["type": "rss", "title": "title", "description": "description", "link": "link"],
        ["type": "websearch", "query": hostile],
        ["type": "anchor", "link": "http://x.example/\(hostile)", "text": hostile],
        ["type": "map", "latitude": hostile, "longitude": hostile, "zoom": hostile],
        ["type": "audio_play", "identifier": hostile, "identifier_type": "youtube"],
        ["type": "video_play", "identifier": hostile, "identifier_type": "url"],
        ["type": "image_show", "url": hostile],
        ["type": "timer_set", "time": hostile, "unit": hostile],
        ["type": "audio_volume", "volume": hostile],
        ["type": "stop"],
        ["type": hostile, hostile: hostile],
    ]
    let body: [String: Any] = [
        "query": query, "query_date": "2026-11-29T21:41:05.318Z", "answer_date": "2026-11-29T21:41:05.323Z",
        "query_language": "en", "answer_time": 5,
        "answers": [["data": [["name": hostile, "moons": hostile, "title": hostile, "description": hostile, "link": hostile]],
                     "metadata": ["count": 1], "actions": actions, "skills": ["/x/\(hostile).txt"]]],
        "session": ["identity": ["type": "host", "name": "127.0.0.1_abc", "anonymous": true]],
    ]
    let data = try! JSONSerialization.data(withJSONObject: body)
    return .json(String(decoding: data, as: UTF8.self))
}

@Suite("Hostile text never drives the terminal")
struct HostileTextTests {
    /// Runs `arguments` three ways: a colour terminal, a plain terminal, a pipe.
    private func everyWay(_ home: TemporaryHome, _ arguments: [String], extra: [String: String] = [:],
                          check: (InProcess.Result, String) -> Void) throws {
        for (tty, color) in [(true, "always"), (true, "never"), (false, "auto")] {
            var susi = try home.harness(extra)
            susi.stdoutTTY = tty
            susi.stderrTTY = tty
            let result = susi.run(["--color", color] + arguments)
            let how = "\(arguments.joined(separator: " ")) tty=\(tty) color=\(color)"
            #expect(rawControls(result.stdout).isEmpty, "stdout of \(how): \(rawControls(result.stdout)) in \(result.stdout.debugDescription)")
            #expect(rawControls(result.stderr).isEmpty, "stderr of \(how): \(rawControls(result.stderr)) in \(result.stderr.debugDescription)")
            check(result, how)
        }
    }

    @Test func aHostileServerReplyIsShownEscapedInEveryActionAndInTheHistory() throws {
        let server = try LoopbackHTTPServer { request in hostileReply(request.query["q"] ?? "") }
        defer { server.stop() }
        let home = try TemporaryHome()
        try everyWay(home, ["--server", server.baseURL, "chat", "hi"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
            // The text is still there, visibly: nothing is dropped.
            #expect(result.stdout.contains("a\\x1b]0;owned\\x07b\\x1b[2J\\x1b[31mc\\u009b2Jd\\x7fe"), "\(how): \(result.stdout)")
        }
        // The project's own colours still appear on a colour terminal.
        var colour = try home.harness()
        colour.stdoutTTY = true
        let styled = colour.run(["--color", "always", "--server", server.baseURL, "chat", "hi"])
        #expect(styled.stdout.contains("\u{1B}[1m"), "\(styled.stdout.debugDescription)")
        #expect(styled.stdout.contains("\u{1B}[2m["), "\(styled.stdout.debugDescription)")

        try everyWay(home, ["--server", server.baseURL, "chat", "history"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
            #expect(result.stdout.contains("a\\x1b]0;owned"), "\(how): \(result.stdout)")
        }
    }

    @Test func jsonOutputKeepsTheHostileTextExactly() throws {
        let server = try LoopbackHTTPServer { request in hostileReply(request.query["q"] ?? "") }
        defer { server.stop() }
        let home = try TemporaryHome()
        for tty in [true, false] {
            var susi = try home.harness()
            susi.stdoutTTY = tty
            let result = susi.run(["--server", server.baseURL, "chat", "--json", "hi"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(rawControls(result.stdout).isEmpty, "\(result.stdout.debugDescription)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let answers = try #require(object["answers"] as? [[String: Any]])
            let actions = try #require(answers.first?["actions"] as? [[String: Any]])
            #expect(actions.first?["expression"] as? String == hostile)
            let data = try #require(answers.first?["data"] as? [[String: Any]])
            #expect(data.first?["name"] as? String == hostile)
        }
        let history = try home.harness().run(["--server", server.baseURL, "chat", "history", "--json"])
        #expect(history.status == 0)
        #expect(rawControls(history.stdout).isEmpty)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0["answer"] as? String == hostile })
    }

    @Test func aHostileServerErrorIsOneEscapedLine() throws {
        let title = "Error 500 \(hostile)\nerror: forged line"
        let server = try LoopbackHTTPServer { _ in
            .text("<html><head><title>\(title)</title></head></html>", status: 500)
        }
        defer { server.stop() }
        let home = try TemporaryHome()
        try everyWay(home, ["--server", server.baseURL, "chat", "hi"]) { result, how in
            #expect(result.status == 69, "\(how)")
            #expect(result.stdout == "")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(how): \(result.stderr.debugDescription)")
            #expect(result.stderr.contains("\\nerror: forged line"), "\(how): \(result.stderr)")
        }
    }

    @Test func aHostileSkillTreeIsShownEscapedByImportListInfoAndChat() throws {
        let home = try TemporaryHome()
        let dir = home.path + "/tree/models/general/Hostile/en"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Without its NUL: a NUL makes a file binary, which import refuses.
        let h = hostileLine.replacingOccurrences(of: "\u{0}", with: "")
        var skill = Data("::name \(h)\n::description \(h)\n::author \(h)\n::author_url http://a.example/\(h)\n::example hostile hello\n".utf8)
        // Invalid UTF-8 makes the whole file binary, which import refuses
        // (see HostileSkillTreeTests); here every byte is text.
        skill.append(Data("\n\nhostile hello\n\(h) \u{1B}[31m\n".utf8))
        skill.append(Data("\nbroken { pattern\n".utf8))
        try skill.write(to: URL(fileURLWithPath: dir + "/evil\u{1B}]0;x\u{07}.txt"))
        try Data("\u{1B}[2J\u{9B}\n".utf8).write(to: URL(fileURLWithPath: dir + "/empty.txt"))

        try everyWay(home, ["skills", "import", home.path + "/tree"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
        }
        try everyWay(home, ["skills", "list", "--group", "Hostile"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
            #expect(result.stdout.contains("\\x1b"), "\(how): \(result.stdout)")
        }
        let path = "evil\u{1B}]0;x\u{07}"
        try everyWay(home, ["skills", "info", path]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
            #expect(result.stdout.contains("a\\x1b]0;owned"), "\(how): \(result.stdout)")
        }
        try everyWay(home, ["chat", "hostile hello"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
            #expect(result.stdout.contains("\\x1b]8;;\\x1b\\hi"), "\(how): \(result.stdout)")
        }
        try everyWay(home, ["chat", "--skill", dir, "hostile hello"]) { result, how in
            #expect(result.status == 0, "\(how): \(result.stderr)")
        }
        try everyWay(home, ["skills", "test", dir]) { _, _ in }
        let json = try home.harness().run(["skills", "info", "--json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["description"] as? String == h)
    }

    @Test func aHostileQueryEchoedInAnErrorIsEscaped() throws {
        let home = try TemporaryHome()
        try everyWay(home, ["skills", "info", hostile]) { result, how in
            #expect(result.status == 66, "\(how): \(result.stderr)")
            #expect(result.stderr.contains("\\x1b]0;owned"), "\(how): \(result.stderr)")
        }
        try everyWay(home, ["config", "get", hostile]) { result, how in
            #expect(result.status == 64, "\(how): \(result.stderr)")
        }
        try everyWay(home, [hostile]) { result, how in
            #expect(result.status == 64, "\(how): \(result.stderr)")
        }
    }
}
