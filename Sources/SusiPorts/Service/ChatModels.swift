import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What accompanies a query, as the SUSI apps send it.
public struct ChatRequest: Equatable, Sendable {
    public var query: String
    public var language: String
    /// Minutes to add to local time to get UTC (JavaScript's getTimezoneOffset sign: UTC+2 is -120).
    public var timezoneOffsetMinutes: Int
    public var deviceType: String
    public var latitude: Double?
    public var longitude: Double?
    /// Set by a server for a caller without an account: where its
    /// conversation memory is kept. Nil is the local user's memory.
    public var anonymousCaller: AnonymousCaller?
    /// Ask the backend to say which intent answered and which lost (`chat --explain`);
    /// a backend that cannot leaves `Reply.explanation` nil.
    public var explain = false
    /// Fill an answer's blanks with lower-cased captures, as the reference server
    /// does: set by `susi serve` for clients written against it. Otherwise a capture
    /// keeps the user's case (decision 0461).
    public var referenceCaptures = false
    /// A whole skill text asked first for this request (chat.json's `instant`
    /// parameter): a skill author's file tried on a server. A backend that
    /// does not know the parameter answers from its own skills.
    public var instant: String?
    /// The most characters of `instant` one request may carry (`susi serve` refuses more with 413).
    public static let instantLimit = 256 * 1024

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

    /// The local time zone's offset at `date`, from the C library (TZ, else
    /// /etc/localtime) like `TimeZone.current`, whose lookup cost a one-shot
    /// chat a thirtieth of its time.
    public static func localTimezoneOffset(at date: Date = Date()) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return timezoneOffset(at: date) }
        return -Int(parts.tm_gmtoff) / 60
    }
}

/// An anonymous caller of a server (`susi serve`): its conversation memory
/// is kept under `name`, apart from the local user's and every other
/// caller's, and forgotten `lifetime` seconds after its last chat; at most
/// `maxRemembered` anonymous callers are remembered.
public struct AnonymousCaller: Equatable, Sendable {
    public var name: String
    /// A caller whose memory a new one starts from (a client's first chat, before it had its cookie).
    public var continuing: String?
    public var lifetime: TimeInterval
    public var maxRemembered: Int
    /// Prune old memories after this many anonymous chats.
    public var pruneEvery: Int

    public init(name: String, continuing: String? = nil, lifetime: TimeInterval, maxRemembered: Int, pruneEvery: Int = 50) {
        self.name = name
        self.continuing = continuing
        self.lifetime = lifetime
        self.maxRemembered = maxRemembered
        self.pruneEvery = pruneEvery
    }

    /// The key of an anonymous caller's memory: never "local", never an account's email (those have an '@').
    public static func memoryKey(_ name: String) -> String { "anonymous " + name }
}

