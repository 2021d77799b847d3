/// Exit statuses, following sysexits(3) so scripts can tell a typo from an
/// outage from a refused login.
public enum ExitCode: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    case tempFail = 75
    case noPermission = 77
    case config = 78
    case interrupted = 130

    /// The sysexits name, shown in `help exit-codes` and man pages.
    public var symbol: String {
        switch self {
        case .success: return "OK"
        case .failure: return "FAILURE"
        case .usage: return "EX_USAGE"
        case .dataError: return "EX_DATAERR"
        case .noInput: return "EX_NOINPUT"
        case .unavailable: return "EX_UNAVAILABLE"
        case .software: return "EX_SOFTWARE"
        case .cannotCreate: return "EX_CANTCREAT"
        case .ioError: return "EX_IOERR"
        case .tempFail: return "EX_TEMPFAIL"
        case .noPermission: return "EX_NOPERM"
        case .config: return "EX_CONFIG"
        case .interrupted: return "SIGINT"
        }
    }
}
