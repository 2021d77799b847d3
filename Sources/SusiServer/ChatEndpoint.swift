import Foundation
import SusiCore
import SusiReply

extension SusiAPI {
    /// `/susi/chat.json`: the reply in the engine's chat.json shape, plus
    /// `client_id` and the session envelope.
    static func chat(_ call: APICall) throws -> APIReply {
        let query = (call["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let offset = try call.integer("timezoneOffset") ?? 0
        var request = ChatRequest(query: query, language: call.nonEmpty("language") ?? "en", timezoneOffsetMinutes: offset,
                                  deviceType: call.nonEmpty("device_type") ?? "Others")
        if let latitude = try call.decimal("latitude"), let longitude = try call.decimal("longitude") {
            request.latitude = latitude
            request.longitude = longitude
        }
        var identity = try call.identity()
        if identity.anonymous {
            // Its own memory, never the local user's; a cookie offered to keep it by.
            let anonymous = call.callers.chatCaller(for: call.request)
            identity = anonymous.identity
            request.anonymousCaller = anonymous.caller
            if let cookie = anonymous.setCookie { call.responseHeaders.append(("Set-Cookie", cookie)) }
        }
        let reply = try call.service.chat(request, token: call.token)
        return .encoded(Array(chatJSON(reply, identity: identity).utf8))
    }

    /// The reply as chat.json, written directly (JSONEncoder cost more than
    /// the answer itself under load); the same keys as `Reply`'s Codable form.
    static func chatJSON(_ reply: Reply, identity: Identity) -> String {
        var object = JSONObject([("query", .string(reply.query))])
        if !reply.answers.isEmpty {
            object["answers"] = .array(reply.answers.map { answer in
                .object(JSONObject([
                    ("data", .array(answer.data.map(JSONValue.object))),
                    ("metadata", .object(JSONObject([("count", .int(answer.metadata.count))]))),
                    ("actions", .array(answer.actions.map { action in
                        var all = JSONObject([("type", .string(action.type.rawValue))])
                        for key in action.fields.keys { all[key] = action.fields[key] }
                        return .object(all)
                    })),
                    ("skills", .array(answer.skills.map(JSONValue.string))),
                ]))
            })
        }
        object["query_date"] = .string(Timestamps.iso(reply.queryDate, milliseconds: true))
        object["query_language"] = .string(reply.queryLanguage)
        object["answer_date"] = .string(Timestamps.iso(reply.answerDate, milliseconds: true))
        object["answer_time"] = .int(reply.answerTime)
        object["client_id"] = .string(Data("\(identity.type)_\(identity.name)".utf8).base64EncodedString())
        object["session"] = APICall.envelope(identity)
        return JSONValue.object(object).serialized
    }
}
