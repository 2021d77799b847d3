import Foundation
import SusiPorts

extension RemoteService {
    public func groups() throws -> [String] {
        let json = try call("/cms/getGroups.json", ["model": "general"])
        return ((json["groups"] as? [Any]) ?? []).compactMap(Self.string).sorted()
    }

    public func languages() throws -> [String] {
        let json = try call("/cms/getAllLanguages.json", [:])
        return ((json["languagesArray"] as? [Any]) ?? []).compactMap(Self.string).sorted()
    }

    /// The server's list is an object keyed by skill name; filtering by
    /// words and sorting happen here, the same way as on the embedded SUSI.
    public func skills(_ query: SkillQuery) throws -> [SkillInfo] {
        let json = try call("/cms/getSkillList.json",
                            ["model": "general", "group": query.group ?? "All", "language": query.language])
        guard let entries = json["skills"] as? [String: Any] else {
            throw ServiceError(.malformedResponse, "The server's skill list has no 'skills' object.")
        }
        var infos = entries.compactMap { key, value -> SkillInfo? in
            guard let object = value as? [String: Any] else { return nil }
            return Self.skillInfo(object, name: key, fallbackGroup: query.group, language: query.language)
        }
        if let group = query.group {
            infos = infos.filter { $0.ref.group.lowercased() == group.lowercased() }
        }
        return query.ordered(infos.filter(query.matches))
    }

    public func skill(_ ref: SkillRef) throws -> SkillInfo {
        let json = try call("/cms/getSkillMetadata.json", skillParameters(ref))
        guard Self.accepted(json), let metadata = json["skill_metadata"] as? [String: Any] else {
            throw ServiceError(.notFound, "There is no skill \(ref.description) on \(location).")
        }
        // The server answers an unknown skill with empty defaults rather than an error.
        if metadata["skill_name"] == nil || metadata["skill_name"] is NSNull, (metadata["examples"] as? [Any]) == nil,
           Self.string(metadata["author"]) == nil {
            throw ServiceError(.notFound, "There is no skill \(ref.description) on \(location).")
        }
        return Self.skillInfo(metadata, name: ref.name, fallbackGroup: ref.group, language: ref.language)
    }

    public func skillText(_ ref: SkillRef) throws -> String {
        let json = try call("/cms/getSkill.json", skillParameters(ref))
        guard Self.accepted(json), let text = Self.string(json["text"]) else {
            throw ServiceError(.notFound, "There is no skill \(ref.description) on \(location).")
        }
        return text
    }

    static func skillInfo(_ object: [String: Any], name: String, fallbackGroup: String?, language: String) -> SkillInfo {
        let ref = SkillRef(model: string(object["model"]) ?? "general",
                           group: string(object["group"]) ?? fallbackGroup ?? "",
                           language: string(object["language"]) ?? language,
                           name: string(object["skill_tag"]) ?? name)
        var rating = SkillRating()
        if let raw = object["skill_rating"] as? [String: Any] {
            rating.positive = int(raw["positive"]) ?? 0
            rating.negative = int(raw["negative"]) ?? 0
            rating.feedbackCount = int(raw["feedback_count"]) ?? 0
            rating.bookmarkCount = int(raw["bookmark_count"]) ?? 0
            if let stars = raw["stars"] as? [String: Any] { rating.stars = starRatings(stars) }
        }
        return SkillInfo(
            ref: ref, title: string(object["skill_name"]), description: string(object["descriptions"]),
            author: string(object["author"]), authorURL: string(object["author_url"]), image: string(object["image"]),
            examples: ((object["examples"] as? [Any]) ?? []).compactMap(string),
            dynamicContent: (object["dynamic_content"] as? Bool) ?? false, rating: rating,
            usageCount: int(object["usage_count"]) ?? 0,
            modified: string(object["lastModifiedTime"]).flatMap(parseDate), intentCount: nil)
    }

    static func starRatings(_ stars: [String: Any]) -> StarRatings {
        StarRatings(oneStar: int(stars["one_star"]) ?? 0, twoStar: int(stars["two_star"]) ?? 0,
                    threeStar: int(stars["three_star"]) ?? 0, fourStar: int(stars["four_star"]) ?? 0,
                    fiveStar: int(stars["five_star"]) ?? 0)
    }

    /// The four timestamp forms the server uses.
    static func parseDate(_ text: String) -> Date? {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = iso.date(from: text) { return date }
        iso.formatOptions = [.withInternetDateTime]
        if let date = iso.date(from: text) { return date }
        if let dot = text.firstIndex(of: "."), text.hasSuffix("Z") {
            // Nanoseconds: keep milliseconds.
            let trimmed = String(text[..<dot]) + String(text[dot...].prefix(4)) + "Z"
            iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = iso.date(from: trimmed) { return date }
        }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return local.date(from: text)
    }
}
