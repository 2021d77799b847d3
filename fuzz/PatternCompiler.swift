// libFuzzer target: the pattern compiler and the regex parser/VM.
// Input: a pattern alternative, a newline, then a query.
@testable import SusiEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatternCompiler(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let cut = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
    let query = cut < bytes.endIndex ? String(decoding: bytes[(cut + 1)...], as: UTF8.self) : pattern
    let prepared = PreparedQuery(normalized: Normalizer.normalize(query))
    if case .regex(let regex) = PatternCompiler.compile(pattern) {
        check(regex, on: prepared)
    }
    // The regex parser also sees text the compiler never produces (raw `^...$` patterns).
    if let regex = try? Regex(pattern) {
        check(regex, on: prepared)
    }
    return 0
}

/// The literal pre-filter may only reject queries the VM rejects too.
private func check(_ regex: Regex, on query: PreparedQuery) {
    var matcher = RegexMatcher(program: regex.program, input: query.scalars)
    let vm = matcher.matchWhole()
    if vm != nil {
        precondition(regex.literals.admits(query), "literal pre-filter rejects a match of \(regex.source)")
    }
    if let groups = regex.matchWhole(query) {
        precondition(vm != nil, "matchWhole matched where the VM did not")
        precondition(groups.count == regex.groupCount, "group count")
    }
}
