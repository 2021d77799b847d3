import Foundation

/// One action of a reply, encoded as the flat object chat.json carries:
/// `{"type": "answer", "expression": "..."}`, `{"type": "table", "columns": {...}}`, ...
public struct ReplyAction: Sendable, Equatable, Codable {
    public var type: ActionType
    /// Every field except `type`, in declaration order.
    public var fields: JSONObject

    public init(type: ActionType, fields: JSONObject = JSONObject()) {
        self.type = type
        var f = fields
        f["type"] = nil
        self.fields = f
    }

    public static func answer(_ expression: String, mood: String? = nil) -> ReplyAction {
        var f = JSONObject([("expression", .string(expression))])
        if let mood { f["mood"] = .string(mood) }
        return ReplyAction(type: .answer, fields: f)
    }

    /// A planned answer (server-api.md §5): the client gives it
    /// `delayMilliseconds` after the reply; `plan_date` is that moment.
    public static func planned(_ expression: String, delayMilliseconds: Int, from now: Date) -> ReplyAction {
        let date = now.addingTimeInterval(Double(delayMilliseconds) / 1000)
        return ReplyAction(type: .answer, fields: JSONObject([("expression", .string(expression)),
                                                               ("plan_delay", .number(Double(delayMilliseconds))),
                                                               ("plan_date", .string(Reply.iso(date)))]))
    }

    /// For a planned answer, how long after the reply it is due: `plan_delay`
    /// (a number or a numeric string, as the server's types are loose), else
    /// `plan_date` measured from `received`. Nil for an immediate action.
    public func planDelay(received: Date) -> TimeInterval? {
        if let value = fields["plan_delay"] {
            let ms: Double?
            switch value {
            case .number(let d): ms = d
            case .string(let s): ms = Double(s.trimmingCharacters(in: .whitespaces))
            default: ms = nil
            }
            if let ms, ms.isFinite { return max(0, min(ms, 366 * 24 * 3600 * 1000)) / 1000 }
        }
        if let text = fields["plan_date"]?.stringValue, let date = Reply.parseISO(text) {
            return max(0, min(date.timeIntervalSince(received), 366 * 24 * 3600))
        }
        return nil
    }

    /// True for an answer to be given later (`plan_delay` or `plan_date`).
    public var isPlanned: Bool { fields["plan_delay"] != nil || fields["plan_date"] != nil }

    public subscript(field: String) -> JSONValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// The answer text (answer actions; `nil` for others).
    public var expression: String? { fields["expression"]?.stringValue }

    public init(from decoder: Decoder) throws {
        var all = try JSONObject(from: decoder)
        guard let t = all["type"]?.stringValue else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "action without type"))
        }
        all["type"] = nil
        type = ActionType(t)
        fields = all
    }

    public func encode(to encoder: Encoder) throws {
        var all = JSONObject([("type", .string(type.rawValue))])
        for key in fields.keys { all[key] = fields[key] }
        try all.encode(to: encoder)
    }
}
