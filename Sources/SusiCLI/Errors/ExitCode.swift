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

    public var meaning: String {
        switch self {
        case .success: return "Success. Help, version and an empty result are successes too."
        case .failure: return "The command failed for a reason not listed below."
        case .usage: return "The command line was wrong: unknown command or option, missing or invalid value, or an answer was needed but prompting is impossible."
        case .dataError: return "Input data was malformed: a bad skill file, a damaged credential file or database, or a server response that could not be read."
        case .noInput: return "An input file is missing or unreadable."
        case .unavailable: return "A service is unavailable: the server answered with an error, or the speaker cannot be reached."
        case .software: return "An internal error in susi. Please report it."
        case .cannotCreate: return "susi cannot write one of its own files: the file or its folder is read-only, or not yours."
        case .ioError: return "Reading or writing a file failed: the disk is full, or an I/O error. The file is not damaged by it."
        case .tempFail: return "A temporary failure such as a timeout or a database locked by another susi: try again later."
        case .noPermission: return "Not permitted: not logged in, the token was rejected, a wrong passphrase, or one of susi's files is a symbolic link or open to others."
        case .config: return "The configuration is invalid: the config file does not parse or holds a bad value."
        case .interrupted: return "Interrupted with Ctrl-C."
        }
    }
}
