extension SkillWorkbench {
    /// Every `!example` query of the loaded files, in file order, once each:
    /// what Tab offers in `susi chat --skill`.
    public var exampleQueries: [String] {
        var seen = Set<String>()
        return skills.flatMap { $0.examples.map(\.query) }.filter { seen.insert($0).inserted }
    }
}
