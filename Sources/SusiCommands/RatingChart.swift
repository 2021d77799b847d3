import SusiCLI
import SusiCore
import SusiPorts

/// A skill's five-star distribution as the SUSI apps draw it: 5 down to 1,
/// one bar per star with its count and share. Used by `skills info` and,
/// with #12, by the rating commands after a rating.
public enum RatingChart {
    /// How bars are drawn: Unicode blocks on a UTF-8 terminal, `#` on any
    /// other terminal, and no bars when piped (plain numbers only).
    public enum Bars: Sendable, Equatable {
        case blocks, ascii, none

        /// The bars for an output: blocks when it is a terminal whose locale is UTF-8.
        public static func `for`(isTTY: Bool, environment: [String: String]) -> Bars {
            guard isTTY else { return .none }
            return TerminalInfo.isUTF8(environment: environment) ? .blocks : .ascii
        }
    }

    /// "4.3 from 12 ratings" and one line per star, or "Not rated yet".
    /// `width` is the whole line's width; bars get what the numbers leave.
    public static func render(_ stars: StarRatings, bars: Bars, width: Int) -> [String] {
        let total = stars.total
        guard total > 0 else { return ["Not rated yet"] }
        var lines = [String(format: "%.1f from ", stars.average) + TextLayout.counted(total, "rating")]
        let counts = (1...5).reversed().map { stars[$0] }
        let countWidth = String(counts.max() ?? 0).count
        // "5★ " + bar + " " + count + " (100%)"
        let barWidth = max(4, min(30, width - 3 - 1 - countWidth - 7 - 2))
        for (offset, count) in counts.enumerated() {
            let star = 5 - offset
            let share = Double(count) / Double(total)
            let percent = Int((share * 100).rounded())
            let number = String(repeating: " ", count: countWidth - String(count).count) + String(count)
            let label = bars == .blocks ? "\(star)★" : "\(star) "
            let shareText = String(repeating: " ", count: max(0, 6 - "(\(percent)%)".count)) + "(\(percent)%)"
            switch bars {
            case .none:
                lines.append("\(star)\t\(count)\t\(percent)%")
            case .blocks, .ascii:
                lines.append("\(label) \(bar(share, width: barWidth, blocks: bars == .blocks)) \(number) \(shareText)")
            }
        }
        return lines
    }

    /// A bar `width` cells wide, filled in proportion to `share`, in eighths
    /// of a cell with blocks; a share above zero always shows something.
    static func bar(_ share: Double, width: Int, blocks: Bool) -> String {
        let clamped = min(1, max(0, share.isFinite ? share : 0))
        if !blocks {
            var filled = Int((clamped * Double(width)).rounded())
            if clamped > 0 { filled = max(1, filled) }
            return String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        }
        var eighths = Int((clamped * Double(width * 8)).rounded())
        if clamped > 0 { eighths = max(1, eighths) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let full = eighths / 8
        let used = full + (partial.isEmpty ? 0 : 1)
        return String(repeating: "█", count: full) + partial + String(repeating: " ", count: width - used)
    }
}
