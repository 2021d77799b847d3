import Foundation
import Testing
import SusiCLI
import SusiBasics
@testable import SusiCore
import SusiPorts

@Suite("Weather setup")
struct WeatherSetupTests {
    @Test(arguments: [
        ([:], UnitSystem.metric),
        (["LANG": "en_US.UTF-8"], .imperial),
        (["LANG": "en_LR"], .imperial),
        (["LANG": "my_MM.UTF-8"], .imperial),
        (["LANG": "es_US.UTF-8@euro"], .imperial),
        (["LANG": "en_GB.UTF-8"], .metric),
        (["LANG": "de_DE.UTF-8"], .metric),
        (["LANG": "C.UTF-8"], .metric),
        (["LANG": "POSIX"], .metric),
        (["LANG": "en"], .metric),
        (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .metric),
        (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .imperial),
        (["LC_ALL": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .imperial),
        (["LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"], .metric),
        (["LC_ALL": "", "LANG": "en_US.UTF-8"], .imperial),
    ] as [([String: String], UnitSystem)])
    func unitsFollowTheLocale(_ environment: [String: String], _ units: UnitSystem) {
        #expect(UnitSystem.ofLocale(environment) == units)
    }
}

extension WeatherSetupTests {
    func context(_ environment: [String: String]) -> Context {
        Context(io: .captured(stdinTTY: false, stdoutTTY: false),
                environment: ["SUSI_HOME": "/nonexistent/susi-home"].merging(environment) { _, new in new },
                invocation: Invocation(path: ["susi"], values: ParsedValues(), globals: ParsedValues()))
    }

    @Test func theProductionServicesAreTheDefaults() throws {
        let setup = try context([:]).weatherSetup()
        #expect(setup.forecastURL.absoluteString == "https://api.open-meteo.com/v1/forecast")
        #expect(setup.geocodingURL.absoluteString == "https://geocoding-api.open-meteo.com/v1/search")
        #expect(setup.units == .metric)
        #expect(setup.place == nil && setup.latitude == nil && setup.longitude == nil)
    }

    @Test func settingsFromTheEnvironmentWin() throws {
        let setup = try context(["SUSI_WEATHER_URL": "http://127.0.0.1:5/f", "SUSI_GEOCODING_URL": "http://127.0.0.1:5/g",
                                 "SUSI_UNITS": "imperial", "LANG": "de_DE.UTF-8", "SUSI_LOCATION": "Berlin"]).weatherSetup()
        #expect(setup == WeatherSetup(forecastURL: URL(string: "http://127.0.0.1:5/f")!, geocodingURL: URL(string: "http://127.0.0.1:5/g")!,
                                      units: .imperial, place: "Berlin"))
        #expect(try context(["SUSI_UNITS": "metric", "LANG": "en_US.UTF-8"]).unitSystem() == .metric)
        #expect(try context(["LANG": "en_US.UTF-8"]).unitSystem() == .imperial)
    }

    @Test func coordinatesAreNotAPlaceName() throws {
        let setup = try context(["SUSI_LOCATION": "52.52, 13.40"]).weatherSetup()
        #expect(setup.place == nil)
        #expect(setup.latitude == 52.52)
        #expect(setup.longitude == 13.40)
    }

    @Test func aBadURLInTheEnvironmentIsAConfigurationError() {
        #expect(throws: ConfigError("SUSI_WEATHER_URL has an invalid value 'ftp://x/f' for 'weather.url': expected an http(s) URL such as https://api.open-meteo.com/v1/forecast.")) {
            _ = try context(["SUSI_WEATHER_URL": "ftp://x/f"]).weatherSetup()
        }
    }
}
