import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiPorts

/// The one reader of times and durations for `remind`, `timer` and `alarm`:
/// English words and digits ("in five minutes", "1h30m", "at 7 pm",
/// "18:30", "tomorrow at noon", "2026-12-24T18:00"), on an injected clock
/// and time zone. What it does not understand is refused (64) with the
/// words it could not read, never guessed; digits without am/pm are the
/// 24-hour clock ("at 7" is 07:00).
struct TimeParser {
    let now: Date
    let zone: TimeZone

    static let hint = "Say a time such as '18:30', 'at 7 pm', 'tomorrow 9:00', '2026-12-24T18:00', or a duration such as 'in 5 minutes', '90s', '1h30m'."

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    // MARK: Durations

    static let units: [String: Double] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
        "d": 86400, "day": 86400, "days": 86400,
        "w": 604_800, "wk": 604_800, "week": 604_800, "weeks": 604_800,
        "y": 31_557_600, "yr": 31_557_600, "year": 31_557_600, "years": 31_557_600,
    ]

    static let smallNumbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                               "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]

    /// A duration: "5m", "1h30m", "90 seconds", "in five minutes", "a minute",
    /// "1 hour and 30 minutes". Refused when 0, negative or over 10 years.
    func duration(_ text: String) throws -> TimeInterval {
        var words = Self.words(text)
        if words.first == "in" { words.removeFirst() }
        guard !words.isEmpty else { throw UsageError("'\(Self.shown(text))' is not a duration: nothing after 'in'. \(Self.hint)") }
        if words.first == "-" || words.first?.hasPrefix("-") == true {
            throw UsageError("'\(Self.shown(text))': a duration cannot be negative. \(Self.hint)")
        }
        var total = 0.0
        var index = 0
        var sawPair = false
        while index < words.count {
            if sawPair, words[index] == "and" || words[index] == "," { index += 1; continue }
            guard let (number, used) = Self.number(words, at: index) else {
                throw UsageError("'\(Self.shown(text))' is not a duration: '\(Self.shown(words[index]))' was not understood. \(Self.hint)")
            }
            index += used
            guard index < words.count else {
                throw UsageError("'\(Self.shown(text))' is not a duration: '\(Self.shown(words[index - 1]))' needs a unit (seconds, minutes, hours, days, weeks). \(Self.hint)")
            }
            guard let unit = Self.units[words[index]] else {
                throw UsageError("'\(Self.shown(text))' is not a duration: '\(Self.shown(words[index]))' is not a unit of time (seconds, minutes, hours, days, weeks). \(Self.hint)")
            }
            total += number * unit
            index += 1
            sawPair = true
        }
        guard total.isFinite, total >= 1 else {
            throw UsageError("'\(Self.shown(text))' is too short: a duration must be at least 1 second.")
        }
        guard total <= ReminderRules.longest else {
            throw UsageError("'\(Self.shown(text))' is longer than 10 years, the limit.")
        }
        return total
    }

    /// A number at `index`: digits ("5", "1.5"), a word ("five", "a", "an",
    /// "twenty five", "twenty-five"); and how many words it took.
    static func number(_ words: [String], at index: Int) -> (Double, Int)? {
        let word = words[index]
        if word.first?.isNumber == true, word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
           let value = Double(word), value.isFinite {
            return (value, 1)
        }
        if word == "a" || word == "an" { return (1, 1) }
        if let small = smallNumbers.firstIndex(of: word) { return (Double(small), 1) }
        let parts = word.split(separator: "-").map(String.init)
        if parts.count == 2, let ten = tens[parts[0]], let one = smallNumbers.firstIndex(of: parts[1]), (1...9).contains(one) {
            return (Double(ten + one), 1)
        }
        if let ten = tens[word] {
            if index + 1 < words.count, let one = smallNumbers.firstIndex(of: words[index + 1]), (1...9).contains(one) {
                return (Double(ten + one), 2)
            }
            return (Double(ten), 1)
        }
        return nil
    }

    // MARK: Moments

    /// A moment: "in 5 minutes", "at 7", "at 7 pm", "18:30", "tomorrow 9:00",
    /// "tomorrow at noon", "today at 18:00", "2026-12-24T18:00". A moment
    /// that has passed is refused with how long ago it was.
    func moment(_ text: String) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let iso = try isoMoment(trimmed) { return try future(iso, text) }
        var words = Self.words(trimmed)
        guard !words.isEmpty else { throw UsageError("No time was given. \(Self.hint)") }
        if words.first == "in" { return now.addingTimeInterval(try duration(trimmed)) }
        if Self.number(words, at: 0) != nil, words.count >= 2, Self.units[words[1]] != nil {
            return now.addingTimeInterval(try duration(trimmed))
        }
        var dayOffset = 0
        var namedDay = false
        if words.first == "today" { words.removeFirst(); namedDay = true }
        else if words.first == "tomorrow" { words.removeFirst(); dayOffset = 1; namedDay = true }
        if words.first == "at" { words.removeFirst() }
        guard !words.isEmpty else {
            throw UsageError("'\(Self.shown(text))' says no time of day. Say, for example, 'tomorrow 9:00' or 'tomorrow at noon'.")
        }
        if words == ["midnight"] {
            // The midnight that ends the day named.
            dayOffset += 1
            words = ["0:00"]
        }
        let clock = try self.clock(words, original: text)
        let day = calendar.date(byAdding: .day, value: dayOffset, to: calendar.startOfDay(for: now)) ?? now
        var parts = calendar.dateComponents([.year, .month, .day], from: day)
        parts.hour = clock.hour
        parts.minute = clock.minute
        parts.second = 0
        guard let date = calendar.date(from: parts) else {
            throw UsageError("'\(Self.shown(text))' is not a time that exists in \(zone.identifier).")
        }
        if date <= now, !namedDay {
            throw UsageError("\(clock) today is in the past: that was \(Self.ago(now.timeIntervalSince(date))) ago. "
                + "Say 'tomorrow \(clock)' for tomorrow.")
        }
        return try future(date, text)
    }

    /// A wall-clock time: "7", "7:30", "07:30", "18:30", "7 pm", "7:30pm",
    /// "seven pm", "noon", "midnight", "7 o'clock".
    func clock(_ text: String) throws -> WallClock {
        var words = Self.words(text)
        if words.first == "at" { words.removeFirst() }
        return try clock(words, original: text)
    }

    func clock(_ words: [String], original: String) throws -> WallClock {
        var words = words
        if words.last == "o'clock" || words.last == "oclock" { words.removeLast() }
        if words == ["noon"] || words == ["midday"] { return WallClock(hour: 12, minute: 0)! }
        if words == ["midnight"] { return WallClock(hour: 0, minute: 0)! }
        var half: String?
        if let last = words.last, ["am", "pm", "a.m.", "p.m."].contains(last) {
            half = String(last.prefix(1))
            words.removeLast()
        } else if let last = words.last, last.hasSuffix("am") || last.hasSuffix("pm"), last.count > 2,
                  last.dropLast(2).allSatisfy({ $0.isNumber || $0 == ":" || $0 == "." }) {
            half = String(last.suffix(2).prefix(1))
            words[words.count - 1] = String(last.dropLast(2))
        }
        let refused = UsageError("'\(Self.shown(original))' is not a time of day: '\(Self.shown(words.joined(separator: " ")))' was not understood. \(Self.hint)")
        var hour: Int
        var minute = 0
        if words.count == 1, words[0].first?.isNumber == true {
            let pieces = words[0].split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2, pieces.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let h = Int(pieces[0]) else { throw refused }
            hour = h
            if pieces.count == 2 {
                guard pieces[1].count == 2, let m = Int(pieces[1]) else { throw refused }
                minute = m
            }
        } else if words.count == 1, let (number, _) = Self.number(words, at: 0), number == number.rounded(), number >= 1, number <= 12 {
            hour = Int(number)
        } else {
            throw refused
        }
        if let half {
            guard (1...12).contains(hour) else {
                throw UsageError("'\(Self.shown(original))': with am or pm the hour is 1 to 12.")
            }
            hour = hour % 12 + (half == "p" ? 12 : 0)
        }
        guard let clock = WallClock(hour: hour, minute: minute) else {
            throw UsageError("'\(Self.shown(original))' is not a time of day: hours go 0 to 23 and minutes 0 to 59.")
        }
        return clock
    }

    /// ISO 8601 ("2026-12-24T18:00", with seconds, "Z" or an offset; a space
    /// for the T): in the parser's zone unless an offset is given. Nil when
    /// the text does not start like a date.
    func isoMoment(_ text: String) throws -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[0..<4].allSatisfy({ (48...57).contains($0) }) else { return nil }
        let refused = UsageError("'\(Self.shown(text))' is not an ISO 8601 date and time such as 2026-12-24T18:00.")
        let normal = text.replacingOccurrences(of: " ", with: "T")
        let formats = ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX"]
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.isLenient = false
            formatter.dateFormat = format
            if let date = formatter.date(from: normal) { return date }
        }
        if bytes.count == 10 {
            throw UsageError("'\(Self.shown(text))' is a day without a time; say the time too, as in \(text)T09:00.")
        }
        throw refused
    }

    func future(_ date: Date, _ text: String) throws -> Date {
        let wait = date.timeIntervalSince(now)
        guard wait > 0 else {
            throw UsageError("'\(Self.shown(text))' is in the past: that was \(Self.ago(-wait)) ago.")
        }
        guard wait <= ReminderRules.longest else {
            throw UsageError("'\(Self.shown(text))' is more than 10 years away, the limit.")
        }
        return date
    }

    // MARK: Text

    /// Lower-cased words; digits and letters split apart ("1h30m" is 1 h 30 m,
    /// "7pm" stays whole for the clock), commas as words of their own.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        for raw in text.lowercased().replacingOccurrences(of: ",", with: " , ").split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let word = String(raw)
            // "1h30m", "5m", "90s": alternate runs of digits and letters.
            if word.first?.isNumber == true, !word.contains(":"), !word.hasSuffix("am"), !word.hasSuffix("pm"),
               word.contains(where: { $0.isLetter }), word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }) {
                var run = ""
                for character in word {
                    if let last = run.last, (last.isLetter) != (character.isLetter) {
                        out.append(run)
                        run = ""
                    }
                    run.append(character)
                }
                out.append(run)
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// Outside text in a message: one line, escaped.
    static func shown(_ text: String) -> String { UntrustedText.line(text) }

    /// "3 minutes", "1 hour 5 minutes", "40 seconds", "2 days".
    static func ago(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return TextLayout.counted(max(total, 1), "second") }
        if total < 3600 { return TextLayout.counted(total / 60, "minute") }
        if total < 86400 {
            let minutes = total % 3600 / 60
            return TextLayout.counted(total / 3600, "hour") + (minutes > 0 ? " " + TextLayout.counted(minutes, "minute") : "")
        }
        return TextLayout.counted(total / 86400, "day")
    }

    /// The zone a name gives ("Europe/Berlin", "UTC"), or the environment's
    /// TZ, or this machine's. An unknown name is refused.
    static func zone(named name: String?, environment: [String: String]) throws -> TimeZone {
        if let name {
            guard let zone = TimeZone(identifier: name) else {
                throw UsageError("'\(shown(name))' is not a time zone name; use one such as Europe/Berlin, America/New_York or UTC.")
            }
            return zone
        }
        return ReminderFiring.zone(environment)
    }
}
