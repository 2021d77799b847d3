import Foundation
import SusiBasics
import SusiCLI
import SusiReply

/// gh-style field selection for `--json=name,group`: a command prints its
/// whole JSON value and the selection keeps only the named top-level fields,
/// of the object or of every object in the array. An unknown name is a usage
/// error that lists the fields there are, so nothing is silently empty.
public enum JSONFields {
    /// `value`'s JSON with only `fields` kept; `data` is the encoded value.
    public static func select(_ fields: [String], from data: Data) throws -> JSONValue {
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        let available = names(in: value)
        // An empty list has no fields to check against: any selection of it is empty.
        if case let .array(items) = value, items.isEmpty { return value }
        guard !available.isEmpty else {
            throw UsageError("This command's JSON is not an object or a list of objects, so --json cannot select fields.",
                             hint: "Use --json on its own.")
        }
        for field in fields where !available.contains(field) {
            var message = "Unknown JSON field '\(field)'."
            if let best = Suggestions.closest(to: field, among: available) { message += " Did you mean '\(best)'?" }
            throw UsageError(message, hint: "Available fields: \(available.joined(separator: ", ")).")
        }
        return keep(fields, in: value)
    }

    /// The field names of an object, or the union of those of a list's objects, sorted.
    static func names(in value: JSONValue) -> [String] {
        switch value {
        case let .object(object):
            return object.keys.sorted()
        case let .array(items):
            var seen = Set<String>()
            for case let .object(object) in items { seen.formUnion(object.keys) }
            return seen.sorted()
        default:
            return []
        }
    }

    private static func keep(_ fields: [String], in value: JSONValue) -> JSONValue {
        switch value {
        case let .object(object):
            return .object(JSONObject(fields.compactMap { name in object[name].map { (name, $0) } }))
        case let .array(items):
            return .array(items.map { keep(fields, in: $0) })
        default:
            return value
        }
    }
}
