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
