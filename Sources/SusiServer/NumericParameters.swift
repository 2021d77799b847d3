import Foundation

/// A number a client may send, with the range the server accepts. Every
/// numeric parameter of every endpoint is declared in
/// `SusiAPI.numericParameters` and read only through `APICall.integer` or
/// `APICall.decimal`, which refuse anything outside the range before any
/// arithmetic sees it: no value a client sends can make the server trap.
public struct NumericParameter: Sendable {
    public let name: String
    /// Whole numbers only (no fraction, no exponent).
    public let wholeNumber: Bool
    public let range: ClosedRange<Double>
    /// Values outside `range` that mean something (valid_seconds = -1).
    public let special: [Double]
    /// The status for a value that is not a number at all.
    let malformedStatus: Int
    /// The status for a number outside the range.
    let rangeStatus: Int
    /// The refusal's wording, given the value as sent (shortened); nil for the standard one.
    let message: (@Sendable (String) -> String)?

    init(_ name: String, whole: Bool = true, _ range: ClosedRange<Double>, special: [Double] = [],
         malformedStatus: Int = 400, rangeStatus: Int = 400, message: (@Sendable (String) -> String)? = nil) {
        self.name = name
        self.wholeNumber = whole
        self.range = range
        self.special = special
        self.malformedStatus = malformedStatus
        self.rangeStatus = rangeStatus
        self.message = message
    }

    /// Longer text is refused without being parsed.
    static let maxLength = 32

    /// The standard description of what is accepted, e.g. "a whole number from 0 to 10000".
    var accepted: String {
        let kind = wholeNumber ? "a whole number" : "a number"
        func shown(_ value: Double) -> String { wholeNumber ? String(Int(value)) : String(value) }
        var text = "\(kind) from \(shown(range.lowerBound)) to \(shown(range.upperBound))"
        if !special.isEmpty { text += " (or " + special.map(shown).joined(separator: ", ") + ")" }
        return text
    }

    /// The value, or a refusal. `text` is already trimmed and not empty.
    func parse(_ text: String) throws(APIFailure) -> Double {
        // The refusal's text is made only for a refusal (this runs for every chat).
        func refuse(_ status: Int) -> APIFailure {
            let shown = text.count > 24 ? String(text.prefix(20)) + "… (\(text.count) characters)" : text
            return APIFailure(status, message?(shown) ?? "The parameter '\(name)' must be \(accepted), not '\(shown)'.")
        }
        // Only ASCII signs, digits (and for decimals '.', 'e', 'E'): so bytes are characters below.
        var hasDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"): continue
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                if wholeNumber { throw refuse(malformedStatus) }
            default: throw refuse(malformedStatus)
            }
        }
        // Digits only (a long one cannot be in range), or the parser's answer.
        if text.utf8.count > Self.maxLength {
            throw refuse(hasDigit ? rangeStatus : malformedStatus)
        }
        let value: Double
        if wholeNumber {
            guard let whole = Int(text) else {
                // Syntax is fine (checked above), so only the size can be wrong.
                throw refuse(hasDigit ? rangeStatus : malformedStatus)
            }
            value = Double(whole)
        } else {
            guard let number = Double(text) else { throw refuse(malformedStatus) }
            guard number.isFinite else { throw refuse(rangeStatus) }
            value = number
        }
        guard range.contains(value) || special.contains(value) else { throw refuse(rangeStatus) }
        return value
    }
}

extension SusiAPI {
    static let timezoneOffset = NumericParameter("timezoneOffset", -1440...1440) { value in
        "The parameter 'timezoneOffset' must be minutes between -1440 and 1440, not '\(value)'."
    }
    static let latitude = NumericParameter("latitude", whole: false, -90...90)
    static let longitude = NumericParameter("longitude", whole: false, -180...180)
    static let count = NumericParameter("count", 0...10_000, rangeStatus: 422) { value in
        "Invalid count value: 'count' must be a whole number from 0 to 10000 (0: no pages), not '\(value)'."
    }
    static let page = NumericParameter("page", 1...100_000, rangeStatus: 422) { value in
        "Invalid page: 'page' must be a whole number from 1 to 100000, not '\(value)'."
    }
    static let offset = NumericParameter("offset", 0...1_000_000, rangeStatus: 422) { value in
        "Invalid offset: 'offset' must be a whole number from 0 to 1000000, not '\(value)'."
    }
    /// Ten years is the longest login, as the reference's -1 means.
    static let maxTokenSeconds: Double = 10 * 365 * 24 * 3600
    static let validSeconds = NumericParameter("valid_seconds", 1...maxTokenSeconds, special: [-1],
                                               malformedStatus: 422, rangeStatus: 422) { value in
        "Invalid value for 'valid_seconds': a whole number of seconds from 1 to 315360000 (ten years), or -1 for ten years, not '\(value)'."
    }
    static let stars = NumericParameter("stars", 1...5, malformedStatus: 422, rangeStatus: 422) { value in
        "Invalid rating: 'stars' must be a whole number from 1 to 5, not '\(value)'."
    }

    /// How many remembered exchanges `/susi/memory.json` gives (more than 10 is 10, as on the reference).
    static let cognitions = NumericParameter("cognitions", 1...10_000)

    /// Every numeric parameter of every endpoint, by path.
    public static let numericParameters: [String: [NumericParameter]] = [
        "/susi/chat.json": [timezoneOffset, latitude, longitude],
        "/susi/memory.json": [cognitions],
        "/cms/getSkillList.json": [count, page, offset],
        "/aaa/login.json": [validSeconds],
        "/cms/fiveStarRateSkill.json": [stars],
        "/aaa/addNewDevice.json": [latitude, longitude],
    ]
}
