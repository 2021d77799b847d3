import Foundation

/// The one way susi prints JSON: sorted keys, two-space indent, slashes
/// unescaped, dates in ISO 8601 UTC, one trailing newline. Keys are
/// snake_case, as the SUSI API's are (each printed type names its keys).
/// Stable output makes `--json` scriptable.
public enum JSONOutput {
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = true) throws -> String {
        let encoder = makeEncoder()
        encoder.outputFormatting = pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return text(data) + "\n"
    }

    /// An encoder with susi's conventions for values (dates as ISO 8601 in
    /// UTC, never Foundation's seconds since 2001), for JSON that is worked
    /// on before it is printed (`--json=a,b` field selection).
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Encoded JSON as text to print. The encoders escape C0 controls but
    /// leave DEL and the C1 controls (U+0080–U+009F) raw, which a terminal
    /// may obey; they can only occur inside strings, so they are written as
    /// `\u00XX` escapes: the same JSON value, and nothing left for the
    /// terminal guard to change.
    public static func text(_ data: Data) -> String {
        let raw = String(decoding: data, as: UTF8.self)
        guard raw.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return raw }
        var out = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                out.append(contentsOf: ("\\u00" + String(scalar.value, radix: 16)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
