import Foundation
import SusiPorts
import SusiReply

extension SusiAPI {
    static func groups(_ call: APICall) throws -> APIReply {
        .ok([("accepted", .bool(true)), ("groups", .array(try call.service.groups().map(JSONValue.string))),
             ("message", .string("Success: Fetched group list"))])
    }

    static func languages(_ call: APICall) throws -> APIReply {
        .ok([("accepted", .bool(true)), ("languagesArray", .array(try call.service.languages().map(JSONValue.string)))])
    }

    static let sortByFilterType: [String: SkillQuery.Sort] = [
        "lexicographical": .name, "rating": .rating, "top_rated": .rating, "usage": .usage, "feedback": .feedback,
        "modified_date": .modified, "creation_date": .modified,
    ]

    /// `skills` is an object keyed by skill name, as on the reference; with
    /// `applyFilter=true` the ordered page is also in `filteredData`.
    static func skillList(_ call: APICall) throws -> APIReply {
        for name in ["reviewed", "staff_picks"] {
            if let value = call.nonEmpty(name), value != "true", value != "false" {
                throw APIFailure(400, "Bad service call: '\(name)' must be true or false.")
            }
        }
        // Ranges are declared (numericParameters), so the paging arithmetic below cannot overflow.
        let count = try call.integer("count")
        let page = try call.integer("page") ?? 1
        let offset = try call.integer("offset") ?? 0
        let groupParameter = call.nonEmpty("group") ?? "All"
        let group = groupParameter == "All" ? nil : groupParameter
        var sort = SkillQuery.Sort.name
        var reversed = false
        let filtered = call.flag("applyFilter")
        if filtered {
            let type = call.nonEmpty("filter_type") ?? "lexicographical"
            guard let chosen = sortByFilterType[type] else {
                throw APIFailure(400, "Unknown filter_type '\(type)'; use one of \(sortByFilterType.keys.sorted().joined(separator: ", ")).")
            }
            sort = chosen
            let direction = call.nonEmpty("filter_name") ?? (sort == .name ? "ascending" : "descending")
            guard direction == "ascending" || direction == "descending" else {
                throw APIFailure(400, "filter_name must be ascending or descending, not '\(direction)'.")
            }
            // Names read A-Z by nature; everything else best or most first.
            reversed = (sort == .name) == (direction == "descending")
        }
        let languages = (call.nonEmpty("language") ?? "en").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // The model is honoured as on the reference: persona skills are not listed under `general`.
        let model = call.nonEmpty("model") ?? "general"
        var all: [SkillInfo] = []
        for language in languages {
            all += try call.service.skills(SkillQuery(group: group, language: language, search: call.nonEmpty("q"),
                                                      sort: sort, reversed: reversed)).filter { $0.ref.model == model }
        }
        var skills = JSONObject()
        for info in all { skills[info.ref.name] = .object(metadata(info)) }
        var pairs: [(String, JSONValue)] = [
            ("accepted", .bool(true)), ("message", .string("Success: Fetched skill list")),
            ("model", .string(model)), ("group", .string(groupParameter)),
            ("language", .string(languages.joined(separator: ","))), ("skills", .object(skills)),
        ]
        var page_ = all
        if let count, count > 0 {
            let start = min(all.count, offset + (page - 1) * count)
            page_ = Array(all[start..<min(all.count, start + count)])
            pairs.append(("pageCount", .int((all.count + count - 1) / count)))
        }
        if filtered { pairs.append(("filteredData", .array(page_.map { .object(metadata($0)) }))) }
        return .ok(pairs)
    }

    /// Missing parameters are a soft failure here on the reference (200, accepted false); kept.
    static func skillMetadata(_ call: APICall) throws -> APIReply {
        guard let model = call.nonEmpty("model"), let group = call.nonEmpty("group"), let language = call.nonEmpty("language"),
              let name = call.nonEmpty("skill") else {
            return .ok([("accepted", .bool(false)), ("message", .string("Error: Bad parameter call: model, group, language and skill are required."))])
        }
        let info = try call.service.skill(SkillRef(model: model, group: group, language: language, name: name))
        return .ok([("accepted", .bool(true)), ("message", .string("Success: Fetched Skill's Metadata")),
                    ("skill_metadata", .object(metadata(info)))])
    }

    static func skillText(_ call: APICall) throws -> APIReply {
        let ref = SkillRef(model: call.nonEmpty("model") ?? "general", group: call.nonEmpty("group") ?? "Knowledge",
                           language: call.nonEmpty("language") ?? "en", name: call.nonEmpty("skill") ?? "wikipedia")
        do {
            return .ok([("accepted", .bool(true)), ("text", .string(try call.service.skillText(ref)))])
        } catch let error as ServiceError where error.kind == .notFound {
            return .ok([("accepted", .bool(false)), ("message", .string(error.message))])
        }
    }

    /// The reference's skill metadata object.
    static func metadata(_ info: SkillInfo) -> JSONObject {
        let ref = info.ref
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return JSONObject([
            ("model", .string(ref.model)), ("group", .string(ref.group)), ("language", .string(ref.language)),
            ("skill_name", text(info.title)), ("descriptions", text(info.description)), ("author", text(info.author)),
            ("author_url", text(info.authorURL)), ("author_email", .null), ("image", text(info.image)),
            ("developer_privacy_policy", .null), ("terms_of_use", .null), ("dynamic_content", .bool(info.dynamicContent)),
            ("protected", .bool(false)), ("reviewed", .bool(false)), ("editable", .bool(false)), ("staffPick", .bool(false)),
            ("systemSkill", .bool(false)), ("examples", .array(info.examples.map(JSONValue.string))),
            ("skill_rating", .object(rating(info.rating))), ("usage_count", .int(info.usageCount)),
            ("skill_tag", .string(ref.name)),
            ("supported_languages", .array([.object(JSONObject([("name", .string(ref.name)), ("language", .string(ref.language))]))])),
            ("creationTime", .string(Timestamps.iso(info.modified ?? Date(timeIntervalSince1970: 0)))),
            ("lastModifiedTime", .string(Timestamps.iso(info.modified ?? Date(timeIntervalSince1970: 0)))),
        ])
    }

    /// Thumbs counts are strings on the reference; kept for its clients.
    static func rating(_ rating: SkillRating) -> JSONObject {
        JSONObject([
            ("positive", .string(String(rating.positive))), ("negative", .string(String(rating.negative))),
            ("feedback_count", .int(rating.feedbackCount)), ("bookmark_count", .int(rating.bookmarkCount)),
            ("stars", .object(stars(rating.stars))),
        ])
    }

    static func stars(_ stars: StarRatings) -> JSONObject {
        JSONObject([
            ("one_star", .int(stars.oneStar)), ("two_star", .int(stars.twoStar)), ("three_star", .int(stars.threeStar)),
            ("four_star", .int(stars.fourStar)), ("five_star", .int(stars.fiveStar)), ("total_star", .int(stars.total)),
            ("avg_star", .number(stars.average)),
        ])
    }
}
