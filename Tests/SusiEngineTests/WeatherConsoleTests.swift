import Foundation
import SusiAuthoring
import SusiNet
import SusiReply
import SusiTestSupport
import Testing
@testable import SusiEngine

/// `local:weather` and the bundled weather skill, asked through the engine
/// with the HTTP console fetcher against a loopback stand-in for Open-Meteo.
@Suite("The weather console")
struct WeatherConsoleTests {
    static let skillFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SusiSkills/models/general/Weather/en/weather.txt")

    static let berlinNow = "In Berlin it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain."

    /// Fetches through the real transport, with the loopback guard on, and keeps every error.
    final class Fetcher: ConsoleFetcher, @unchecked Sendable {
        let inner = HTTPConsoleFetcher(environment: NetworkGuard.safeEnvironment(), timeout: 5)
        private let lock = NSLock()
        private(set) var errors: [Error] = []

        func fetch(_ url: URL) throws -> Data {
            do {
                return try inner.fetch(url)
            } catch {
                lock.lock()
                errors.append(error)
                lock.unlock()
                throw error
            }
        }
    }

    func weatherMind() throws -> Mind {
        Mind(skills: [try SkillParser.parse(fileAt: Self.skillFile, id: "models/general/Weather/en/weather.txt")])
    }

    func options(_ fixture: WeatherFixture?, _ fetcher: Fetcher = Fetcher(), units: WeatherOptions.Units = .metric,
                 place: String? = nil, latitude: Double? = nil, longitude: Double? = nil) -> AskOptions {
        var options = AskOptions(fetcher: fetcher)
        options.weather = WeatherOptions(forecastURL: fixture.map { URL(string: $0.forecastURL)! },
                                         geocodingURL: fixture.map { URL(string: $0.geocodingURL)! },
                                         units: units, place: place, latitude: latitude, longitude: longitude)
        return options
    }

