import Foundation
import SusiBasics
import SusiPorts

extension Context {
    /// The `units` setting (which follows the locale when nothing sets it).
    public func unitSystem() throws -> UnitSystem {
        try setting(.units) ?? UnitSystem.ofLocale(environment)
    }

    /// `weather.url`, `geocoding.url`, the units and the `location` setting.
    public func weatherSetup() throws -> WeatherSetup {
        func url(_ key: ConfigKey) throws -> URL {
            let text = try settings().value(key) ?? key.defaultValue ?? ""
            guard let url = URL(string: text) else { throw ConfigError("The \(key.name) setting '\(text)' is not a URL.") }
            return url
        }
        let location = try setting(.location)
        let coordinates = ConfigKey.coordinates(location)
        return WeatherSetup(forecastURL: try url(.weatherURL), geocodingURL: try url(.geocodingURL), units: try unitSystem(),
                            place: coordinates == nil ? location : nil,
                            latitude: coordinates?.latitude, longitude: coordinates?.longitude)
    }
}
