import Foundation

/// What accompanies a query, as the SUSI apps send it.
public struct ChatRequest: Equatable, Sendable {
    public var query: String
    public var language: String
    /// Minutes to add to local time to get UTC (JavaScript's getTimezoneOffset sign: UTC+2 is -120).
    public var timezoneOffsetMinutes: Int
    public var deviceType: String
    public var latitude: Double?
    public var longitude: Double?

    public init(query: String, language: String = "en", timezoneOffsetMinutes: Int = 0, deviceType: String = "terminal",
                latitude: Double? = nil, longitude: Double? = nil) {
        self.query = query
        self.language = language
        self.timezoneOffsetMinutes = timezoneOffsetMinutes
        self.deviceType = deviceType
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The JavaScript-convention offset for `timeZone` at `date`.
    public static func timezoneOffset(_ timeZone: TimeZone = .current, at date: Date = Date()) -> Int {
        -timeZone.secondsFromGMT(for: date) / 60
    }
}
