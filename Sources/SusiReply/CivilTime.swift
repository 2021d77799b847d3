/// Calendar fields of a UTC instant, computed without DateFormatter (which is slow to build).
public struct CivilTime: Sendable, Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// 0 = Sunday.
    public var weekday: Int

    public init(secondsSinceEpoch t: Int) {
        let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
        let rest = t - days * 86400
        hour = rest / 3600
        minute = (rest % 3600) / 60
        second = rest % 60
        weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }
}
