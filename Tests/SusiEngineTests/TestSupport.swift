import Foundation
@testable import SusiEngine

/// A mind over one inline skill text, as the server's `instant` parameter allows.
func mind(_ text: String, path: String = "models/general/Test/en/test.txt", allowCatchAll: Bool = false) -> Mind {
    Mind(skills: [SkillParser.parse(text: text, path: path, options: SkillReadOptions(allowCatchAll: allowCatchAll))])
}

/// The reference's lower-cased captures (server-api.md: "my name is Alice" gives
/// `$1$ = "alice"`), for tests that pin what the reference does (decision 0461).
let referenceCase: AskOptions = {
    var options = AskOptions()
    options.capturesAsTyped = false
    return options
}()

extension Mind {
    /// Asks with a fixed seed and a fresh or given memory; returns the joined answer text.
    func say(_ query: String, _ memory: inout ConversationMemory, seed: UInt64 = 7, options: AskOptions = AskOptions()) -> String {
        var rng = SeededRandom(seed: seed)
        return ask(query, memory: &memory, options: options, random: &rng).text
    }

    func say(_ query: String, seed: UInt64 = 7, options: AskOptions = AskOptions()) -> String {
        var memory = ConversationMemory()
        return say(query, &memory, seed: seed, options: options)
    }

    func matches(_ query: String) -> Bool { explain(query) != nil }
}

/// Serves canned bodies by URL and records what was asked.
final class FakeFetcher: ConsoleFetcher, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [String: Data]
    private(set) var requested: [URL] = []

    init(_ bodies: [String: String]) {
        self.bodies = bodies.mapValues { Data($0.utf8) }
    }

    init(data: [String: Data]) { bodies = data }

    func fetch(_ url: URL) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        requested.append(url)
        guard let body = bodies[url.absoluteString] else { throw URLError(.badServerResponse) }
        return body
    }
}
