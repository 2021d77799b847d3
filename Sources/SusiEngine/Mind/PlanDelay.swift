/// The delay of a `!plan <delay>: text` line after `$…$` substitution.
/// The reference takes milliseconds; a unit may follow the number here
/// (`500 ms`, `30 seconds`, `5 minutes`, `2 hours`), so a skill can plan
/// "in $1$ minutes" from what the user said.
enum PlanDelay {
    /// Longer plans are refused (the intent fails): nobody waits a year in a chat.
    static let maximumMilliseconds = 366 * 24 * 3600 * 1000

    /// Milliseconds, or nil when the text is not a number with a known unit,
    /// is negative or is longer than `maximumMilliseconds`.
    static func milliseconds(_ text: String) -> Int? {
        let t = Normalizer.javaTrim(text).lowercased()
        var number = ""
        var rest = Substring(t)
        while let c = rest.first, c.isASCII, c.isNumber || c == "." {
            number.append(c)
            rest = rest.dropFirst()
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        let factor: Double
        switch Normalizer.javaTrim(String(rest)) {
        case "", "ms", "millisecond", "milliseconds": factor = 1
        case "s", "sec", "secs", "second", "seconds": factor = 1000
        case "m", "min", "mins", "minute", "minutes": factor = 60_000
        case "h", "hour", "hours": factor = 3_600_000
        default: return nil
        }
        let ms = (value * factor).rounded()
        guard ms <= Double(maximumMilliseconds) else { return nil }
        return Int(ms)
    }
}
