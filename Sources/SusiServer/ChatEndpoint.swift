import Foundation
import SusiCore
import SusiReply

extension SusiAPI {
    /// `/susi/chat.json`: the reply in the engine's chat.json shape, plus
    /// `client_id` and the session envelope.
    static func chat(_ call: APICall) throws -> APIReply {
        let query = Trimming.trimmed(call["q"] ?? "", Trimming.isWhitespaceOrNewline)
        let offset = try call.integer("timezoneOffset") ?? 0
        var request = ChatRequest(query: query, language: call.nonEmpty("language") ?? "en", timezoneOffsetMinutes: offset,
                                  deviceType: call.nonEmpty("device_type") ?? "Others")
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
            let caller = call.callers.chatCaller(for: call.request)
            identity = caller.identity
            request.anonymousCaller = caller.caller
            if let cookie = caller.setCookie { call.responseHeaders.append(("Set-Cookie", cookie)) }
            anonymous = caller
        }
        let reply = try call.service.chat(request, token: call.token)
        if let anonymous { call.callers.settle(anonymous) }
        let json = chatJSON(reply, identity: identity)
        if !reply.answers.isEmpty {
            // memory.json keeps what was sent, as the reference keeps cognitions that have an answer.
            call.memories.record(CognitionLog.Cognition(queryDate: Timestamps.iso(reply.queryDate, milliseconds: true), json: json),
                                 for: identity, continuing: request.anonymousCaller?.continuing.map { Identity.anonymous($0) })
        }
        return .encoded(Array(json.utf8))
    }

    /// The reply as chat.json, written directly into one string (JSONEncoder
    /// cost more than the answer itself under load, and building the whole
    /// tree of JSONObjects first was a twentieth of a request); the same keys,
    /// in the same order, as `Reply`'s Codable form.
    static func chatJSON(_ reply: Reply, identity: Identity) -> String {
        var out = ""
        out.reserveCapacity(768)
        func add(_ value: JSONValue) { out += value.serialized }
        out += "{\"query\":"
        add(.string(reply.query))
        if !reply.answers.isEmpty {
            out += ",\"answers\":["
            for (index, answer) in reply.answers.enumerated() {
                if index > 0 { out += "," }
                out += "{\"data\":"
                add(.array(answer.data.map(JSONValue.object)))
                out += ",\"metadata\":{\"count\":"
                add(.int(answer.metadata.count))
                out += "},\"actions\":["
                for (number, action) in answer.actions.enumerated() {
                    if number > 0 { out += "," }
                    var all = JSONObject([("type", .string(action.type.rawValue))])
                    for key in action.fields.keys { all[key] = action.fields[key] }
                    add(.object(all))
                }
                out += "],\"skills\":"
                add(.array(answer.skills.map(JSONValue.string)))
                out += "}"
            }
            out += "]"
        }
        out += ",\"query_date\":\"" + Timestamps.iso(reply.queryDate, milliseconds: true) + "\""
        out += ",\"query_language\":"
        add(.string(reply.queryLanguage))
        out += ",\"answer_date\":\"" + Timestamps.iso(reply.answerDate, milliseconds: true) + "\""
        out += ",\"answer_time\":"
        add(.int(reply.answerTime))
        out += ",\"client_id\":\"" + Data("\(identity.type)_\(identity.name)".utf8).base64EncodedString() + "\""
        out += ",\"session\":"
        add(APICall.envelope(identity))
        return out + "}"
    }
}
