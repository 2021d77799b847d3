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
        // Each name lowercased once, not twice in every comparison of the sort.
        var keyed = infos.map { (info: $0, name: $0.ref.name.lowercased()) }
        keyed.sort { first, second in
            let (a, b) = (first.info, second.info)
            func byName() -> Bool { (first.name, a.ref.group) < (second.name, b.ref.group) }
            switch sort {
            case .name:
                return byName()
            case .rating:
                let (x, y) = (a.rating.stars, b.rating.stars)
                if x.average != y.average { return x.average > y.average }
                return x.total != y.total ? x.total > y.total : byName()
            case .usage:
                return a.usageCount != b.usageCount ? a.usageCount > b.usageCount : byName()
            case .feedback:
                let (x, y) = (a.rating.feedbackCount, b.rating.feedbackCount)
                return x != y ? x > y : byName()
            case .modified:
                let (x, y) = (a.modified ?? .distantPast, b.modified ?? .distantPast)
                return x != y ? x > y : byName()
            }
        }
        var infos = keyed.map(\.info)
        if reversed { infos.reverse() }
        let start = min(offset, infos.count)
        let end = limit.map { min(infos.count, start + $0) } ?? infos.count
        return Array(infos[start..<end])
    }
}
