import Foundation
import SusiCore
import SusiEngine

extension RemoteService {
    /// The most a chat reply may hold before it is decoded and rendered
    /// (real replies have a handful of actions and at most a few hundred
    /// rows; 200,000 actions once cost 628 MB).
    public static let replyLimits = (answers: 100, actions: 1_000, rows: 10_000)

    /// Refuses a reply beyond `replyLimits`, naming what and the limit.
    static func checkSize(_ json: [String: Any]) throws {
        func refuse(_ count: Int, _ what: String, _ limit: Int) -> ServiceError {
            ServiceError(.malformedResponse,
                         "The SUSI server's chat reply has \(count) \(what), more than the \(limit) susi accepts; it was not shown.")
        }
        guard let answers = json["answers"] as? [Any] else { return }
        if answers.count > replyLimits.answers { throw refuse(answers.count, "answers", replyLimits.answers) }
        for case let answer as [String: Any] in answers {
            if let actions = answer["actions"] as? [Any], actions.count > replyLimits.actions {
                throw refuse(actions.count, "actions", replyLimits.actions)
            }
            if let rows = answer["data"] as? [Any], rows.count > replyLimits.rows {
                throw refuse(rows.count, "data rows", replyLimits.rows)
            }
        }
    }

    public func chat(_ request: ChatRequest, token: String?) throws -> Reply {
        var parameters: [String: String?] = [
            "q": request.query,
            "timezoneOffset": String(request.timezoneOffsetMinutes),
            "language": request.language,
            "device_type": request.deviceType,
        ]
        if let latitude = request.latitude, let longitude = request.longitude {
            parameters["latitude"] = String(latitude)
            parameters["longitude"] = String(longitude)
        }
        let json = try call("/susi/chat.json", parameters, token: token)
        if token != nil, Self.identity(json)?.anonymous == true {
            throw ServiceError(.notLoggedIn, "The server no longer accepts your login, so it answered as an anonymous user would.",
                               hint: "Log in again with 'susi login'.")
        }
        try Self.checkSize(json)
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            return try JSONDecoder().decode(Reply.self, from: data)
        } catch {
            throw ServiceError(.malformedResponse, "The SUSI server's chat reply could not be read: \(error).")
        }
    }
}
