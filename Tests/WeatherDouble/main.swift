import Foundation
import SusiTestSupport

// susi-weather-double
// Serves WeatherFixture (a stand-in for Open-Meteo's geocoding and forecast
// APIs with canned answers) on 127.0.0.1, prints the two addresses as
// SUSI_WEATHER_URL=... and SUSI_GEOCODING_URL=... lines on stdout, and runs
// until its standard input closes. For `make demo`, which must stay offline.
guard CommandLine.arguments.count == 1 else {
    FileHandle.standardError.write(Data("susi-weather-double takes no arguments\n".utf8))
    exit(64)
}
let fixture = try WeatherFixture()
FileHandle.standardOutput.write(Data("SUSI_WEATHER_URL=\(fixture.forecastURL)\nSUSI_GEOCODING_URL=\(fixture.geocodingURL)\n".utf8))
_ = FileHandle.standardInput.readDataToEndOfFile()
fixture.stop()
