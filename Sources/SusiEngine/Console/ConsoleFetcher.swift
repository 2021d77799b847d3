import Foundation

/// Fetches the body of a `!console` URL. The engine stays free of networking; the CLI
/// supplies an implementation (URLSession) and tests supply canned data.
public protocol ConsoleFetcher: Sendable {
    func fetch(_ url: URL) throws -> Data
}

public enum ConsoleError: Error, Equatable, CustomStringConvertible {
    case noFetcher
    case tooLarge(Int)
    case notJSON
    case badURL(String)
    /// The user turned the network off: `cause` says how, as the end of a
    /// sentence ("--offline was given", "SUSI_NETWORK is off", "the network
    /// setting is off (susi config set network on)").
    case offline(host: String, cause: String)
    /// The fetch was tried and failed; the reason is for the user.
    case failed(String)

    public var description: String {
        switch self {
        case .noFetcher: return "no console fetcher configured"
        case .tooLarge(let n): return "console response too large (\(n) bytes)"
        case .notJSON: return "console response is not JSON"
        case .badURL(let u): return "bad console URL \(u)"
        case .failed(let reason): return reason
        case .offline(let host, let cause): return "\(cause), so \(host) was not asked"
        }
    }
}

/// A network console that could not be fetched while answering: which skill
/// needed which host, and why it got nothing. When no intent answers, the reply
/// says this instead of a generic fallback.
public struct ConsoleFailure: Sendable, Equatable {
    public var skillPath: String
    public var host: String
    /// The network was off: the fetch was refused, not tried.
    public var refused: Bool
    /// Why it got nothing; when refused, how the network was turned off.
    public var reason: String

    /// The skill's file name without `.txt`.
    public var skillName: String {
        let file = skillPath.split(separator: "/").last.map(String.init) ?? skillPath
        return file.hasSuffix(".txt") ? String(file.dropLast(4)) : file
    }

    /// One line for the user.
    public var note: String {
        if refused {
            return Self.refusal(skill: skillName, host: host, cause: reason)
        }
        return "The skill '\(skillName)' needed \(host), which could not be reached (\(reason)), so it could not answer."
    }

    /// The one wording of a fetch refused because the network is off, for
    /// every skill (the bundled weather skill's console too), naming the cause.
    public static func refusal(skill: String, host: String, cause: String) -> String {
        "I did not go online: the skill '\(skill)' needs \(host), and \(cause)."
    }
}
