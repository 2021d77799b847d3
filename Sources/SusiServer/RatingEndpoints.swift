import Foundation
import SusiPorts
import SusiReply

extension SusiAPI {
    /// Stars are checked here: the reference stores any number and then fails with a 500.
    static func rate(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        guard let stars = try call.integer("stars") else {
            throw APIFailure(422, "Rating not provided: the parameter 'stars' is missing.")
        }
        try call.requireToken("Rating a skill")
        let totals = try call.service.rate(ref, stars: stars, token: call.token)
        return .ok([("accepted", .bool(true)), ("message", .string("Skill ratings updated")), ("ratings", .object(self.stars(totals)))])
    }

    /// The reference defaults `group` to All here, which never names a skill; it is required instead.
    static func userRating(_ call: APICall) throws -> APIReply {
        let ref = try call.skill(defaultGroup: nil)
        try call.requireToken("Reading your rating")
        let identity = try call.identity()
        guard let stars = try call.service.userRating(ref, token: call.token) else {
            return .ok([("accepted", .bool(true)), ("message", .string("Skill not yet rated by the user"))])
        }
        return .ok([("accepted", .bool(true)), ("message", .string("Fetched user rating successfully")),
                    ("ratings", .object(JSONObject([("email", .string(identity.name)), ("stars", .int(stars))])))])
    }

    /// Thumbs up or down; allowed anonymously, as in the SUSI apps.
    static func thumbs(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        let rating = try call.required("rating", status: 422, message: "Rating not provided: 'rating' must be positive or negative.")
        guard rating == "positive" || rating == "negative" else {
            throw APIFailure(422, "Invalid rating '\(rating)': use positive or negative.")
        }
        try call.spendAnonymousVote()
        try call.service.thumbs(ref, positive: rating == "positive", query: "", reply: "", token: call.token)
        return .ok([("accepted", .bool(true)), ("message", .string("Skill ratings updated"))])
    }

    /// The apps send this with every thumbs tap (beside rateSkill.json, which
    /// counts it). It is checked and acknowledged; no separate log is kept.
    static func feedbackLog(_ call: APICall) throws -> APIReply {
        _ = try call.skill()
        if let rating = call.nonEmpty("rating"), rating != "positive", rating != "negative" {
            throw APIFailure(422, "Invalid rating '\(rating)': use positive or negative.")
        }
        return .ok([("accepted", .bool(true)), ("message", .string("Feedback log updated"))])
    }

    static func postFeedback(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        let text = try call.required("feedback", status: 422, message: "Feedback not provided.")
        _ = try call.identity()
        try call.service.postFeedback(ref, text: text, token: call.token)
        return .ok([("accepted", .bool(true)), ("message", .string("Skill feedback updated")),
                    ("feedback", .string(try ServiceRules.checkFeedback(text)))])
    }

    /// Not in the SUSI server (our extension, docs/architecture.md): removes
    /// the caller's own feedback. `removed` is false when there was none.
    static func removeFeedback(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        _ = try call.identity()
        let removed = try call.service.deleteFeedback(ref, token: call.token)
        return .ok([("accepted", .bool(true)), ("removed", .bool(removed)),
                    ("message", .string(removed ? "Skill feedback removed" : "No feedback by this user on the skill"))])
    }

    static let defaultAvatar = "https://api.susi.ai/images/default.jpg"

    static func feedback(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        let entries = try call.service.feedback(ref)
        let list = entries.map { entry in
            JSONValue.object(JSONObject([
                ("email", .string(entry.email)), ("feedback", .string(entry.text)),
                ("timestamp", .string(Timestamps.local(entry.timestamp))), ("user_name", .string(entry.userName)),
                ("avatar", .string(defaultAvatar)), ("rating", .int(entry.stars)),
            ]))
        }
        return .ok([("accepted", .bool(!entries.isEmpty)),
                    ("message", .string(entries.isEmpty ? "Skill hasn't been given any feedback" : "Skill feedback fetched")),
                    ("skill_name", .string(ref.name)), ("feedback", .array(list))])
    }

    static func report(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        let reason = try call.required("feedback", status: 422, message: "Feedback not provided: say why you report the skill.")
        _ = try call.identity()
        do {
            try call.service.report(ref, reason: reason, token: call.token)
        } catch let error as ServiceError where error.kind == .conflict {
            throw ServiceError(.conflict, "Skill already reported by the user. \(error.message)")
        }
        return .ok([("accepted", .bool(true)), ("message", .string("Skill reported successfully"))])
    }

    static func bookmark(_ call: APICall) throws -> APIReply {
        let ref = try call.skill()
        let value = try call.required("bookmark", status: 422, message: "Bookmark not provided.")
        guard value == "1" || value == "0" || value == "true" || value == "false" else {
            throw APIFailure(422, "Invalid Bookmark provided: use 1 or 0.")
        }
        let on = value == "1" || value == "true"
        _ = try call.identity()
        try call.service.bookmark(ref, on: on, token: call.token)
        return .ok([("accepted", .bool(true)), ("bookmark", .bool(on)), ("message", .string("Skill bookmark updated"))])
    }
}
