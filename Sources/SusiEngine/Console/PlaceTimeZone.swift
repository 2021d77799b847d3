import Foundation

/// The time zone of a place named in a query ("what time is it in tokyo"), for
/// `local:time?place=` (issue 38, decision 0460): a zone whose city part has that
/// name (Asia/Tokyo, America/New_York), or UTC/GMT. Nothing else is guessed: a place
/// with no zone of its own name has none, and the asking intent fails.
enum PlaceTimeZone {
    /// Zone city names, lower case with spaces, to their identifiers; built on first use.
    private static let byCity: [String: String] = {
        var table: [String: String] = [:]
        for id in TimeZone.knownTimeZoneIdentifiers.sorted() where id.contains("/") && !id.hasPrefix("Etc/") {
            guard let city = id.split(separator: "/").last else { continue }
            let key = city.replacingOccurrences(of: "_", with: " ").lowercased()
            if table[key] == nil { table[key] = id }
        }
        return table
    }()

    /// The zone and the place's name as shown ("New York"); nil when none is known.
    static func find(_ place: String) -> (zone: TimeZone, name: String)? {
        var key = Normalizer.javaTrim(place).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for article in ["the "] where key.hasPrefix(article) { key.removeFirst(article.count) }
        if key == "utc" || key == "gmt", let zone = TimeZone(identifier: key.uppercased()) {
            return (zone, key.uppercased())
        }
        for candidate in [key, key.hasSuffix(" city") ? String(key.dropLast(5)) : nil].compactMap({ $0 }) {
            guard let id = byCity[candidate], let zone = TimeZone(identifier: id),
                  let city = id.split(separator: "/").last else { continue }
            return (zone, city.replacingOccurrences(of: "_", with: " "))
        }
        return nil
    }
}
