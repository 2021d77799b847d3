// libFuzzer target: the HTTP form/query decoder (query strings and POST bodies of `susi serve`).
@testable import SusiServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fields = FormCoding.decode(bytes)
    // Encoding a decoded field and decoding it again gives the field back.
    for field in fields {
        let again = FormCoding.decode(FormCoding.escape(field.name) + "=" + FormCoding.escape(field.value))
        precondition(again == [field], "escape/decode round trip of one field")
    }
    // The access log line: secrets never survive redaction.
    let logged = FormCoding.decode(FormCoding.redactedQuery(fields))
    precondition(logged.count == fields.count, "redacted query has another field count")
    for (field, entry) in zip(fields, logged) where FormCoding.secretNames.contains(field.name.lowercased()) {
        precondition(entry.value == "REDACTED", "a secret reached the log line")
    }
    _ = FormCoding.decode(String(decoding: bytes, as: UTF8.self))
    return 0
}
