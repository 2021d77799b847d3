import Foundation
import SusiCore
import SusiEngine

extension SusiAPI {
    /// `/susi/chat.json`: the reply in the engine's chat.json shape, plus
    /// `client_id` and the session envelope.
    static func chat(_ call: APICall) throws -> APIReply {
        let query = (call["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let offset = try call.int("timezoneOffset") ?? 0
        guard abs(offset) <= 24 * 60 else {
            throw APIFailure(400, "The parameter 'timezoneOffset' must be minutes between -1440 and 1440, not \(offset).")
        }
        var request = ChatRequest(query: query, language: call.nonEmpty("language") ?? "en", timezoneOffsetMinutes: offset,
                                  deviceType: call.nonEmpty("device_type") ?? "Others")
        if let latitude = try call.double("latitude"), let longitude = try call.double("longitude") {
            request.latitude = latitude
            request.longitude = longitude
        }
        var reply = try call.service.chat(request, token: call.token)
        let identity = try call.identity()
        reply.clientID = Data("\(identity.type)_\(identity.name)".utf8).base64EncodedString()
        if case let .object(session) = APICall.envelope(identity) { reply.session = session }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return .encoded(Array(try encoder.encode(reply)))
    }
}
