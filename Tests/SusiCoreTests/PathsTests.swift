import Testing
import SusiBasics
@testable import SusiCore

@Suite("Paths")
struct PathsTests {
    @Test func susiHomeMovesEverythingUnderOneFolder() {
        let paths = Paths(environment: ["SUSI_HOME": "/tmp/sh", "HOME": "/home/u", "XDG_CONFIG_HOME": "/xdg/config"],
                          currentDirectory: "/cwd")
        #expect(paths == Paths(configDirectory: "/tmp/sh/config", dataDirectory: "/tmp/sh/data",
                               stateDirectory: "/tmp/sh/state", cacheDirectory: "/tmp/sh/cache"))
        #expect(paths.configFile == "/tmp/sh/config/config.json")
        #expect(paths.databaseFile == "/tmp/sh/data/susi.db")
        #expect(paths.credentialsFile == "/tmp/sh/data/credentials")
        #expect(paths.keyFile == "/tmp/sh/data/key")
        #expect(paths.sessionFile == "/tmp/sh/state/session.json")
        #expect(paths.historyFile == "/tmp/sh/state/history")
    }

    @Test func aRelativeSusiHomeIsResolvedAgainstTheCurrentDirectory() {
        let paths = Paths(environment: ["SUSI_HOME": "rel/home", "HOME": "/home/u"], currentDirectory: "/cwd")
        #expect(paths.configDirectory == "/cwd/rel/home/config")
        #expect(paths.dataDirectory == "/cwd/rel/home/data")
    }

    @Test func anEmptySusiHomeIsIgnored() {
        let paths = Paths(environment: ["SUSI_HOME": "", "HOME": "/home/u"], currentDirectory: "/cwd")
        #expect(paths.configDirectory == "/home/u/.config/susi")
    }

    @Test func absoluteXDGVariablesAreUsed() {
        let paths = Paths(environment: [
            "HOME": "/home/u", "XDG_CONFIG_HOME": "/x/config", "XDG_DATA_HOME": "/x/data",
            "XDG_STATE_HOME": "/x/state", "XDG_CACHE_HOME": "/x/cache",
        ], currentDirectory: "/cwd")
        #expect(paths == Paths(configDirectory: "/x/config/susi", dataDirectory: "/x/data/susi",
                               stateDirectory: "/x/state/susi", cacheDirectory: "/x/cache/susi"))
    }

    @Test func relativeOrEmptyXDGVariablesAreIgnored() {
        let paths = Paths(environment: [
            "HOME": "/home/u", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "./data",
            "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "~/cache",
        ], currentDirectory: "/cwd")
        #expect(paths == Paths(configDirectory: "/home/u/.config/susi", dataDirectory: "/home/u/.local/share/susi",
                               stateDirectory: "/home/u/.local/state/susi", cacheDirectory: "/home/u/.cache/susi"))
    }

    @Test func homeIsTheFallback() {
        let paths = Paths(environment: ["HOME": "/home/u"], currentDirectory: "/cwd")
        #expect(paths == Paths(configDirectory: "/home/u/.config/susi", dataDirectory: "/home/u/.local/share/susi",
                               stateDirectory: "/home/u/.local/state/susi", cacheDirectory: "/home/u/.cache/susi"))
    }

    @Test func withoutAUsableHomeTheAccountsHomeIsUsed() {
        for environment in [[:], ["HOME": "relative"]] as [[String: String]] {
            let paths = Paths(environment: environment, currentDirectory: "/cwd")
            #expect(paths.configDirectory.hasPrefix("/"))
            #expect(paths.configDirectory.hasSuffix("/.config/susi"))
            #expect(!paths.configDirectory.contains("relative"))
        }
    }
}
