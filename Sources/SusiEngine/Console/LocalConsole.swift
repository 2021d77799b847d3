import Foundation
import SusiReply

/// Console functions answered in-process, for skills that must work offline. A skill
/// calls them with the ordinary console syntax and a `local:` URL, e.g.
///
///     what time is it
///     !console:It is $time$.
///     {"url": "local:time"}
///     eol
///
/// | URL | row fields |
/// | --- | --- |
/// | `local:time`, `local:date` | time (HH:mm), hour, minute, second, date (yyyy-MM-dd), year, month, day, weekday, month_name, utc_offset |
/// | `local:time?place=$1$` | the same in the place's time zone (a zone's city, e.g. tokyo, new york, or utc), plus place and answer ("It is 21:00 in Tokyo (UTC+09:00)."); fails for a place with no zone of its name |
/// | `local:calculate?expression=$1$` | expression, result, answer ("2+2 = 4"); on division by zero only expression, answer and error; fails on anything that is not arithmetic |
/// | `local:random?min=1&max=100` | number, min, max (defaults 1 and 100) |
/// | `local:coin` | side (heads or tails) |
/// | `local:dice?count=1&sides=6` | rolls (comma-separated), total, count, sides |
/// | `local:weather?place=$1$&when=now&topic=weather` | answer (a sentence, also when the service fails), place, temperature, ... (see `WeatherConsole`) |
///
/// Values arrive URL-encoded (the engine encodes `$n$` in console URLs), and a failing
/// function fails the intent so the next candidate is tried. `local:weather` is the one
/// that goes out: through `AskOptions.fetcher`, to the addresses in `AskOptions.weather`.
enum LocalConsole {
    static let scheme = "local"

    static func evaluate(_ url: URL, options: AskOptions, random: inout AnyRandom) -> JSONValue? {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let function = (components?.path ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        var args: [String: String] = [:]
        for item in components?.queryItems ?? [] { args[item.name.lowercased()] = item.value ?? "" }
        func int(_ name: String, _ fallback: Int) -> Int? {
            guard let raw = args[name], !raw.isEmpty else { return fallback }
            return Int(Normalizer.javaTrim(raw))
        }

        switch function {
        case "time", "date", "clock":
            if let place = args["place"] {
                guard let zone = PlaceTimeZone.find(place) else { return nil }
                let offset = zone.zone.secondsFromGMT(for: options.now ?? Date())
                var row = clock(options, offset: offset)
                row["place"] = .string(zone.name)
                row["answer"] = .string("It is \(row["time"]?.stringValue ?? "") in \(zone.name) (\(row["utc_offset"]?.stringValue ?? "")).")
                return .object(row)
            }
            return .object(clock(options, offset: options.utcOffsetSeconds))
        case "calculate", "calc":
            guard let expression = args["expression"] ?? args["q"] else { return nil }
            let shown = Normalizer.javaTrim(expression)
            do {
                let result = Arithmetic.format(try Arithmetic.evaluate(expression))
                return .object(JSONObject([("expression", .string(shown)), ("result", .string(result)),
                                           ("answer", .string("\(shown) = \(result)"))]))
            } catch Arithmetic.Failure.divisionByZero {
                // Arithmetic, but with no result: say so rather than let another skill guess.
                return .object(JSONObject([("expression", .string(shown)),
                                           ("answer", .string("I cannot divide by zero (\(shown)).")),
                                           ("error", .string("division by zero"))]))
            } catch {
                return nil
            }
        case "random":
            guard let lo = int("min", 1), let hi = int("max", 100) else { return nil }
            let (a, b) = lo <= hi ? (lo, hi) : (hi, lo)
            let n = Int.random(in: a...b, using: &random)
            return .object(JSONObject([("number", .string(String(n))), ("min", .string(String(a))), ("max", .string(String(b)))]))
        case "coin":
            let side = Bool.random(using: &random) ? "heads" : "tails"
            return .object(JSONObject([("side", .string(side))]))
        case "dice":
            guard let count = int("count", 1), let sides = int("sides", 6), (1...100).contains(count), (2...1000).contains(sides) else { return nil }
            let rolls = (0..<count).map { _ in Int.random(in: 1...sides, using: &random) }
            return .object(JSONObject([
                ("rolls", .string(rolls.map(String.init).joined(separator: ", "))),
                ("total", .string(String(rolls.reduce(0, +)))),
                ("count", .string(String(count))), ("sides", .string(String(sides))),
            ]))
        case "weather":
            return WeatherConsole.evaluate(args, options: options)
        default:
            return nil
        }
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]

    private static func clock(_ options: AskOptions, offset: Int) -> JSONObject {
        let now = options.now ?? Date()
        let local = Int(now.timeIntervalSince1970.rounded(.down)) + offset
        let c = CivilTime(secondsSinceEpoch: local)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        let utc = "UTC\(sign)\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
        return JSONObject([
            ("time", .string("\(two(c.hour)):\(two(c.minute))")),
            ("hour", .string(two(c.hour))), ("minute", .string(two(c.minute))), ("second", .string(two(c.second))),
            ("date", .string("\(c.year)-\(two(c.month))-\(two(c.day))")),
            ("year", .string(String(c.year))), ("month", .string(two(c.month))), ("day", .string(two(c.day))),
            ("weekday", .string(weekdays[c.weekday])), ("month_name", .string(months[c.month - 1])),
            ("utc_offset", .string(utc)),
        ])
    }
}
