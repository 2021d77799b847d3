import Foundation
import SusiBasics

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
    /// leave DEL, the C1 controls (U+0080–U+009F) and the invisible and
    /// direction characters (UntrustedText.isInvisible) raw, which a
    /// terminal may obey or show reordered; they can only occur inside
    /// strings, so they are written as `\uXXXX` escapes (a surrogate pair
    /// above U+FFFF): the same JSON value, and nothing left for the
    /// terminal guard to change.
    public static func text(_ data: Data) -> String {
        let raw = String(decoding: data, as: UTF8.self)
        func escaped(_ scalar: Unicode.Scalar) -> Bool {
            (0x7F...0x9F).contains(scalar.value) || UntrustedText.isInvisible(scalar)
        }
        guard UntrustedText.mayNeedEscape(data), raw.unicodeScalars.contains(where: escaped) else { return raw }
        var out = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            guard escaped(scalar) else {
                out.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(out)
    }
}
