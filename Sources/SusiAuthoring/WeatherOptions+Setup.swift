import SusiEngine
import SusiPorts

extension WeatherOptions {
    /// The engine's weather options from the settings; nil leaves the weather
    /// service unset (the skill then says it cannot be reached). Coordinates a
    /// chat request brings (a server's client) win over the setup's place.
    public init(_ setup: WeatherSetup?, latitude: Double? = nil, longitude: Double? = nil) {
        guard let setup else {
            self.init(latitude: latitude, longitude: longitude)
            return
        }
        let requestPlace = latitude != nil && longitude != nil
        self.init(forecastURL: setup.forecastURL, geocodingURL: setup.geocodingURL,
                  units: setup.units == .imperial ? .imperial : .metric,
                  place: requestPlace ? nil : setup.place,
                  latitude: requestPlace ? latitude : setup.latitude,
                  longitude: requestPlace ? longitude : setup.longitude)
    }
}
