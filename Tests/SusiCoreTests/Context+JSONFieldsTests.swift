import Foundation
import Testing
@testable import SusiCLI
@testable import SusiCore

/// `--json=a,b` keeps susi's JSON conventions: a selected date is ISO 8601
/// UTC, as it is without a field list (it once came out as seconds since 2001).
@Suite("Context: JSON field selection")
struct ContextJSONFieldsTests {
    struct Row: Encodable {
        var name: String
        var expires: Date
        var count: Int
    }

    func context(fields: String?) -> Context {
        var globals = ParsedValues()
        if let fields { globals.append(fields, for: "json", from: .commandLine, repeating: false) } else {
            globals.setFlag(true, for: "json", from: .commandLine)
        }
        return Context(io: .captured(stdinTTY: false, stdoutTTY: false),
                       environment: ["SUSI_HOME": "/nonexistent/susi-home"],
                       invocation: Invocation(path: ["susi"], values: ParsedValues(), globals: globals))
    }

    @Test func aSelectedDateIsISO8601LikeAnUnselectedOne() throws {
        let row = Row(name: "ada", expires: Date(timeIntervalSince1970: 1_796_000_000), count: 3)
        let all = context(fields: nil)
        try all.printJSON([row])
        let some = context(fields: "expires,name")
        try some.printJSON([row])
        #expect(all.io.stdout.text.contains(#""expires" : "2026-11-30T00:53:20Z""#), "\(all.io.stdout.text)")
        #expect(some.io.stdout.text == """
        [
          {
            "expires" : "2026-11-30T00:53:20Z",
            "name" : "ada"
          }
        ]

        """, "\(some.io.stdout.text)")
    }
}
