import Foundation

extension SkillQuery {
    /// True when every search word appears (case-insensitively) in the
    /// skill's name, title, description, author or examples.
    public func matches(_ info: SkillInfo) -> Bool {
        guard let search, !search.isEmpty else { return true }
        let haystack = ([info.ref.name, info.title ?? "", info.description ?? "", info.author ?? ""] + info.examples)
            .joined(separator: " ").lowercased()
        return search.lowercased().split(separator: " ").allSatisfy { haystack.contains($0) }
    }

    /// Sorts in the natural order (names A-Z; otherwise best or most first,
    /// ties by name), reverses when asked, then applies offset and limit.
    public func ordered(_ infos: [SkillInfo]) -> [SkillInfo] {
        // Each name lowercased once, not twice in every comparison of the sort;
        // positions are sorted, not the skills (moving one copies a dozen fields).
        let names = infos.map { $0.ref.name.lowercased() }
        var order = Array(infos.indices)
        order.sort { i, j in
            func byName() -> Bool { (names[i], infos[i].ref.group) < (names[j], infos[j].ref.group) }
            switch sort {
            case .name:
                return byName()
            case .rating:
                let (x, y) = (infos[i].rating.stars, infos[j].rating.stars)
                if x.average != y.average { return x.average > y.average }
                return x.total != y.total ? x.total > y.total : byName()
            case .usage:
                return infos[i].usageCount != infos[j].usageCount ? infos[i].usageCount > infos[j].usageCount : byName()
            case .feedback:
                let (x, y) = (infos[i].rating.feedbackCount, infos[j].rating.feedbackCount)
                return x != y ? x > y : byName()
            case .modified:
                let (x, y) = (infos[i].modified ?? .distantPast, infos[j].modified ?? .distantPast)
                return x != y ? x > y : byName()
            }
        }
        var infos = order.map { infos[$0] }
        if reversed { infos.reverse() }
        let start = min(offset, infos.count)
        let end = limit.map { min(infos.count, start + $0) } ?? infos.count
        return Array(infos[start..<end])
    }
}
