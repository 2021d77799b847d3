import Foundation

/// A stand-in for Open-Meteo's geocoding (`/v1/search`) and forecast
/// (`/v1/forecast`) APIs on 127.0.0.1, answering in their JSON shapes. The
/// forecast follows the requested `temperature_unit` and `wind_speed_unit`, so
/// tests see what a user would. `behaviour` makes it fail the ways a real
/// service can.
public final class WeatherFixture: @unchecked Sendable {
    public enum Behaviour: Sendable {
        case normal
        /// Every request answers HTTP 500.
        case serverError
        /// Every request answers 200 with a body that is not JSON.
        case notJSON
        /// The forecast is JSON without the fields asked for.
        case forecastWithoutFields
    }

    public struct Place: Sendable {
        public var name: String
        public var country: String
        public var latitude: Double
        public var longitude: Double

        public init(_ name: String, _ country: String, _ latitude: Double, _ longitude: Double) {
            self.name = name
            self.country = country
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// Known by the lower-cased name asked for.
    public static let places: [String: Place] = [
        "berlin": Place("Berlin", "Germany", 52.52437, 13.41053),
        "paris": Place("Paris", "France", 48.85341, 2.3488),
        "london": Place("London", "United Kingdom", 51.50853, -0.12574),
        "rome": Place("Rome", "Italy", 41.89193, 12.51133),
        "tokyo": Place("Tokyo", "Japan", 35.6895, 139.69171),
        "oslo": Place("Oslo", "Norway", 59.91273, 10.74609),
        "madrid": Place("Madrid", "Spain", 40.4165, -3.70256),
        "são paulo": Place("São Paulo", "Brazil", -23.5475, -46.63611),
    ]

    private let lock = NSLock()
    private var currentBehaviour: Behaviour
    private var extraPlaces: [String: Place] = [:]
    private var server: LoopbackHTTPServer!

    public var behaviour: Behaviour {
        get { lock.lock(); defer { lock.unlock() }; return currentBehaviour }
        set { lock.lock(); currentBehaviour = newValue; lock.unlock() }
    }

    public init(_ behaviour: Behaviour = .normal) throws {
        currentBehaviour = behaviour
        server = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    /// Adds a place the geocoder knows, under its lower-cased name.
    public func add(_ place: Place, as name: String) {
        lock.lock()
        extraPlaces[name.lowercased()] = place
        lock.unlock()
    }

    public var forecastURL: String { server.baseURL + "/v1/forecast" }
    public var geocodingURL: String { server.baseURL + "/v1/search" }
    /// `SUSI_WEATHER_URL` and `SUSI_GEOCODING_URL` pointing here.
    public var environment: [String: String] { ["SUSI_WEATHER_URL": forecastURL, "SUSI_GEOCODING_URL": geocodingURL] }
    public var requests: [LoopbackHTTPServer.Request] { server.requests }

    public func stop() { server.stop() }

    /// Tomorrow's figures in Celsius: 8 to 14 °C, code 61 (light rain), 60% rain.
    /// Now: 12.3 °C, code 61, wind 14.4 km/h. Today: 7.6 to 13.2 °C, code 3, 20%.
    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        switch behaviour {
        case .serverError: return .json(#"{"error":true,"reason":"Internal error"}"#, status: 500)
        case .notJSON: return .text("<html><body>Service temporarily unavailable</body></html>")
        case .normal, .forecastWithoutFields: break
        }
        let query = request.query
        switch request.path {
        case "/v1/search":
            let name = (query["name"] ?? "").lowercased()
            lock.lock()
            let place = extraPlaces[name] ?? Self.places[name]
            lock.unlock()
            guard let place else { return .json(#"{"generationtime_ms":0.2}"#) }
            let object: [String: Any] = ["results": [["id": 1, "name": place.name, "country": place.country,
                                                      "latitude": place.latitude, "longitude": place.longitude]],
                                         "generationtime_ms": 0.5]
            return .json(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        case "/v1/forecast":
            if behaviour == .forecastWithoutFields { return .json(#"{"latitude":52.5,"longitude":13.4,"elevation":38}"#) }
            let fahrenheit = query["temperature_unit"] == "fahrenheit"
            let mph = query["wind_speed_unit"] == "mph"
            func t(_ celsius: Double) -> Double { fahrenheit ? celsius * 9 / 5 + 32 : celsius }
            let wind = mph ? 14.4 / 1.609344 : 14.4
            let object: [String: Any] = [
                "latitude": Double(query["latitude"] ?? "") ?? 0, "longitude": Double(query["longitude"] ?? "") ?? 0,
                "current_units": ["temperature_2m": fahrenheit ? "°F" : "°C", "wind_speed_10m": mph ? "mp/h" : "km/h"],
                "current": ["time": "2026-12-01T12:00", "temperature_2m": t(12.3), "weather_code": 61, "wind_speed_10m": wind],
                "daily": ["time": ["2026-12-01", "2026-12-02"], "weather_code": [3, 61],
                          "temperature_2m_max": [t(13.2), t(14)], "temperature_2m_min": [t(7.6), t(8)],
                          "precipitation_probability_max": [20, 60]],
            ]
            return .json(String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        default:
            return .json(#"{"error":true,"reason":"Not found"}"#, status: 404)
        }
    }
}
