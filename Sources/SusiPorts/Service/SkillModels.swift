import Foundation

/// Where a skill lives: `models/<model>/<group>/<language>/<name>.txt`.
public struct SkillRef: Hashable, Codable, Sendable, CustomStringConvertible {
    public var model: String
    public var group: String
    public var language: String
    /// The file name without `.txt` (the server's `skill` parameter).
    public var name: String

    public init(model: String = "general", group: String, language: String, name: String) {
        self.model = model
        self.group = group
        self.language = language
        self.name = name
    }

    /// `models/general/Knowledge/en/time.txt`: the id skill files carry.
    public var path: String { "models/\(model)/\(group)/\(language)/\(name).txt" }

    /// Parses a skill path such as `models/general/Knowledge/en/time.txt`
    /// (any prefix before `models/` is ignored).
    public init?(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let models = parts.lastIndex(of: "models"), parts.count == models + 5,
              parts[models + 4].hasSuffix(".txt") else { return nil }
        self.init(model: parts[models + 1], group: parts[models + 2], language: parts[models + 3],
                  name: String(parts[models + 4].dropLast(4)))
    }

    public var description: String { "\(group)/\(language)/\(name)" }
}

/// Five-star rating counts of one skill. Aggregates are always recomputed
/// from the individual ratings, so they are exact.
public struct StarRatings: Equatable, Codable, Sendable {
    public var oneStar = 0
    public var twoStar = 0
    public var threeStar = 0
    public var fourStar = 0
    public var fiveStar = 0

    public init(oneStar: Int = 0, twoStar: Int = 0, threeStar: Int = 0, fourStar: Int = 0, fiveStar: Int = 0) {
        self.oneStar = oneStar
        self.twoStar = twoStar
        self.threeStar = threeStar
        self.fourStar = fourStar
        self.fiveStar = fiveStar
    }

    public var total: Int {
        [oneStar, twoStar, threeStar, fourStar, fiveStar].reduce(0) { sum, count in
            let (added, overflow) = sum.addingReportingOverflow(count)
            return overflow ? Int.max : added
        }
    }

    /// Rounded to two decimals, 0 when nobody rated (never NaN).
    public var average: Double {
        guard total > 0 else { return 0 }
        // In Double: counts from a server or a file must not be able to overflow.
        let counts = [oneStar, twoStar, threeStar, fourStar, fiveStar].map(Double.init)
        let sum = counts.enumerated().reduce(0.0) { $0 + Double($1.offset + 1) * $1.element }
        return (sum / counts.reduce(0, +) * 100).rounded() / 100
    }

    public subscript(stars: Int) -> Int {
        get { [oneStar, twoStar, threeStar, fourStar, fiveStar][stars - 1] }
        set {
            switch stars {
            case 1: oneStar = newValue
            case 2: twoStar = newValue
            case 3: threeStar = newValue
            case 4: fourStar = newValue
            default: fiveStar = newValue
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case oneStar = "one_star", twoStar = "two_star", threeStar = "three_star", fourStar = "four_star"
        case fiveStar = "five_star", total = "total_star", average = "avg_star"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        oneStar = try c.decodeIfPresent(Int.self, forKey: .oneStar) ?? 0
        twoStar = try c.decodeIfPresent(Int.self, forKey: .twoStar) ?? 0
        threeStar = try c.decodeIfPresent(Int.self, forKey: .threeStar) ?? 0
        fourStar = try c.decodeIfPresent(Int.self, forKey: .fourStar) ?? 0
        fiveStar = try c.decodeIfPresent(Int.self, forKey: .fiveStar) ?? 0
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(oneStar, forKey: .oneStar)
        try c.encode(twoStar, forKey: .twoStar)
        try c.encode(threeStar, forKey: .threeStar)
        try c.encode(fourStar, forKey: .fourStar)
        try c.encode(fiveStar, forKey: .fiveStar)
        try c.encode(total, forKey: .total)
        try c.encode(average, forKey: .average)
    }
}

/// Thumbs, feedback and bookmark counts plus stars, as the catalogue shows them.
public struct SkillRating: Equatable, Codable, Sendable {
    public var positive: Int
    public var negative: Int
    public var feedbackCount: Int
    public var bookmarkCount: Int
    public var stars: StarRatings

    public init(positive: Int = 0, negative: Int = 0, feedbackCount: Int = 0, bookmarkCount: Int = 0,
                stars: StarRatings = StarRatings()) {
        self.positive = positive
        self.negative = negative
        self.feedbackCount = feedbackCount
        self.bookmarkCount = bookmarkCount
        self.stars = stars
    }

    enum CodingKeys: String, CodingKey {
        case positive, negative, feedbackCount = "feedback_count", bookmarkCount = "bookmark_count", stars
    }
}

/// What the catalogue knows about a skill.
public struct SkillInfo: Equatable, Codable, Sendable {
    public var ref: SkillRef
    public var title: String?
    public var description: String?
    public var author: String?
    public var authorURL: String?
    public var image: String?
    public var examples: [String]
    public var dynamicContent: Bool
    public var rating: SkillRating
    public var usageCount: Int
    public var modified: Date?
    /// Nil when the backend does not report it (the SUSI server's catalogue has no intent count).
    public var intentCount: Int?

    public init(ref: SkillRef, title: String? = nil, description: String? = nil, author: String? = nil,
                authorURL: String? = nil, image: String? = nil, examples: [String] = [], dynamicContent: Bool = false,
                rating: SkillRating = SkillRating(), usageCount: Int = 0, modified: Date? = nil, intentCount: Int? = nil) {
        self.ref = ref
        self.title = title
        self.description = description
        self.author = author
        self.authorURL = authorURL
        self.image = image
        self.examples = examples
        self.dynamicContent = dynamicContent
        self.rating = rating
        self.usageCount = usageCount
        self.modified = modified
        self.intentCount = intentCount
    }
}

/// How `skills list` filters and orders the catalogue.
public struct SkillQuery: Equatable, Sendable {
    public enum Sort: String, CaseIterable, Sendable {
        case name, rating, usage, feedback, modified
    }

    public var group: String?
    public var language: String
    /// Words that must all appear in the name, title, description, author or examples.
    public var search: String?
    public var sort: Sort
    /// Reverses the natural order (names A-Z; otherwise best or most first).
    public var reversed: Bool
    public var limit: Int?
    public var offset: Int
    /// Where the skills come from: those that ship with susi, those added
    /// with `skills import`, or both. Only a backend with its own skill
    /// index can tell them apart.
    public enum Source: String, CaseIterable, Sendable {
        case all, bundled, imported
    }
    public var source: Source

    public init(group: String? = nil, language: String = "en", search: String? = nil, sort: Sort = .name,
                reversed: Bool = false, limit: Int? = nil, offset: Int = 0, source: Source = .all) {
        self.group = group
        self.language = language
        self.search = search
        self.sort = sort
        self.reversed = reversed
        self.limit = limit
        self.offset = offset
        self.source = source
    }
}

/// One user's written feedback on a skill.
public struct SkillFeedback: Equatable, Codable, Sendable {
    public var email: String
    public var userName: String
    public var text: String
    public var timestamp: Date
    /// The author's own star rating of the skill, 0 when unrated.
    public var stars: Int

    public init(email: String, userName: String = "", text: String, timestamp: Date, stars: Int = 0) {
        self.email = email
        self.userName = userName
        self.text = text
        self.timestamp = timestamp
        self.stars = stars
    }
}
