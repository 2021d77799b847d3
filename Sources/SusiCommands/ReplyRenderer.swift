import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiReply

/// Turns a reply's actions, in order, into terminal text. Nothing is
/// dropped: an action type this renderer does not know is shown generically.
/// Every string of a reply is outside text: it passes `UntrustedText` here
/// (one line for fields, URLs and cells), so a link target or a title cannot
/// carry an escape sequence of its own. Used by `susi chat` and `susi
/// skills try`.
public struct ReplyRenderer {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    private var style: Style { context.style }
    private var isTTY: Bool { context.io.stdout.isTTY }

    /// Every action in order. A planned answer is not given here: it is
    /// shown as when it is due ("Planned for 14:35:02 (in 5 minutes): ..."),
    /// numbered when `planned` (what the conversation keeps) is given.
    public func render(_ reply: Reply, planned: [PlannedAnswers.Pending]? = nil) -> String {
        let rows = reply.answers.first?.data ?? []
        let now = context.now()
        var numbered = planned ?? []
        var out = ""
        for action in reply.actions {
            if action.isPlanned {
                if !numbered.isEmpty, numbered[0].action == action {
                    let p = numbered.removeFirst()
                    out += plannedLine(action, due: p.due, number: p.number, now: now)
                } else if let delay = action.planDelay(received: now) {
                    out += plannedLine(action, due: now.addingTimeInterval(delay), number: nil, now: now)
                }
                continue
            }
            out += render(action, rows: rows)
        }
        return out
    }

    /// "Planned #2 for 14:35:02 (in 5 minutes): text".
    public func plannedLine(_ action: ReplyAction, due: Date, number: Int?, now: Date) -> String {
        let label = "Planned" + (number.map { " #\($0)" } ?? "") + " for "
            + PlannedAnswers.clock(due, now: now) + " (" + PlannedAnswers.wait(from: now, to: due) + "):"
        return style.dim(label) + " " + UntrustedText.line(action.expression ?? "") + "\n"
    }

    /// A planned answer that is now due, as an answer is shown.
    public func due(_ action: ReplyAction) -> String {
        render(ReplyAction.answer(action.expression ?? ""), rows: [])
    }

    func render(_ action: ReplyAction, rows: [JSONObject]) -> String {
        switch action.type {
        case .answer:
            let text = UntrustedText.escape(action.expression ?? "")
            return (isTTY ? TextLayout.wrap(text, width: context.width) : text) + "\n"
        case .table:
            return table(action, rows: rows)
        case .rss, .websearch:
            return list(action, rows: rows)
        case .anchor:
            let text = field(action, "text") ?? field(action, "link") ?? ""
            let link = field(action, "link") ?? ""
            return hyperlink(text, link) + (isTTY && text != link ? " <\(link)>" : (text == link ? "" : " \(link)")) + "\n"
        case .map:
            let latitude = field(action, "latitude") ?? "0"
            let longitude = field(action, "longitude") ?? "0"
            let zoom = field(action, "zoom") ?? "13"
            let url = "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=\(zoom)/\(latitude)/\(longitude)"
            return "Map: \(latitude), \(longitude) " + hyperlink(url, url) + "\n"
        case .audioPlay, .videoPlay:
            let what = field(action, "identifier") ?? "?"
            let kind = field(action, "identifier_type") ?? "url"
            let url = kind == "youtube" ? "https://www.youtube.com/watch?v=\(what)" : what
            return (action.type == .audioPlay ? "Playing audio: " : "Playing video: ") + hyperlink(url, url) + "\n"
        case .imageShow:
            let url = field(action, "url") ?? ""
            return "Image: " + hyperlink(url, url) + "\n"
        case .timerSet:
            let time = field(action, "time") ?? "?"
            let unit = field(action, "unit").map { " \($0)" } ?? ""
            return style.dim("[timer set: \(time)\(unit)]") + "\n"
        case .audioVolume:
            return style.dim("[volume: \(field(action, "volume") ?? "?")%]") + "\n"
        case .stop, .pause, .resume, .next, .previous, .shuffle, .restart, .timerReset:
            return style.dim("[\(action.type.rawValue)]") + "\n"
        default:
            let fields = action.fields.keys.filter { $0 != "type" }.map { key in
                UntrustedText.line("\(key)=\(action.fields[key]?.text ?? "")")
            }.joined(separator: " ")
            return style.dim("[\(UntrustedText.line(action.type.rawValue))\(fields.isEmpty ? "" : " " + fields)]") + "\n"
        }
    }

    /// A field, escaped to one line for printing.
    private func field(_ action: ReplyAction, _ name: String) -> String? {
        rawField(action, name).map(UntrustedText.line)
    }

    private func rawField(_ action: ReplyAction, _ name: String) -> String? {
        guard let value = action.fields[name], value != .null else { return nil }
        return value.text
    }

    /// OSC 8 hyperlinks on a colour terminal; plain text elsewhere.
    private func hyperlink(_ text: String, _ url: String) -> String {
        guard style.enabled, !url.isEmpty else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    /// Columns come from the action's `columns` object (data key → title),
    /// in its order; rows from the answer's data.
    private func table(_ action: ReplyAction, rows: [JSONObject]) -> String {
        var keys: [String] = []
        var titles: [String] = []
        if case let .object(columns)? = action.fields["columns"] {
            for key in columns.keys {
                keys.append(key)
                titles.append(columns[key]?.text ?? key)
            }
        } else if let first = rows.first {
            keys = first.keys.filter { Int($0) == nil }
            titles = keys
        }
        let body = rows.filter { row in keys.contains { row[$0] != nil } }
            .map { row in keys.map { row[$0]?.text ?? "" } }
        return Table(columns: titles, rows: body).render(forTerminal: isTTY, width: context.width, style: style)
    }

    /// Numbered title, description and link for rss and websearch results.
    private func list(_ action: ReplyAction, rows: [JSONObject]) -> String {
        // Keys name the data's fields; they are looked up, never printed.
        let titleKey = rawField(action, "title") ?? "title"
        let descriptionKey = rawField(action, "description") ?? "description"
        let linkKey = rawField(action, "link") ?? "link"
        var out = ""
        var number = 0
        for row in rows {
            guard let title = row[titleKey].map({ UntrustedText.line($0.text) }), !title.isEmpty else { continue }
            number += 1
            out += "\(number). " + style.bold(title) + "\n"
            if let description = row[descriptionKey].map({ UntrustedText.escape($0.text) }), !description.isEmpty {
                out += TextLayout.wrap(description, width: context.width, indent: 3) + "\n"
            }
            if let link = row[linkKey].map({ UntrustedText.line($0.text) }), !link.isEmpty {
                out += "   " + hyperlink(link, link) + "\n"
            }
        }
        if number == 0, action.type == .websearch, let query = field(action, "query") {
            let url = "https://duckduckgo.com/?q=" + (query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query)
            out += "Search the web for \"\(query)\": " + hyperlink(url, url) + "\n"
        }
        return out
    }
}
