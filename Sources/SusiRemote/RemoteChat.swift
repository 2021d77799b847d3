import Foundation
import SusiCore
import SusiReply

extension RemoteService {
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
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            return try JSONDecoder().decode(Reply.self, from: data)
        } catch {
            throw ServiceError(.malformedResponse, "The SUSI server's chat reply could not be read: \(error).")
        }
    }
}
