import Foundation
import SusiReply

/// Runs a `!console` block: get rows (inline `data`, a `local:` function or a fetched URL),
/// select with `path`, render the answer template against the first row that fills it,
/// and emit the declared actions before that answer (the order the server uses).
extension AskSession {
    struct ConsoleResult {
        var actions: [ReplyAction]
        var rows: [JSONObject]
    }

    mutating func runConsole(_ spec: ConsoleSpec, scope: inout VariableScope, depth: Int) -> ConsoleResult? {
        let definition = spec.definition
        let source: JSONValue
        if let data = definition["data"] {
            // Inline rows may name captures and variables (`{"volume": "$1$"}`): they are
            // filled like the answer, so no placeholder reaches the reply's data.
            guard let filled = AskSession.substitute(data, scope) else { return nil }
            source = filled
        } else if let url = definition["url"]?.stringValue {
            guard let fetched = fetch(url, scope: scope, depth: depth) else { return nil }
            source = fetched
        } else {
            source = .object(JSONObject())
        }
        let path = definition["path"]?.stringValue ?? "$"
        guard let selected = JSONPath.select(source, path: path) else { return nil }
        let rows = Array(JSONPath.rows(from: selected).prefix(options.maxRows))

        var actions: [ReplyAction] = []
        if case .array(let declared)? = definition["actions"] {
            for case .object(let object) in declared {
                guard let action = declaredAction(object, rows: rows, scope: scope) else { return nil }
                actions.append(action)
            }
        }
        if !spec.template.isEmpty {
            guard let text = renderAgainstRows(spec.template, rows: rows, scope: &scope, depth: depth) else { return nil }
            actions.append(.answer(text))
        }
        return ConsoleResult(actions: actions, rows: rows)
    }

    /// The first row that resolves every placeholder wins. Rows are probed with a plain
    /// substitution first because rendering may run reflections, which touch memory.
    private mutating func renderAgainstRows(_ template: String, rows: [JSONObject], scope: inout VariableScope, depth: Int) -> String? {
        let candidates: [JSONObject?] = rows.isEmpty ? [nil] : rows.map { Optional($0) }
        for row in candidates {
            var trial = scope
            trial.row = row
            guard TemplateText.substitute(template, trial.value) != nil else { continue }
            let text = renderPhrase(template, scope: &trial, depth: depth)
            trial.row = nil
            scope = trial
            return text
        }
        return nil
    }

    private func declaredAction(_ object: JSONObject, rows: [JSONObject], scope: VariableScope) -> ReplyAction? {
        guard let type = object["type"]?.stringValue else { return nil }
        var filled = scope
        filled.row = rows.first
        var fields = JSONObject()
        for key in object.keys where key != "type" {
            var value = object[key]!
            if case .string(let s) = value {
                guard let text = TemplateText.substitute(s, filled.value) ?? TemplateText.substitute(s, scope.value) else { return nil }
                value = .string(text)
            }
            fields[key] = value
        }
        let actionType = ActionType(type)
        if actionType == .audioVolume, let raw = fields["volume"] {
            // The server sends the volume as a string clamped to 0...100.
            // Clamped as a Double: Int(1e300) or Int(.nan) would trap.
            let number = Double(raw.text) ?? 0
            let n = number.isNaN ? 0 : Int(min(100, max(0, number)))
            fields["volume"] = .string(String(n))
        }
        return ReplyAction(type: actionType, fields: fields)
    }

    private mutating func fetch(_ template: String, scope: VariableScope, depth: Int) -> JSONValue? {
        let isLocal = template.lowercased().hasPrefix(LocalConsole.scheme + ":")
        let isHTTP = template.lowercased().hasPrefix("http:") || template.lowercased().hasPrefix("https:")
        let encode: ((String) -> String)? = (isLocal || isHTTP) ? { AskSession.percentEncode($0) } : nil
        guard var text = TemplateText.substitute(template, encode: encode, { scope.value($0) }) else { return nil }
        guard let reflected = reflect(text, depth: depth) else { return nil }
        text = reflected
        guard let url = URL(string: text) else { return nil }
        if isLocal { return LocalConsole.evaluate(url, options: options, random: &random) }
        let host = url.host.map { name in url.port.map { "\(name):\($0)" } ?? name } ?? text
        guard let fetcher = options.fetcher else {
            consoleFailed(host: host, refused: false, reason: "no way to fetch is configured")
            return nil
        }
        let data: Data
        do {
            data = try fetcher.fetch(url)
        } catch let error as ConsoleError {
            if case .offline(_, let cause) = error { consoleFailed(host: host, refused: true, reason: cause) }
            else { consoleFailed(host: host, refused: false, reason: error.description) }
            return nil
        } catch {
            consoleFailed(host: host, refused: false, reason: AskSession.reason(error))
            return nil
        }
        guard data.count <= options.maxResponseBytes else {
            consoleFailed(host: host, refused: false, reason: ConsoleError.tooLarge(data.count).description)
            return nil
        }
        guard let parsed = try? LenientJSONParser.parse(bytes: Array(data)) else {
            consoleFailed(host: host, refused: false, reason: ConsoleError.notJSON.description)
            return nil
        }
        return parsed
    }

    /// Every string of `value` with its `$name$` placeholders filled; nil when one cannot be.
    static func substitute(_ value: JSONValue, _ scope: VariableScope) -> JSONValue? {
        switch value {
        case .string(let s):
            return TemplateText.substitute(s, scope.value).map(JSONValue.string)
        case .array(let items):
            var out: [JSONValue] = []
            for item in items {
                guard let v = substitute(item, scope) else { return nil }
                out.append(v)
            }
            return .array(out)
        case .object(let object):
            var out = object
            for key in object.keys {
                guard let v = substitute(object[key]!, scope) else { return nil }
                out[key] = v
            }
            return .object(out)
        default:
            return value
        }
    }

    private mutating func consoleFailed(host: String, refused: Bool, reason: String) {
        guard let skill = renderingSkill else { return }
        consoleFailures.append(ConsoleFailure(skillPath: skill, host: host, refused: refused, reason: reason))
    }

    /// A short reason from any error: its description, without a final period.
    static func reason(_ error: Error) -> String {
        var text = String(describing: error)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func percentEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
