import Foundation
import SusiHost
import Testing

/// Every action type of a reply, rendered for a terminal and for a pipe.
@Suite("Chat reply rendering")
struct ReplyRenderingTests {
    /// A skill whose intents each answer with one kind of action (declared in
    /// console JSON with inline data, so nothing is fetched).
    static let skill = """
    show table
    !console:Two rows.
    {"data": [{"name": "Mercury", "moons": "0"}, {"name": "Mars", "moons": "2"}], "path": "$",
     "actions": [{"type": "table", "columns": {"name": "Planet", "moons": "Moons"}}]}
    eol

    wide table
    !console:Wide.
    {"data": [{"a": "a rather long first cell that goes on and on", "b": "and a second cell that is long as well"}], "path": "$",
     "actions": [{"type": "table", "columns": {"a": "First", "b": "Second"}}]}
    eol

    show news
    !console:News.
    {"data": [{"title": "First", "description": "One thing happened.", "link": "https://example.org/1"},
              {"title": "Second", "description": "Another thing.", "link": "https://example.org/2"}], "path": "$",
     "actions": [{"type": "rss", "title": "title", "description": "description", "link": "link"}]}
    eol

    search the web
    !console:Searching.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "websearch", "query": "open source assistants"}]}
    eol

    show link
    !console:Here.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "anchor", "link": "https://susi.ai", "text": "SUSI.AI"}]}
    eol

    show map
    !console:There.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "map", "latitude": "52.5163", "longitude": "13.3777", "zoom": "15"}]}
    eol

    play song
    !console:Playing.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "audio_play", "identifier": "abc123", "identifier_type": "youtube"}]}
    eol

    play video
    !console:Video.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "video_play", "identifier": "https://example.org/v.mp4", "identifier_type": "url"}]}
    eol

    show picture
    !console:Picture.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "image_show", "url": "https://example.org/cat.png"}]}
    eol

    set timer
    !console:Timer.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "timer_set", "time": "5", "unit": "minutes"}]}
    eol

    louder
    !console:Volume.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "audio_volume", "volume": "80"}]}
    eol

    stop
    !console:Stopped.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "stop"}]}
    eol

    pause
    !console:Paused.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "pause"}]}
    eol

    resume
    !console:Resumed.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "resume"}]}
    eol

    be happy
    !console:Happy.
    {"data": [{"q": "x"}], "path": "$", "actions": [{"type": "emotion", "emotion": "happy"}]}
    eol

    two lines
    First line.
    Second line.
    """

    private func run(_ query: String, tty: Bool, width: Int = 80) throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let file = home.appendingPathComponent("actions.txt")
        try Data(Self.skill.utf8).write(to: file)
        var susi = InProcess(home: home.path, extra: ["COLUMNS": String(width), "NO_COLOR": "1"])
        susi.stdoutTTY = tty
        let result = susi.run(["chat", "--skill", file.path, query])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func tables() throws {
        #expect(try run("show table", tty: false) == "Mercury\t0\nMars\t2\nTwo rows.\n")
        #expect(try run("show table", tty: true) == "PLANET   MOONS\nMercury  0\nMars     2\nTwo rows.\n")
    }

    @Test func aWideTableIsFittedToTheWidth() throws {
        let text = try run("wide table", tty: true, width: 40)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(text)")
        #expect(lines[1].contains("…"))
        // Piped output is never cut.
        #expect(try run("wide table", tty: false).contains("a rather long first cell that goes on and on\tand a second cell that is long as well"))
    }

    @Test func rssAndWebsearchAreNumberedLists() throws {
        let news = try run("show news", tty: false)
        #expect(news == "1. First\n   One thing happened.\n   https://example.org/1\n2. Second\n   Another thing.\n   https://example.org/2\nNews.\n")
        let search = try run("search the web", tty: false)
        #expect(search.hasPrefix("Search the web for \"open source assistants\": https://duckduckgo.com/?q=open%20source%20assistants\n"))
    }

    @Test func anchorsAndMapsShowWhereTheyPoint() throws {
        #expect(try run("show link", tty: false) == "SUSI.AI https://susi.ai\nHere.\n")
        #expect(try run("show link", tty: true) == "SUSI.AI <https://susi.ai>\nHere.\n")
        #expect(try run("show map", tty: false) ==
                "Map: 52.5163, 13.3777 https://www.openstreetmap.org/?mlat=52.5163&mlon=13.3777#map=15/52.5163/13.3777\nThere.\n")
    }

    @Test func mediaTimersAndVolume() throws {
        #expect(try run("play song", tty: false) == "Playing audio: https://www.youtube.com/watch?v=abc123\nPlaying.\n")
        #expect(try run("play video", tty: false) == "Playing video: https://example.org/v.mp4\nVideo.\n")
        #expect(try run("show picture", tty: false) == "Image: https://example.org/cat.png\nPicture.\n")
        #expect(try run("set timer", tty: false) == "[timer set: 5 minutes]\nTimer.\n")
        #expect(try run("louder", tty: false) == "[volume: 80%]\nVolume.\n")
    }

    @Test func controlActionsAndUnknownTypesAreShownNotDropped() throws {
        #expect(try run("stop", tty: false) == "[stop]\nStopped.\n")
        #expect(try run("pause", tty: false) == "[pause]\nPaused.\n")
        #expect(try run("resume", tty: false) == "[resume]\nResumed.\n")
        #expect(try run("be happy", tty: false) == "[emotion emotion=happy]\nHappy.\n")
    }

    @Test func everyAnswerLineIsPrintedInOrder() throws {
        #expect(try run("two lines", tty: false) == "First line.\nSecond line.\n")
    }

    @Test func longAnswersWrapOnATerminalOnly() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-wrap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let file = home.appendingPathComponent("long.txt")
        let sentence = Array(repeating: "word", count: 30).joined(separator: " ")
        try Data("long\n\(sentence)\n".utf8).write(to: file)
        var susi = InProcess(home: home.path, extra: ["COLUMNS": "30"])
        #expect(susi.run(["chat", "--skill", file.path, "long"]).stdout == sentence + "\n")
        susi.stdoutTTY = true
        let wrapped = susi.run(["chat", "--skill", file.path, "long"]).stdout
        #expect(wrapped.split(separator: "\n").count > 1)
        #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 30 })
    }
}
