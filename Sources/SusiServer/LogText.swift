import SusiBasics

/// Text from a request made safe for one access-log field: nothing a client
/// sends can end a log line, start a forged one, move the cursor, colour
/// or retitle the operator's terminal, or blur where a field ends.
enum LogText {
    /// C0 controls, space, DEL and backslash as `\xNN` (`\\`); C1 controls
    /// and the invisible and direction characters (`UntrustedText.isInvisible`,
    /// the terminal's list) as `\u{…}`.
    static func field(_ text: String) -> String {
        // Most fields are printable ASCII without a backslash: as they are.
        if !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x5C }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C:
                out += "\\\\"
            case 0x00...0x20, 0x7F:
                out += "\\x" + hex(scalar.value, width: 2)
            case 0x80...0x9F:
                out += "\\u{" + hex(scalar.value, width: 1) + "}"
            default:
                // The terminal's list of invisible and direction characters: one rule.
                if UntrustedText.isInvisible(scalar) {
                    out += "\\u{" + hex(scalar.value, width: 1) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out.isEmpty ? "-" : out
    }

    /// `field(text)`'s bytes appended to `out` (the access line is built as bytes).
    static func appendField(_ text: String, to out: inout [UInt8]) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x5C }) {
            out.append(contentsOf: text.utf8)
        } else {
            out.append(contentsOf: field(text).utf8)
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
