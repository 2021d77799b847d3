// libFuzzer target: the lenient JSON parser (skill consoles, API responses).
@testable import SusiEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLenientJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? LenientJSONParser.parse(bytes: bytes)
    _ = try? LenientJSONParser.parseObjectLeniently(String(decoding: bytes, as: UTF8.self))
    return 0
}
