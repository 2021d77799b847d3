#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--color` and the `color` setting.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// Facts about the terminal that decide width, colour and prompting.
public enum TerminalInfo {
    public static let maximumWidth = 10_000

    /// `COLUMNS` when it is a positive number (held to `maximumWidth`, so
    /// layout arithmetic cannot overflow), else the window size of a
    /// terminal on stdout, else 80.
    public static func width(environment: [String: String], stdout: OutputSink) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return min(columns, maximumWidth)
        }
        if let fd = stdout.descriptor, stdout.isTTY {
            var size = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        return 80
    }

    /// Whether the locale (LC_ALL, else LC_CTYPE, else LANG: the first that
    /// is set and not empty) is UTF-8, so Unicode symbols can be drawn.
    public static func isUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let upper = locale.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }

    /// Colour for one stream. An explicit `--color always|never` wins; then
    /// `NO_COLOR` and `TERM=dumb` switch colour off, `CLICOLOR_FORCE` on;
    /// then the configured choice; by default, only on a terminal.
    public static func colorEnabled(
        flag: ColorChoice?, configured: ColorChoice?, environment: [String: String], isTTY: Bool
    ) -> Bool {
        switch flag {
        case .always?: return true
        case .never?: return false
        default: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        switch configured {
        case .always?: return true
        case .never?: return false
        default: return isTTY
        }
    }
}