    @Test func aNamedPlaceIsLookedUpThenForecast() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let mind = try weatherMind()
        var memory = ConversationMemory()
        let reply = mind.ask("weather in Berlin", memory: &memory, options: options(fixture))
        #expect(reply.text == Self.berlinNow)
        let requests = fixture.requests
        #expect(requests.map(\.path) == ["/v1/search", "/v1/forecast"])
        #expect(requests[0].query["name"]?.lowercased() == "berlin")
        #expect(requests[0].query["count"] == "1")
        let forecast = requests[1].query
        #expect(forecast["latitude"] == "52.5244")
        #expect(forecast["longitude"] == "13.4105")
        #expect(forecast["current"] == "temperature_2m,weather_code,wind_speed_10m")
        #expect(forecast["daily"] == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max")
        #expect(forecast["temperature_unit"] == "celsius")
        #expect(forecast["wind_speed_unit"] == "kmh")
        // The row's fields are there for skill authors who word it themselves.
        let row = try #require(reply.answers.first?.data.first)
        #expect(row["place"] == .string("Berlin"))
        #expect(row["temperature"] == .string("12"))
        #expect(row["condition"] == .string("light rain"))
        #expect(row["rain_chance"] == .string("60"))
    }

    @Test(arguments: [
        ("temperature in Paris", "In Paris it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain."),
        ("how's the weather in Tokyo?", "In Tokyo it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain."),
        ("is it cold in Oslo", "In Oslo it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain."),
        ("forecast for Madrid", "In Madrid it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain."),
        ("weather in Berlin tomorrow", "Tomorrow in Berlin: 8 to 14 °C and light rain with a 60% chance of rain."),
        ("what's the weather in Rome today", "Today in Rome: 8 to 13 °C and overcast with a 20% chance of rain."),
        ("will it rain tomorrow in Paris", "Tomorrow in Paris there is a 60% chance of rain (8 to 14 °C, light rain)."),
        ("is it going to rain in London", "Today in London there is a 20% chance of rain (8 to 13 °C, overcast)."),
    ])
    func naturalVariants(_ query: String, _ answer: String) throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        var memory = ConversationMemory()
        #expect(try weatherMind().ask(query, memory: &memory, options: options(fixture)).text == answer)
    }

    @Test func noPlaceUsesTheLocationSetting() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let mind = try weatherMind()
        var memory = ConversationMemory()
        #expect(mind.ask("what's the weather", memory: &memory, options: options(fixture, place: "Berlin")).text == Self.berlinNow)
        #expect(fixture.requests.first?.query["name"] == "Berlin")
        #expect(mind.ask("will it rain tomorrow", memory: &memory, options: options(fixture, place: "Paris")).text
                == "Tomorrow in Paris there is a 60% chance of rain (8 to 14 °C, light rain).")
        #expect(mind.ask("weather tomorrow", memory: &memory, options: options(fixture, place: "Paris")).text
                == "Tomorrow in Paris: 8 to 14 °C and light rain with a 60% chance of rain.")
        // A named place wins over the setting.
        #expect(mind.ask("weather in London", memory: &memory, options: options(fixture, place: "Paris")).text.hasPrefix("In London it is"))
    }

    @Test func coordinatesNeedNoLookUp() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        var memory = ConversationMemory()
        let text = try weatherMind().ask("weather", memory: &memory,
                                         options: options(fixture, place: "Paris", latitude: 52.52, longitude: 13.4)).text
        #expect(text == "Where you are it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain.")
        #expect(fixture.requests.map(\.path) == ["/v1/forecast"])
        #expect(fixture.requests.first?.query["latitude"] == "52.52")
        #expect(fixture.requests.first?.query["longitude"] == "13.4")
    }

    @Test func noPlaceAndNoLocationSaysHowToNameOne() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        var memory = ConversationMemory()
        for query in ["what's the weather", "will it rain tomorrow", "weather tomorrow", "temperature"] {
            #expect(try weatherMind().ask(query, memory: &memory, options: options(fixture)).text == WeatherConsole.noPlaceAnswer)
        }
        #expect(WeatherConsole.noPlaceAnswer.contains("susi config set location Berlin"))
        #expect(fixture.requests.isEmpty)
    }

    @Test func serviceDownIsSaidPlainly() throws {
        let fetcher = Fetcher()
        var options = options(nil, fetcher)
        // Port 9 (discard): nothing listens there.
        options.weather.forecastURL = URL(string: "http://127.0.0.1:9/v1/forecast")
        options.weather.geocodingURL = URL(string: "http://127.0.0.1:9/v1/search")
        var memory = ConversationMemory()
        let reply = try weatherMind().ask("weather in Berlin", memory: &memory, options: options)
        #expect(reply.text == "I can't reach the weather service right now.")
        #expect(reply.answers.first?.data.first?["error"] == .string("unreachable"))
        #expect(fetcher.errors.count == 1)
    }

    @Test func noServiceConfiguredIsUnreachable() throws {
        var memory = ConversationMemory()
        #expect(try weatherMind().ask("weather in Berlin", memory: &memory, options: AskOptions()).text
                == "I can't reach the weather service right now.")
    }

    @Test func httpErrorIsUnreachable() throws {
        let fixture = try WeatherFixture(.serverError)
        defer { fixture.stop() }
        var memory = ConversationMemory()
        #expect(try weatherMind().ask("weather in Berlin", memory: &memory, options: options(fixture)).text
                == "I can't reach the weather service right now.")
        // A failing forecast after a good look-up says the same.
        let later = try WeatherFixture()
        defer { later.stop() }
        var mixed = options(later)
        mixed.weather.forecastURL = URL(string: fixture.forecastURL)
        #expect(try weatherMind().ask("weather in Berlin", memory: &memory, options: mixed).text
                == "I can't reach the weather service right now.")
        #expect(later.requests.map(\.path) == ["/v1/search"])
    }

    @Test(arguments: [WeatherFixture.Behaviour.notJSON, .forecastWithoutFields])
    func aMalformedAnswerIsSaidPlainly(_ behaviour: WeatherFixture.Behaviour) throws {
        let fixture = try WeatherFixture(behaviour)
        defer { fixture.stop() }
        var memory = ConversationMemory()
        let reply = try weatherMind().ask("weather in Berlin", memory: &memory, options: options(fixture))
        #expect(reply.text == "The weather service sent an answer I can't read, so I can't tell you the weather right now.")
        #expect(!reply.text.contains("{"))
        #expect(!reply.text.contains("<html"))
    }

    @Test func anUnknownPlaceIsNamed() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        var memory = ConversationMemory()
        let reply = try weatherMind().ask("weather in Atlantis", memory: &memory, options: options(fixture))
        #expect(reply.text == "I don't know a place called Atlantis.")
        #expect(reply.answers.first?.data.first?["error"] == .string("unknown_place"))
        #expect(fixture.requests.map(\.path) == ["/v1/search"])
    }

    @Test func imperialAsksForFahrenheitAndMph() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        var memory = ConversationMemory()
        let text = try weatherMind().ask("weather in Berlin", memory: &memory, options: options(fixture, units: .imperial)).text
        #expect(text == "In Berlin it is 54 °F and light rain, wind 9 mph; tomorrow 46 to 57 °F with a 60% chance of rain.")
        let forecast = try #require(fixture.requests.last).query
        #expect(forecast["temperature_unit"] == "fahrenheit")
        #expect(forecast["wind_speed_unit"] == "mph")
    }

    @Test func placeNamesArePercentEncoded() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        fixture.add(WeatherFixture.Place("Odd", "Nowhere", 1, 2), as: "a&b=c #d+e")
        var memory = ConversationMemory()
        let mind = try weatherMind()
        #expect(mind.ask("weather in São Paulo", memory: &memory, options: options(fixture)).text.hasPrefix("In São Paulo it is 12 °C"))
        #expect(fixture.requests[0].target.contains("name=S%C3%A3o%20Paulo"))
        #expect(mind.ask("weather in a&b=c #d+e", memory: &memory, options: options(fixture)).text.hasPrefix("In Odd it is"))
        #expect(fixture.requests[2].target.contains("name=a%26b%3Dc%20%23d%2Be&count=1"))
    }

    @Test func theLoopbackGuardCoversTheWeatherCalls() throws {
        let fetcher = Fetcher()
        var options = options(nil, fetcher)
        options.weather.forecastURL = URL(string: "https://api.open-meteo.com/v1/forecast")
        options.weather.geocodingURL = URL(string: "https://geocoding-api.open-meteo.com/v1/search")
        var memory = ConversationMemory()
        #expect(try weatherMind().ask("weather in Berlin", memory: &memory, options: options).text
                == "I can't reach the weather service right now.")
        // The console fetcher hands the engine the guard's own message.
        let refused = try #require(fetcher.errors.first as? ConsoleError)
        guard case .failed(let reason) = refused else { Issue.record("not a failed fetch: \(refused)"); return }
        #expect(reason.contains("NETWORK GUARD"))
        #expect(reason.contains("geocoding-api.open-meteo.com"))
    }

    @Test func weatherCodesBecomeWords() {
        #expect(WeatherConsole.condition(0) == "clear sky")
        #expect(WeatherConsole.condition(61) == "light rain")
        #expect(WeatherConsole.condition(95) == "thunderstorms")
        #expect(WeatherConsole.condition(42) == nil)
        #expect(WeatherConsole.conditions.count == 28)
    }
}
