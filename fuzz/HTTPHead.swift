// libFuzzer target: the request head checks of `susi serve` (RequestHead):
// framing (Content-Length, Transfer-Encoding), field names and values, the
// request target (origin, absolute and asterisk form), path and query
// decoding, and the head's limits.
@testable import SusiServer

/// The head as libmicrohttpd would hand it over: a request line of three
/// words, then `name: value` lines up to an empty line (CRLF or LF).
private func head(_ bytes: [UInt8]) -> RequestHead? {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
    guard !lines.isEmpty else { return nil }
    let words = lines.removeFirst().split(separator: UInt8(ascii: " "))
    guard words.count == 3 else { return nil }
    var fields: [(name: [UInt8], value: [UInt8])] = []
    for line in lines {
        if line.isEmpty { break }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        fields.append((Array(line[..<colon]), Array(value)))
    }
    return RequestHead(method: String(decoding: words[0], as: UTF8.self), version: String(decoding: words[2], as: UTF8.self),
                       target: Array(words[1]), fields: fields)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let head = head(bytes) else { return 0 }
    let maxHead = 32 << 10, maxBody = 1 << 20
    switch head.check(maxHeadBytes: maxHead, maxBodyBytes: maxBody) {
    case let .failure(refusal):
        precondition([400, 411, 413, 414, 431, 501].contains(refusal.status), "unexpected status \(refusal.status)")
        precondition(!refusal.message.isEmpty && refusal.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
                     "a refusal's message carries a control character")
    case let .success(checked):
        let names = head.fields.map { String(decoding: $0.name, as: UTF8.self).lowercased() }
        // Framing: one decimal Content-Length at most, no Transfer-Encoding.
        precondition(!names.contains("transfer-encoding"), "a Transfer-Encoding passed")
        let lengths = head.fields.filter { String(decoding: $0.name, as: UTF8.self).lowercased() == "content-length" }
        precondition(lengths.count <= 1, "two Content-Length fields passed")
        if let length = lengths.first {
            precondition(!length.value.isEmpty && length.value.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, "a malformed Content-Length passed")
            precondition(Int(String(decoding: length.value, as: UTF8.self)) == checked.bodyLength, "the body length is not the field's")
        } else {
            precondition(checked.bodyLength == 0, "a body length without a Content-Length")
        }
        precondition(checked.bodyLength <= maxBody, "a body over the limit passed")
        precondition(head.fields.count <= RequestHead.maxFields && head.target.count <= RequestHead.maxTargetBytes, "a limit passed")
        // Names are tokens; every value and parameter is text without NUL, never repaired.
        for (name, value) in head.fields {
            precondition(name.allSatisfy(RequestHead.isTokenByte), "a field name that is not a token passed")
            precondition(String(validating: value, as: UTF8.self) != nil && !value.contains(0), "a field value that is not text passed")
        }
        for (name, value) in checked.headers { precondition(name == name.lowercased() && !value.utf8.contains(0), "a header is not as checked") }
        precondition(!checked.path.utf8.contains(0), "NUL in a path")
        precondition(checked.query.count <= RequestHead.maxParameters, "too many parameters passed")
        for field in checked.query {
            precondition(!field.name.utf8.contains(0) && !field.value.utf8.contains(0), "NUL in a parameter")
            // Encoding a decoded field and decoding it strictly gives it back.
            let again = try? FormCoding.decodeStrict(Array((FormCoding.escape(field.name) + "=" + FormCoding.escape(field.value)).utf8), what: "again")
            precondition(again == [field], "a parameter does not round-trip")
        }
    }
    return 0
}
