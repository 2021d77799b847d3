/// Integers written as their decimal digits straight into a byte buffer,
/// exactly as `description` writes them (zero-padded when asked): the one
/// writer for the places that build text as bytes (chat.json and the access
/// line in `susi serve`, reply dates, the bundled-skills stamp).
public enum DecimalBytes {
    /// `value`'s digits appended to `out`, zero-padded to `width`.
    public static func append(_ value: UInt64, width: Int = 1, to out: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var end = raw.count
            var rest = value
            repeat {
                end -= 1
                raw[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while raw.count - end < width {
                end -= 1
                raw[end] = UInt8(ascii: "0")
            }
            out.append(contentsOf: raw[end...])
        }
    }

    /// A signed value: a minus sign, then the magnitude's digits.
    public static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        append(value.magnitude, to: &out)
    }
}
