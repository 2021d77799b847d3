import Foundation
import SusiPorts
import SusiReply

extension SusiAPI {
    /// `/susi/chat.json`: the reply in the engine's chat.json shape, plus
    /// `client_id` and the session envelope.
    static func chat(_ call: APICall) throws -> APIReply {
        let query = Trimming.trimmed(call["q"] ?? "", Trimming.isWhitespaceOrNewline)
        let offset = try call.integer("timezoneOffset") ?? 0
        var request = ChatRequest(query: query, language: call.nonEmpty("language") ?? "en", timezoneOffsetMinutes: offset,
                                  deviceType: call.nonEmpty("device_type") ?? "Others")
        // A server's clients were written against the reference: its captures are lower case (decision 0461).
        request.referenceCaptures = true
        if let latitude = try call.decimal("latitude"), let longitude = try call.decimal("longitude") {
            request.latitude = latitude
            request.longitude = longitude
        }
        if let instant = call.nonEmpty("instant") {
            guard instant.count <= ChatRequest.instantLimit else {
                throw APIFailure(413, "The parameter 'instant' (a skill text) is longer than \(ChatRequest.instantLimit) characters.")
            }
            request.instant = instant
        }
        var identity = try call.identity()
        var anonymous: AnonymousCallers.ChatCaller?
        if identity.anonymous {
            // Its own memory, never the local user's; a cookie offered to keep it by.
            let caller = call.callers.chatCaller(for: call.request, identity: identity)
            identity = caller.identity
            request.anonymousCaller = caller.caller
            if let cookie = caller.setCookie { call.responseHeaders.append(("Set-Cookie", cookie)) }
            anonymous = caller
        }
        let reply = try call.service.chat(request, token: call.token)
        if let anonymous { call.callers.settle(anonymous) }
        let json = chatJSONBytes(reply, identity: identity)
        if !reply.answers.isEmpty {
            // memory.json keeps what was sent, as the reference keeps cognitions that have an answer.
            call.memories.record(CognitionLog.Cognition(queryDate: JSONBytes.isoText(reply.queryDate),
                                                        json: String(decoding: json, as: UTF8.self)),
                                 for: identity, continuing: request.anonymousCaller?.continuing.map { Identity.anonymous($0) })
        }
        return .encoded(json)
    }

    /// The reply as chat.json text (see `chatJSONBytes`).
    static func chatJSON(_ reply: Reply, identity: Identity) -> String {
        String(decoding: chatJSONBytes(reply, identity: identity), as: UTF8.self)
    }

    /// The reply as chat.json, written directly into one byte buffer
    /// (JSONEncoder cost more than the answer itself under load; building
    /// a tree of JSONObjects, or a String to copy, cost a tenth of a
    /// request): the same keys, in the same order, as `Reply`'s Codable form.
    static func chatJSONBytes(_ reply: Reply, identity: Identity) -> [UInt8] {
        var out = JSONBytes(capacity: 1024)
        out.raw("{\"query\":")
        out.string(reply.query)
        if !reply.answers.isEmpty {
            out.raw(",\"answers\":[")
            for (index, answer) in reply.answers.enumerated() {
                if index > 0 { out.raw(",") }
                out.raw("{\"data\":[")
                for (row, object) in answer.data.enumerated() {
                    if row > 0 { out.raw(",") }
                    out.value(.object(object))
                }
                out.raw("],\"metadata\":{\"count\":")
                out.int(answer.metadata.count)
                out.raw("},\"actions\":[")
                for (number, action) in answer.actions.enumerated() {
                    if number > 0 { out.raw(",") }
                    // "type" first; a field of that name takes its place.
                    out.raw("{\"type\":")
                    if let type = action.fields["type"] { out.value(type) } else { out.string(action.type.rawValue) }
                    for key in action.fields.keys where key != "type" {
                        out.raw(",")
                        out.string(key)
                        out.raw(":")
                        if let field = action.fields[key] { out.value(field) }
                    }
                    out.raw("}")
                }
                out.raw("],\"skills\":[")
                for (number, skill) in answer.skills.enumerated() {
                    if number > 0 { out.raw(",") }
                    out.string(skill)
                }
                out.raw("]}")
            }
            out.raw("]")
        }
        out.raw(",\"query_date\":")
        out.isoDate(reply.queryDate)
        out.raw(",\"query_language\":")
        out.string(reply.queryLanguage)
        out.raw(",\"answer_date\":")
        out.isoDate(reply.answerDate)
        out.raw(",\"answer_time\":")
        out.int(reply.answerTime)
        out.raw(",\"client_id\":")
        out.base64String(identity.type + "_" + identity.name)
        out.raw(",\"session\":")
        out.envelope(identity)
        out.raw("}")
        return out.bytes
    }
}
