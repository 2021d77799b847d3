import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// Feedback entries as the terminal shows them, for `feedback list` and (the
/// three newest) `skills info`: who wrote it, when, the author's own stars,
/// and the text wrapped beneath. Everything but the date and the stars comes
/// from a backend, so it goes through UntrustedText.
public enum FeedbackView {
    /// One block per entry, in the order given (backends return newest
    /// first), separated by a blank line; every line within `width` cells
    /// except a word longer than the line.
    public static func render(_ entries: [SkillFeedback], style: Style, width: Int,
                              timeZone: TimeZone = .current) -> String {
        entries.map { entry in
            let who = TextLayout.truncate(author(entry), to: max(10, min(width, 40)))
            let when = date(entry.timestamp, timeZone: timeZone) + "  " + stars(entry.stars)
            // On a terminal too narrow for one heading line, the date and stars go beneath the name.
            let fits = TextLayout.cells(who) + 2 + TextLayout.cells(when) <= width
            let heading = style.bold(who) + (fits ? "  " : "\n") + when
            return heading + "\n" + TextLayout.wrap(UntrustedText.escape(entry.text), width: width, indent: 2) + "\n"
        }.joined(separator: "\n")
    }

    /// The author's user name, else the start of their email address and
    /// "...": a listing shows who wrote it without publishing the address.
    public static func author(_ entry: SkillFeedback) -> String {
        let name = entry.userName.trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { return UntrustedText.line(name) }
        guard !entry.email.isEmpty else { return "someone" }
        let local = entry.email.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let prefix = local.isEmpty ? String(entry.email.prefix(3)) : String(local) + "@"
        return UntrustedText.line(prefix) + "..."
    }

    /// "rated 4 of 5", or "not rated" when the author gave no stars.
    public static func stars(_ stars: Int) -> String {
        (1...5).contains(stars) ? "rated \(stars) of 5" : "not rated"
    }

    static func date(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// One entry in `--json`, with the SUSI server's field names
    /// (`getSkillFeedback.json`); `timestamp` is ISO 8601 in UTC.
    public struct JSON: Encodable, Equatable {
        public var email: String
        public var feedback: String
        public var timestamp: String
        public var userName: String
        public var rating: Int

        public init(_ entry: SkillFeedback) {
            email = entry.email
            feedback = entry.text
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            timestamp = formatter.string(from: entry.timestamp)
            userName = entry.userName
            rating = entry.stars
        }

        enum CodingKeys: String, CodingKey {
            case email, feedback, timestamp, userName = "user_name", rating
        }
    }
}
