import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The date forms the reference server writes, made without shared
/// formatters so worker threads need no locking.
enum Timestamps {
    /// `2026-11-29T21:40:45Z`, or with `.318` milliseconds.
    static func iso(_ date: Date, milliseconds: Bool = false) -> String {
        let parts = components(date, local: false)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year, parts.month, parts.day,
                          parts.hour, parts.minute, parts.second)
        if milliseconds { text += String(format: ".%03d", parts.millisecond) }
        return text + "Z"
    }

    /// `2026-11-29 21:42:10.032` in the server's local time, as ratings and feedback carry.
    static func local(_ date: Date) -> String {
        let parts = components(date, local: true)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", parts.year, parts.month, parts.day,
                      parts.hour, parts.minute, parts.second, parts.millisecond)
    }

    private static func components(_ date: Date, local: Bool)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
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
