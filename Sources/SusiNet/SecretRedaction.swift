import Foundation

/// Secrets taken out of text a peer sent back (an error page, a JSON
/// message, a URL in a message) before any of it is cut or shown: the
/// secret as typed, in any letter case, and the copies a peer may echo from
/// the request (percent-encoded with upper- or lower-case hex digits, or
/// form-encoded with `+` for a space).
public enum SecretRedaction {
    public static let mask = "***"

    public static func redact(_ text: String, _ secrets: [String]) -> String {
        var text = text
        for secret in secrets where !secret.isEmpty {
            for form in forms(of: secret) {
                text = text.replacingOccurrences(of: form, with: mask, options: [.caseInsensitive])
            }
        }
        return text
    }

    /// The secret and its encoded copies, longest first (so a longer copy is
    /// not left half-masked by a shorter one inside it).
    static func forms(of secret: String) -> [String] {
        var percent = "", form = ""
        for byte in secret.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            let encoded = String(format: "%%%02X", byte)
            percent += unreserved ? String(UnicodeScalar(byte)) : encoded
            form += unreserved ? String(UnicodeScalar(byte)) : byte == 0x20 ? "+" : encoded
        }
        return Array(Set([secret, percent, form])).sorted { $0.count > $1.count }
    }
}
