/// A backend that can list its skills' names and titles without the rest of
/// each skill (examples, ratings, counts): what `susi skills info <Tab>`
/// offers, and all a completion needs. The order is that of
/// `skills(SkillQuery(language:))`, names A-Z.
public protocol SkillNameListing {
    func skillNames(language: String) throws -> [(name: String, title: String?)]
}
