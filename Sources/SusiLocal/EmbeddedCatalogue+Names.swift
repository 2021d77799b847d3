import SusiPorts
import SusiStore

extension EmbeddedService: SkillNameListing {
    /// The names and titles of the skills in `language`, ordered as
    /// `skills(SkillQuery(language:))` orders them (name case-insensitively,
    /// then group), reading three columns instead of every skill's row,
    /// ratings and examples: the skill-name completion at corpus scale.
    public func skillNames(language: String) throws -> [(name: String, title: String?)] {
        let rows = try store { try database.query("SELECT name, grp, title FROM skills WHERE language = ?", [language]) }
        let keyed = rows.map { row in
            (name: row["name"].string ?? "", group: row["grp"].string ?? "", title: row["title"].string)
        }
        let names = keyed.map { $0.name.lowercased() }
        var order = Array(keyed.indices)
        order.sort { (names[$0], keyed[$0].group) < (names[$1], keyed[$1].group) }
        return order.map { (name: keyed[$0].name, title: keyed[$0].title) }
    }
}
