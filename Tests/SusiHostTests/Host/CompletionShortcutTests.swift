import Testing
@testable import SusiCLI
@testable import SusiHost

/// `susi __complete` lists the external commands on PATH (a directory scan)
/// only when the request could be about one: inside a built-in command it
/// is not needed, and every Tab pays for it.
@Suite struct CompletionShortcutTests {
    let program = SusiApp.program

    @Test func insideABuiltinCommandTheExternalsAreNotListed() {
        #expect(program.completesInsideBuiltin(["skills", "info", "c"]))
        #expect(program.completesInsideBuiltin(["skills", ""]))
        #expect(program.completesInsideBuiltin(["--server", "http://127.0.0.1:4000", "chat", ""]), "a global option's value is skipped")
        #expect(program.completesInsideBuiltin(["-q", "--json", "rate", "jo"]))
    }

    @Test func theFirstWordAnExternalNameOrATerminatorNeedTheFullTree() {
        #expect(!program.completesInsideBuiltin(["sk"]), "the first word itself may be an external command")
        #expect(!program.completesInsideBuiltin([""]))
        #expect(!program.completesInsideBuiltin(["hello", "--na"]), "an external command's options")
        #expect(!program.completesInsideBuiltin(["--server", "skills", ""]), "'skills' is --server's value here")
        #expect(!program.completesInsideBuiltin(["--", "skills", ""]))
    }
}
