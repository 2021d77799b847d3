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

    public var description: String {
        switch self {
        case .noFetcher: return "no console fetcher configured"
        case .tooLarge(let n): return "console response too large (\(n) bytes)"
        case .notJSON: return "console response is not JSON"
        case .badURL(let u): return "bad console URL \(u)"
        }
    }
}
