import Foundation
import SusiPorts
import SusiReply

extension RemoteService {
    /// The most a chat reply may hold before it is decoded and rendered
    /// (real replies have a handful of actions and at most a few hundred
    /// rows; 200,000 actions once cost 628 MB).
    public static let replyLimits = (answers: 100, actions: 1_000, rows: 10_000)

    /// The most JSON objects and arrays a chat reply may hold: the whole
    /// reply within `replyLimits` fits, and parsing is bounded to it (a
    /// 200,000-action reply of 8.9 MB cost 636 MB to parse).
    public static let replyContainerLimit = 20_000

    /// Counts objects and arrays in the raw body, outside strings, and
    /// refuses the reply as soon as there are more than the limit.
    static func checkContainers(_ body: Data) throws {
        var count = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B:
                count += 1
                if count > replyContainerLimit {
                    throw ServiceError(.malformedResponse,
                                       "The SUSI server's chat reply holds more than \(replyContainerLimit) JSON objects and arrays, the most susi accepts; it was not shown.")
                }
            default: break
            }
        }
    }

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
        if let instant = request.instant {
            // A skill text: in the body, never a URL a proxy logs or cuts.
            parameters["instant"] = instant
        }
        let body = BodyCopy()
        let json = try call("/susi/chat.json", parameters, token: token, post: request.instant != nil, inspect: { data in
            try Self.checkContainers(data)
            body.data = data
        })
        if token != nil, Self.identity(json)?.anonymous == true {
            throw ServiceError(.notLoggedIn, "The server no longer accepts your login, so it answered as an anonymous user would.",
                               hint: reloginHint)
        }
        try Self.checkSize(json)
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            // Decoded from the dictionary (its keys in no order), then put in
            // the order the server's text has: table columns keep the skill's order.
            return try JSONDecoder().decode(Reply.self, from: data).keepingKeyOrder(of: body.data)
        } catch {
            throw ServiceError(.malformedResponse, "The SUSI server's chat reply could not be read: \(ServiceError.plainReason(error)).")
        }
    }
}

/// The raw chat body, kept from `call`'s inspection for the key order.
private final class BodyCopy {
    var data = Data()
}
