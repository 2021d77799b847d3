import Foundation
import SusiNet
import SusiTestKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A few runs of the real binary, for what in-process tests cannot see:
/// argv handling, real streams, the exit status of the process, and state
/// carried across processes.
@Suite("End to end")
struct EndToEndTests {
    @Test func version() throws {
        let result = try EndToEnd.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "susi 0.1.0\n")
        #expect(result.stderr == "")
    }

    @Test func unknownCommand() throws {
        let result = try EndToEnd.run(["cnofig"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: Unknown command 'cnofig' for 'susi'. Did you mean 'config'?\n"))
    }

    @Test func configRoundTripAcrossProcesses() throws {
        let home = try TemporaryHome()
        let set = try EndToEnd.run(["config", "set", "speech.rate", "1.25"], home: home.path)
        #expect(set.status == 0)
        #expect(set.stdout == "")
        #expect(set.stderr == "Set speech.rate to 1.25.\n")
        let get = try EndToEnd.run(["config", "get", "speech.rate"], home: home.path)
        #expect(get.status == 0)
        #expect(get.stdout == "1.25\n")
        #expect(permissions(home.configFile) == 0o600)
        let list = try EndToEnd.run(["config", "list"], home: home.path)
        #expect(list.stdout.contains("speech.rate\t1.25\tconfig\n"))
    }

    @Test func aCorruptConfigExits78() throws {
        let home = try TemporaryHome()
        try home.writeConfig("{")
        let result = try EndToEnd.run(["config", "list"], home: home.path)
        #expect(result.status == 78)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: The config file \(home.configFile) is not valid JSON"))
    }
}
