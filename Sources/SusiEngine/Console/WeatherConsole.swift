import Foundation
import SusiReply

/// Where `local:weather` gets the weather and how it tells it. The engine
/// knows no host: the caller passes the two services' addresses (the host
/// resolves them from settings), and both requests go through
/// `AskOptions.fetcher`, the same fetcher (and loopback guard) as every console.
public struct WeatherOptions: Sendable, Equatable {
    public enum Units: String, Sendable, Equatable {
        case metric, imperial
    }

    /// An Open-Meteo compatible forecast endpoint (`/v1/forecast`); nil: no weather service.
    public var forecastURL: URL?
    /// An Open-Meteo compatible geocoding endpoint (`/v1/search`); nil: no weather service.
    public var geocodingURL: URL?
    public var units: Units
    /// The user's place when a query names none: a place name to look up...
    public var place: String?
    /// ... or coordinates, which win over `place`.
    public var latitude: Double?
    public var longitude: Double?

    public init(forecastURL: URL? = nil, geocodingURL: URL? = nil, units: Units = .metric,
                place: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.forecastURL = forecastURL
        self.geocodingURL = geocodingURL
        self.units = units
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// `local:weather?place=...&when=now|today|tomorrow&topic=weather|rain`: geocodes the
/// place (or takes the user's), fetches the forecast and answers in one row whose
/// `answer` is a sentence. It never fails the intent: when the place is unknown or the
/// service cannot be reached or read, `answer` says so plainly (and `error` names
/// the case), so no other intent answers a weather question with something unrelated.
///
/// Row fields on success: answer, place, latitude, longitude, temperature, condition,
/// wind, temperature_unit, wind_unit, when, and for the day told (tomorrow for `now`
/// and `tomorrow`, today for `today` and for a rain question about now) day_low,
/// day_high, day_condition and rain_chance (absent when the service does not know it).
enum WeatherConsole {
    enum Failure: String {
        case noPlace = "no_place"
        case unknownPlace = "unknown_place"
        case unreachable
        case malformed
        /// The network is off (the answer names how).
        case offline
    }

    enum When: String {
        case now, today, tomorrow
    }

    static let unreachableAnswer = "I can't reach the weather service right now."
    static let malformedAnswer = "The weather service sent an answer I can't read, so I can't tell you the weather right now."
    static let noPlaceAnswer = "Which place? Ask for example \"weather in Berlin\", or set your location once: susi config set location Berlin"

    /// Whether an answer only says why the weather cannot be told (the service, or no place).
    static func cannotTell(_ answer: String) -> Bool {
        answer == unreachableAnswer || answer == malformedAnswer || answer == noPlaceAnswer
            || answer.hasPrefix(ConsoleFailure.refusal(skill: "", host: "", cause: "").prefix(20))
    }

    /// Place names longer than this (from the user or the geocoder) are cut.
    static let maximumNameLength = 100

    static func evaluate(_ args: [String: String], options: AskOptions) -> JSONValue {
        let when = When(rawValue: args["when"]?.lowercased() ?? "now") ?? .now
        let rainTopic = args["topic"]?.lowercased() == "rain"
        let weather = options.weather
        let named = args["place"].map { Normalizer.javaTrim($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(maximumNameLength)) }

        let place: (name: String?, latitude: Double, longitude: Double)
        switch lookUp(named: named, weather, options) {
        case .failure(let failure, let answer):
            return row(failure: failure, answer)
        case .success(let found):
            place = found
        }
        guard let forecastURL = weather.forecastURL else { return row(failure: .unreachable, unreachableAnswer) }
        let imperial = weather.units == .imperial
        let parameters = [
            ("latitude", number(place.latitude)), ("longitude", number(place.longitude)),
            ("current", "temperature_2m,weather_code,wind_speed_10m"),
            ("daily", "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max"),
            ("timezone", "auto"), ("forecast_days", "2"),
            ("temperature_unit", imperial ? "fahrenheit" : "celsius"), ("wind_speed_unit", imperial ? "mph" : "kmh"),
        ]
        let body: JSONValue
        switch get(forecastURL, parameters, options) {
        case .refused(let answer):
            return row(failure: .offline, answer)
        case .failure(let failure):
            return row(failure: failure, failure == .malformed ? malformedAnswer : unreachableAnswer)
        case .success(let json):
            body = json
        }
        // Now is told with tomorrow's outlook; a rain question about now, with today's.
        let day = when == .tomorrow || (when == .now && !rainTopic) ? 1 : 0
        guard let forecast = Forecast(body, day: day) else {
            return row(failure: .malformed, malformedAnswer)
        }
        let units = (temperature: imperial ? "°F" : "°C", wind: imperial ? "mph" : "km/h")
        let text = sentence(place: place.name, when: when, rain: rainTopic, forecast, units)
        var fields: [(String, JSONValue)] = [
            ("answer", .string(text)),
            ("place", .string(place.name ?? "")),
            ("latitude", .string(number(place.latitude))), ("longitude", .string(number(place.longitude))),
            ("temperature", .string(degrees(forecast.temperature))),
            ("condition", .string(condition(forecast.code) ?? "")),
            ("wind", .string(degrees(forecast.wind))),
            ("temperature_unit", .string(units.temperature)), ("wind_unit", .string(units.wind)),
            ("when", .string(when.rawValue)),
            ("day_low", .string(degrees(forecast.dayLow))), ("day_high", .string(degrees(forecast.dayHigh))),
            ("day_condition", .string(condition(forecast.dayCode) ?? "")),
        ]
        if let chance = forecast.rainChance { fields.append(("rain_chance", .string(degrees(chance)))) }
        return .object(JSONObject(fields))
    }

    private enum Lookup {
        case success((name: String?, latitude: Double, longitude: Double))
        case failure(Failure, String)
    }

    /// The named place through the geocoder, else the user's coordinates, else the
    /// user's place name through the geocoder.
    private static func lookUp(named: String?, _ weather: WeatherOptions, _ options: AskOptions) -> Lookup {
        if named == nil, let latitude = weather.latitude, let longitude = weather.longitude,
           (-90...90).contains(latitude), (-180...180).contains(longitude) {
            return .success((nil, latitude, longitude))
        }
        let fallback = weather.place.map { Normalizer.javaTrim($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(maximumNameLength)) }
        guard let name = named ?? fallback else { return .failure(.noPlace, noPlaceAnswer) }
        guard let geocodingURL = weather.geocodingURL else { return .failure(.unreachable, unreachableAnswer) }
        switch get(geocodingURL, [("name", name), ("count", "1"), ("language", "en"), ("format", "json")], options) {
        case .refused(let answer):
            return .failure(.offline, answer)
        case .failure(let failure):
            return .failure(failure, failure == .malformed ? malformedAnswer : unreachableAnswer)
        case .success(let body):
            guard case .object(let object) = body else { return .failure(.malformed, malformedAnswer) }
            // Open-Meteo leaves `results` out when nothing matches.
            guard let results = object["results"] else { return .failure(.unknownPlace, unknownPlace(name)) }
            guard case .array(let list) = results else { return .failure(.malformed, malformedAnswer) }
            guard let first = list.first else { return .failure(.unknownPlace, unknownPlace(name)) }
            guard let latitude = finite(first["latitude"], in: -90...90),
                  let longitude = finite(first["longitude"], in: -180...180) else {
                return .failure(.malformed, malformedAnswer)
            }
            let found = first["name"]?.stringValue.map { Normalizer.javaTrim($0) } ?? ""
            // A place name is one line: a geocoder's that holds a line break
            // (`\r\n` and a forged line) is not used; the name the user gave
            // is. Other controls are shown escaped where the answer is shown.
            let usable = !found.isEmpty && !found.unicodeScalars.contains {
                (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
            return .success((usable ? String(found.prefix(maximumNameLength)) : name, latitude, longitude))
        }
    }

    static func unknownPlace(_ name: String) -> String {
        "I don't know a place called \(name)."
    }

    private enum Fetched {
        case success(JSONValue)
        case failure(Failure)
        /// The network is off: the answer in the one wording of every skill.
        case refused(String)
    }

    /// `base` with `parameters` added to its query, percent-encoded, through the fetcher.
    private static func get(_ base: URL, _ parameters: [(String, String)], _ options: AskOptions) -> Fetched {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return .failure(.unreachable) }
        let added = parameters.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
        let existing = components.percentEncodedQuery ?? ""
        components.percentEncodedQuery = existing.isEmpty ? added : existing + "&" + added
        guard let url = components.url, let fetcher = options.fetcher else { return .failure(.unreachable) }
        let data: Data
        do {
            data = try fetcher.fetch(url)
        } catch ConsoleError.offline(let host, let cause) {
            return .refused(ConsoleFailure.refusal(skill: "weather", host: host, cause: cause))
        } catch {
            return .failure(.unreachable)
        }
        guard data.count <= options.maxResponseBytes, let json = try? LenientJSONParser.parse(bytes: Array(data)) else {
            return .failure(.malformed)
        }
        return .success(json)
    }

    /// Percent-encodes everything but ASCII letters, digits and `-._~` (RFC 3986 unreserved).
    static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// What the sentence needs from a forecast body, each value checked.
    struct Forecast {
        var temperature: Double
        var code: Int?
        var wind: Double
        var dayLow: Double
        var dayHigh: Double
        var dayCode: Int?
        var rainChance: Double?

        init?(_ body: JSONValue, day: Int) {
            guard let current = body["current"], let daily = body["daily"],
                  let temperature = finite(current["temperature_2m"], in: -150...200),
                  let wind = finite(current["wind_speed_10m"], in: 0...1500),
                  let low = Forecast.item(daily["temperature_2m_min"], day), let lowValue = finite(low, in: -150...200),
                  let high = Forecast.item(daily["temperature_2m_max"], day), let highValue = finite(high, in: -150...200)
            else { return nil }
            self.temperature = temperature
            self.wind = wind
            self.dayLow = min(lowValue, highValue)
            self.dayHigh = max(lowValue, highValue)
            code = finite(current["weather_code"], in: 0...99).map { Int($0) }
            dayCode = Forecast.item(daily["weather_code"], day).flatMap { finite($0, in: 0...99) }.map { Int($0) }
            rainChance = Forecast.item(daily["precipitation_probability_max"], day).flatMap { finite($0, in: 0...100) }
        }

        static func item(_ array: JSONValue?, _ index: Int) -> JSONValue? {
            guard case .array(let items)? = array, items.indices.contains(index) else { return nil }
            return items[index]
        }
    }

    static func finite(_ value: JSONValue?, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let number)? = value, number.isFinite, range.contains(number) else { return nil }
        return number
    }

    static func sentence(place: String?, when: When, rain: Bool, _ f: Forecast,
                         _ units: (temperature: String, wind: String)) -> String {
        let range = "\(degrees(f.dayLow)) to \(degrees(f.dayHigh)) \(units.temperature)"
        let chance = f.rainChance.map { " with a \(degrees($0))% chance of rain" } ?? ""
        let day = when == .tomorrow ? "Tomorrow" : "Today"
        let within = place.map { " in \($0)" } ?? " where you are"
        if rain {
            let sky = condition(f.dayCode).map { ", \($0)" } ?? ""
            guard let probability = f.rainChance else {
                return "\(day)\(within): \(range)\(sky); the service does not say how likely rain is."
            }
            return "\(day)\(within) there is a \(degrees(probability))% chance of rain (\(range)\(sky))."
        }
        switch when {
        case .now:
            let opening = place.map { "In \($0) it is" } ?? "Where you are it is"
            let sky = condition(f.code).map { " and \($0)" } ?? ""
            return "\(opening) \(degrees(f.temperature)) \(units.temperature)\(sky), wind \(degrees(f.wind)) \(units.wind); tomorrow \(range)\(chance)."
        case .today, .tomorrow:
            let sky = condition(f.dayCode).map { " and \($0)" } ?? ""
            return "\(day)\(within): \(range)\(sky)\(chance)."
        }
    }

    /// Rounded to a whole number; -0 is 0.
    static func degrees(_ value: Double) -> String {
        let rounded = value.rounded()
        return rounded == 0 ? "0" : String(Int(rounded))
    }

    /// Coordinates as the forecast takes them (at most 4 decimals).
    static func number(_ value: Double) -> String {
        let text = String(format: "%.4f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    /// The WMO weather code (as Open-Meteo reports it) in words; nil for a code not in the table.
    static func condition(_ code: Int?) -> String? {
        guard let code else { return nil }
        return conditions[code]
    }

    static let conditions: [Int: String] = [
        0: "clear sky", 1: "mainly clear", 2: "partly cloudy", 3: "overcast",
        45: "fog", 48: "freezing fog",
        51: "light drizzle", 53: "drizzle", 55: "dense drizzle", 56: "light freezing drizzle", 57: "freezing drizzle",
        61: "light rain", 63: "rain", 65: "heavy rain", 66: "light freezing rain", 67: "freezing rain",
        71: "light snow", 73: "snow", 75: "heavy snow", 77: "snow grains",
        80: "light rain showers", 81: "rain showers", 82: "violent rain showers",
        85: "light snow showers", 86: "heavy snow showers",
        95: "thunderstorms", 96: "thunderstorms with hail", 99: "thunderstorms with heavy hail",
    ]

    private static func row(failure: Failure, _ answer: String) -> JSONValue {
        .object(JSONObject([("answer", .string(answer)), ("error", .string(failure.rawValue))]))
    }
}
