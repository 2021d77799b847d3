import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

@Suite("TTY, pipes and colour")
struct OutputFormattingTests {
    static let escape = "\u{1B}["

    func terminal(_ home: TemporaryHome, _ extra: [String: String] = [:]) throws -> InProcess {
        var harness = try home.harness(extra)
        harness.stdoutTTY = true
        harness.stderrTTY = true
        return harness
    }

    @Test func aTerminalGetsHeadersAndAlignedColumns() throws {
        let home = try TemporaryHome()
        let result = try terminal(home, ["NO_COLOR": "1"]).run(["config", "list"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            KEY             VALUE                           SOURCE
            server          local                           default
            language        en                              default
            location                                        unset
            voice                                           unset
            speech.output   never                           default
            speech.rate     1.0                             default
            speech.pitch    1.0                             default
            room                                            unset
            speaker         127.0.0.1:9                     SUSI_SPEAKER
            color           auto                            default
            units           metric                          default
            weather.url     http://127.0.0.1:9/v1/forecast  SUSI_WEATHER_URL
            geocoding.url   http://127.0.0.1:9/v1/search    SUSI_GEOCODING_URL
            pager                                           unset
            network         on                              default
            shell.fallback  chat                            default
            serve.store     local                           default
            listen.hotword  susi                            default
            onboarded       no                              default

            """)
    }

    @Test func pipedOutputIsTabSeparatedWithoutHeaders() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["config", "list"])
        #expect(!result.stdout.contains("KEY"))
        for line in result.stdout.lines.dropLast() {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 3, "\(line)")
        }
        #expect(!result.stdout.contains(Self.escape))
    }

    @Test func colourOnlyOnATerminal() throws {
        let home = try TemporaryHome()
        let tty = try terminal(home).run(["config", "list"])
        #expect(tty.stdout.hasPrefix("\(Self.escape)1mKEY\(Self.escape)0m"))
        #expect(try home.harness().run(["config", "list"]).stdout.contains(Self.escape) == false)
        // Help headings too.
        #expect(try terminal(home).run(["--help"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        #expect(!(try home.harness().run(["--help"]).stdout.contains(Self.escape)))
    }

    @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
    func noColourWithNoColorOrADumbTerminal(_ extra: [String: String]) throws {
        let home = try TemporaryHome()
        let harness = try terminal(home, extra)
        for argv in [["config", "list"], ["--help"], ["config", "set", "--help"], ["nope"]] {
            let result = harness.run(argv)
            #expect(!result.stdout.contains(Self.escape), "\(argv)")
            #expect(!result.stderr.contains(Self.escape), "\(argv)")
        }
    }

    @Test func colorNeverWinsOnATerminal() throws {
        let home = try TemporaryHome()
        let harness = try terminal(home)
        #expect(!harness.run(["config", "list", "--color", "never"]).stdout.contains(Self.escape))
        #expect(!harness.run(["--color=never", "--help"]).stdout.contains(Self.escape))
        #expect(!harness.run(["--color", "never", "nope"]).stderr.contains(Self.escape))
    }

    @Test func colorAlwaysForcesColourEvenWhenPipedOrWithNoColor() throws {
        let home = try TemporaryHome()
        let piped = try home.harness(["NO_COLOR": "1", "TERM": "dumb"])
        #expect(piped.run(["--color", "always", "--help"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        #expect(piped.run(["--help", "--color=always"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        #expect(piped.run(["nope", "--color", "always"]).stderr.hasPrefix("\(Self.escape)31m\(Self.escape)1merror:"))
        let tty = try terminal(home, ["NO_COLOR": "1"])
        #expect(tty.run(["config", "list", "--color", "always"]).stdout.hasPrefix("\(Self.escape)1mKEY"))
    }

    @Test func theConfiguredColourApplies() throws {
        let home = try TemporaryHome()
        #expect(try home.harness().run(["config", "set", "color", "never"]).status == 0)
        #expect(!(try terminal(home).run(["config", "list"]).stdout.contains(Self.escape)))
        #expect(!(try terminal(home).run(["--help"]).stdout.contains(Self.escape)))
        #expect(try home.harness().run(["config", "set", "color", "always"]).status == 0)
        #expect(try home.harness().run(["--help"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        // NO_COLOR still beats the setting.
        #expect(!(try home.harness(["NO_COLOR": "1"]).run(["--help"]).stdout.contains(Self.escape)))
    }

    /// SUSI_COLOR is the color setting's variable: it beats the config
    /// file (both ways), and NO_COLOR still beats it.
    @Test func theColourVariableApplies() throws {
        let home = try TemporaryHome()
        let always = try home.harness(["SUSI_COLOR": "always"])
        #expect(always.run(["--help"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        #expect(always.run(["nope"]).stderr.hasPrefix("\(Self.escape)31m"))
        #expect(always.run(["config", "get", "color"]).stdout.hasPrefix("always"))
        #expect(!(try home.harness(["SUSI_COLOR": "always", "NO_COLOR": "1"]).run(["--help"]).stdout.contains(Self.escape)))
        let never = try terminal(home, ["SUSI_COLOR": "never"])
        #expect(!never.run(["--help"]).stdout.contains(Self.escape))
        #expect(!never.run(["config", "list"]).stdout.contains(Self.escape))
        #expect(!never.run(["nope"]).stderr.contains(Self.escape))
        // auto: only on a terminal, even over a config file saying always.
        #expect(try home.harness().run(["config", "set", "color", "always"]).status == 0)
        let auto = try home.harness(["SUSI_COLOR": "auto"])
        #expect(!auto.run(["--help"]).stdout.contains(Self.escape))
        #expect(!auto.run(["config", "list"]).stdout.contains(Self.escape))
        #expect(try terminal(home, ["SUSI_COLOR": "auto"]).run(["--help"]).stdout.hasPrefix("\(Self.escape)1mOVERVIEW:"))
        // The flag still beats the variable.
        #expect(!always.run(["--help", "--color", "never"]).stdout.contains(Self.escape))
    }

    @Test func errorsAreColouredByStderrsTerminal() throws {
        let home = try TemporaryHome()
        var harness = try home.harness()
        harness.stderrTTY = true
        #expect(harness.run(["nope"]).stderr.hasPrefix("\(Self.escape)31m\(Self.escape)1merror:\(Self.escape)0m\(Self.escape)0m "))
        harness.stderrTTY = false
        harness.stdoutTTY = true
        #expect(harness.run(["nope"]).stderr.hasPrefix("error: "))
    }

    @Test func jsonIsNeverColoured() throws {
        let home = try TemporaryHome()
        let result = try terminal(home).run(["config", "list", "--json", "--color", "always"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(Self.escape))
    }
}
