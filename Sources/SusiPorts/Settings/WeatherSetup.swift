import Foundation

/// Metric (°C, km/h) or imperial (°F, mph).
public enum UnitSystem: String, CaseIterable, Sendable {
    case metric, imperial

    /// The territories whose measurement convention is imperial (glibc's
    /// LC_MEASUREMENT 2): the United States, Liberia and Myanmar.
    static let imperialTerritories: Set<String> = ["US", "LR", "MM"]

    /// The locale's units: the first of LC_ALL, LC_MEASUREMENT and LANG that is
    /// set decides (POSIX order); its territory (`US` in `en_US.UTF-8`) makes it
    /// imperial or metric. Metric when none is set, or for C and POSIX.
    public static func ofLocale(_ environment: [String: String]) -> UnitSystem {
        locale(environment)?.units ?? .metric
    }

    /// The same with the variable that decided; nil when none is set.
    public static func locale(_ environment: [String: String]) -> (units: UnitSystem, variable: String)? {
        for variable in ["LC_ALL", "LC_MEASUREMENT", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let name = value.prefix { $0 != "." && $0 != "@" }
            guard let underscore = name.firstIndex(of: "_") else { return (.metric, variable) }
            let territory = name[name.index(after: underscore)...].uppercased()
            return (imperialTerritories.contains(territory) ? .imperial : .metric, variable)
        }
        return nil
    }
}

/// What the weather skill needs from the settings: the two services it asks,
/// the units, and the user's place from the `location` setting (a name, or
/// coordinates). Resolved by the host for the embedded SUSI and the skill
/// workbench; the engine itself knows no address.
public struct WeatherSetup: Sendable, Equatable {
    public var forecastURL: URL
    public var geocodingURL: URL
    public var units: UnitSystem
    public var place: String?
    public var latitude: Double?
    public var longitude: Double?

    public init(forecastURL: URL, geocodingURL: URL, units: UnitSystem = .metric,
                place: String? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.forecastURL = forecastURL
        self.geocodingURL = geocodingURL
        self.units = units
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
    }
}
