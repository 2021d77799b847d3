/// A compiled pattern plus the literal facts (prefix, suffix, inner runs) that let most
/// candidates be rejected without running the VM.
struct Regex: Sendable {
    let source: String
    let program: RegexProgram
    let literals: LiteralRequirements

    init(_ source: String) throws {
        self.source = source
        var parser = RegexParser(source)
        let root = try parser.parse()
        program = try RegexProgram(root, groupCount: parser.groupCount)
        literals = LiteralRequirements(root)
    }

    var groupCount: Int { program.groupCount }

    /// Whole-input match; returns the groups 1...n (nil for groups that did not take part).
    func matchWhole(_ query: PreparedQuery) -> [String?]? {
        var workspace = RegexWorkspace()
        return matchWhole(query, workspace: &workspace)
    }

    /// The same, with buffers kept from an earlier match (see `RegexWorkspace`).
    func matchWhole(_ query: PreparedQuery, workspace: inout RegexWorkspace) -> [String?]? {
        guard literals.admits(query) else { return nil }
        var matcher = RegexMatcher(program: program, input: query.scalars, workspace: &workspace)
        let found = matcher.matchWhole()
        matcher.giveBack(&workspace)
        guard let slots = found else { return nil }
        var groups: [String?] = []
        groups.reserveCapacity(program.groupCount)
        for g in stride(from: 1, through: program.groupCount, by: 1) {
            let start = slots[2 * g]
            let end = slots[2 * g + 1]
            if start < 0 || end < start {
                groups.append(nil)
            } else {
                groups.append(query.capture(from: start, to: end))
            }
        }
        return groups
    }
}
