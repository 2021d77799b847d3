import Foundation
import SusiNet
import SusiTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The weather skill behind `susi serve`: the workers take the weather
/// service from the server's own settings, and a client's coordinates.
@Suite("susi serve and the weather skill")
struct ServeWeatherTests {
    @Test func workersAskTheConfiguredServiceWithTheClientsCoordinates() throws {
        let fixture = try WeatherFixture()
        defer { fixture.stop() }
        let server = try ServeBinary(environment: { home in
            NetworkGuard.safeEnvironment(home: home, fixture.environment.merging(["SUSI_LOCATION": "Paris"]) { _, new in new })
        })
        let served = try #require(server.port == 0 ? nil : server.port, "no ready line; stderr: \(server.seen)")

        func answer(_ query: String) throws -> String? {
            let response = try RawHTTP.send(port: served, method: "GET", target: "/susi/chat.json?" + query)
            let answers = response.json["answers"] as? [[String: Any]]
            let actions = answers?.first?["actions"] as? [[String: Any]]
            return actions?.first?["expression"] as? String
        }
        #expect(try answer("q=weather%20in%20Berlin")
                == "In Berlin it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain.")
        // No place named: the client's coordinates win over the server's location...
        #expect(try answer("q=weather&latitude=48.1&longitude=11.6")
                == "Where you are it is 12 °C and light rain, wind 14 km/h; tomorrow 8 to 14 °C with a 60% chance of rain.")
        #expect(fixture.requests.last?.query["latitude"] == "48.1")
        // ... and without them, the server's own location is used.
        #expect(try answer("q=will%20it%20rain%20tomorrow")
                == "Tomorrow in Paris there is a 60% chance of rain (8 to 14 °C, light rain).")

        #expect(server.terminate() == 0)
    }
}
