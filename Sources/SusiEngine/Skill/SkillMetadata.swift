/// The `::key value` header of a skill file.
public struct SkillMetadata: Sendable, Equatable, Codable {
    public var name: String?
    public var description: String?
    public var image: String?
    public var author: String?
    public var authorURL: String?
    public var authorEmail: String?
    public var developerPrivacyPolicy: String?
    public var termsOfUse: String?
    public var kickoff: String?
    public var dynamicContent = false
    public var isProtected = false
    public var tags: [String] = []
    public var on: [String] = []
    /// CMS-only keys the reference ignores; kept for display.
    public var language: String?
    public var category: String?

    public init() {}

    /// Applies one header line (without the leading `::`). Keys are matched by prefix,
    /// as the reference does, so `::description:-` still sets the description.
    mutating func apply(header: String) {
        let key: Substring
        let value: String
        if let space = header.firstIndex(of: " ") {
            key = header[..<space]
            value = Normalizer.javaTrim(String(header[header.index(after: space)...]))
        } else {
            key = Substring(header)
            value = ""
        }
        func list(_ v: String) -> [String] {
            v.split(separator: ",").map { Normalizer.javaTrim(String($0)) }.filter { !$0.isEmpty }
        }
        if key.hasPrefix("author_url") { authorURL = value }
        else if key.hasPrefix("author_email") { authorEmail = value }
        else if key.hasPrefix("author") { author = value }
        else if key.hasPrefix("name") { name = value }
        else if key.hasPrefix("description") { description = value }
        else if key.hasPrefix("image") { image = value }
        else if key.hasPrefix("developer_privacy_policy") { developerPrivacyPolicy = value }
        else if key.hasPrefix("terms_of_use") { termsOfUse = value }
        else if key.hasPrefix("kickoff") { kickoff = value }
        else if key.hasPrefix("dynamic_content") { dynamicContent = value.lowercased() == "yes" }
        else if key.hasPrefix("protected") { isProtected = value.lowercased() == "yes" }
        else if key.hasPrefix("tags") { tags = list(value) }
        else if key.hasPrefix("on") { on = list(value) }
        else if key.hasPrefix("language") { language = value }
        else if key.hasPrefix("category") { category = value }
    }
}
