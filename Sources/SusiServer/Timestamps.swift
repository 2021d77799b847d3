import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The date forms the reference server writes, made without shared
/// formatters so worker threads need no locking.
enum Timestamps {
    /// `2026-11-29T21:40:45Z`, or with `.318` milliseconds.
    static func iso(_ date: Date, milliseconds: Bool = false) -> String {
        let p = components(date, local: false)
        var text = pad(p.year, 4) + "-" + pad(p.month) + "-" + pad(p.day) + "T" + pad(p.hour) + ":" + pad(p.minute) + ":" + pad(p.second)
        if milliseconds { text += "." + pad(p.millisecond, 3) }
        return text + "Z"
    }

    /// `2026-11-29 21:42:10.032` in the server's local time, as ratings and feedback carry.
    static func local(_ date: Date) -> String {
        let p = components(date, local: true)
        return pad(p.year, 4) + "-" + pad(p.month) + "-" + pad(p.day) + " " + pad(p.hour) + ":" + pad(p.minute) + ":"
            + pad(p.second) + "." + pad(p.millisecond, 3)
    }

    /// Zero-padded decimal (String(format:) is slow on Linux).
    static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Milliseconds since 1970, clamped to years 1..9999, so no stored date can make a conversion trap.
    static func clampedMilliseconds(_ date: Date) -> Int64 {
        let ms = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard ms.isFinite else { return ms > 0 ? 253_402_300_799_000 : -62_135_596_800_000 }
        return Int64(min(max(ms, -62_135_596_800_000), 253_402_300_799_000))
    }

    private static func components(_ date: Date, local: Bool)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let ms = clampedMilliseconds(date)
        var seconds = time_t(ms / 1000)
        var millis = Int(ms % 1000)
        if millis < 0 {
            millis += 1000
            seconds -= 1
        }
        var broken = tm()
        if local { localtime_r(&seconds, &broken) } else { gmtime_r(&seconds, &broken) }
        return (Int(broken.tm_year) + 1900, Int(broken.tm_mon) + 1, Int(broken.tm_mday), Int(broken.tm_hour),
                Int(broken.tm_min), Int(broken.tm_sec), millis)
    }
}
