/// The reply as JSON written by hand into one buffer: the same keys, in the
/// same order, as `Reply`'s Codable conformance gives JSONEncoder (the chat
/// history keeps it per exchange, and JSONEncoder was a sixth of a one-shot
/// chat). Non-finite numbers become `null`, as in chat.json, where
/// JSONEncoder would refuse the whole reply.
extension Reply {
    /// Compact JSON of the whole reply.
    public var json: String {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public func write(to out: inout [UInt8]) {
        JSONValue.append("{\"query\":", to: &out)
        JSONValue.writeString(query, to: &out)
        if !answers.isEmpty {
            JSONValue.append(",\"answers\":[", to: &out)
            for (index, answer) in answers.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                answer.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        JSONValue.append(",\"query_date\":", to: &out)
        JSONValue.writeString(Reply.iso(queryDate), to: &out)
        JSONValue.append(",\"query_language\":", to: &out)
        JSONValue.writeString(queryLanguage, to: &out)
        JSONValue.append(",\"answer_date\":", to: &out)
        JSONValue.writeString(Reply.iso(answerDate), to: &out)
        JSONValue.append(",\"answer_time\":", to: &out)
        JSONValue.append(String(answerTime), to: &out)
        if let clientID {
            JSONValue.append(",\"client_id\":", to: &out)
            JSONValue.writeString(clientID, to: &out)
        }
        if let session {
            JSONValue.append(",\"session\":", to: &out)
            JSONValue.object(session).write(to: &out)
        }
        if let explanation {
            JSONValue.append(",\"explain\":", to: &out)
            explanation.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension Reply.Answer {
    func write(to out: inout [UInt8]) {
        JSONValue.append("{\"data\":[", to: &out)
        for (index, row) in data.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.object(row).write(to: &out)
        }
        JSONValue.append("],\"metadata\":{\"count\":", to: &out)
        JSONValue.append(String(metadata.count), to: &out)
        JSONValue.append("},\"actions\":[", to: &out)
        for (index, action) in actions.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            action.write(to: &out)
        }
        JSONValue.append("],\"skills\":[", to: &out)
        for (index, skill) in skills.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(skill, to: &out)
        }
        JSONValue.append("]}", to: &out)
    }
}

extension ReplyAction {
    /// `type` first, then the fields in their order, as `encode(to:)` writes them.
    public func write(to out: inout [UInt8]) {
        JSONValue.append("{\"type\":", to: &out)
        JSONValue.writeString(type.rawValue, to: &out)
        fields.forEach { key, value in
            out.append(UInt8(ascii: ","))
            JSONValue.writeString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            value.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension AnswerExplanation {
    func write(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        if let answered {
            JSONValue.append("\"answered\":", to: &out)
            answered.write(to: &out)
            out.append(UInt8(ascii: ","))
        }
        JSONValue.append("\"lost\":[", to: &out)
        for (index, candidate) in lost.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            candidate.write(to: &out)
        }
        JSONValue.append("],\"rule\":", to: &out)
        JSONValue.writeString(rule, to: &out)
        if let stage {
            JSONValue.append(",\"stage\":", to: &out)
            JSONValue.writeString(stage, to: &out)
        }
        if let normalisedQuery {
            JSONValue.append(",\"normalisedQuery\":", to: &out)
            JSONValue.writeString(normalisedQuery, to: &out)
        }
        if let matchedWords {
            JSONValue.append(",\"matchedWords\":[", to: &out)
            for (index, word) in matchedWords.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(word, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if let fuzzyScore {
            JSONValue.append(",\"fuzzyScore\":", to: &out)
            JSONValue.append(String(Double(Int((fuzzyScore * 1000).rounded())) / 1000), to: &out)
        }
        if let fuzzyThreshold {
            JSONValue.append(",\"fuzzyThreshold\":", to: &out)
            JSONValue.append(String(fuzzyThreshold), to: &out)
        }
        if let candidates {
            JSONValue.append(",\"candidates\":", to: &out)
            JSONValue.append(String(candidates), to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension AnswerExplanation.Candidate {
    func write(to out: inout [UInt8]) {
        JSONValue.append("{\"skill\":", to: &out)
        JSONValue.writeString(skill, to: &out)
        JSONValue.append(",\"line\":", to: &out)
        JSONValue.append(String(line), to: &out)
        JSONValue.append(",\"pattern\":", to: &out)
        JSONValue.writeString(pattern, to: &out)
        JSONValue.append(",\"score\":", to: &out)
        JSONValue.append(String(score), to: &out)
        if let origin {
            JSONValue.append(",\"origin\":", to: &out)
            JSONValue.writeString(origin, to: &out)
        }
        JSONValue.append(",\"outcome\":", to: &out)
        JSONValue.writeString(outcome, to: &out)
        if let rank {
            JSONValue.append(",\"rank\":", to: &out)
            JSONValue.append(String(rank), to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
