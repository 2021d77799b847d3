import SusiCore
import SusiPorts

/// The JSON of one skill wherever a command prints skills (`skills list`,
/// `skills info`, and the rating and feedback commands).
public struct SkillJSON: Encodable {
    var model: String
    var group: String
    var language: String
    var name: String
    var path: String
    var title: String?
    var description: String?
    var author: String?
    var authorURL: String?
    var examples: [String]
    var dynamicContent: Bool
    /// null when the backend does not report it, never a false 0.
    var intents: Int?
    var usageCount: Int
    var rating: SkillRating

    public init(_ info: SkillInfo) {
        model = info.ref.model
        group = info.ref.group
        language = info.ref.language
        name = info.ref.name
        path = info.ref.path
        title = info.title
        description = info.description
        author = info.author
        authorURL = info.authorURL
        examples = info.examples
        dynamicContent = info.dynamicContent
        intents = info.intentCount
        usageCount = info.usageCount
        rating = info.rating
    }

    enum CodingKeys: String, CodingKey {
        case model, group, language, name, path, title, description, author, authorURL = "author_url", examples
        case dynamicContent = "dynamic_content", intents, usageCount = "usage_count", rating
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(model, forKey: .model)
        try c.encode(group, forKey: .group)
        try c.encode(language, forKey: .language)
        try c.encode(name, forKey: .name)
        try c.encode(path, forKey: .path)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(author, forKey: .author)
        try c.encode(authorURL, forKey: .authorURL)
        try c.encode(examples, forKey: .examples)
        try c.encode(dynamicContent, forKey: .dynamicContent)
        try c.encode(intents, forKey: .intents)
        try c.encode(usageCount, forKey: .usageCount)
        try c.encode(rating, forKey: .rating)
    }
}
