// libFuzzer target: the WAV reader behind `susi listen --file` (AudioClip.decode),
// which takes any file a user hands it: chunk walking, formats, channel mixing,
// the duration bound and resampling to 16 kHz.
@testable import SusiListen

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAVReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let clip = try AudioClip.decode(wav: bytes)
        // Never longer than the bound, and no more samples than the input
        // could hold at the lowest rate (one byte a frame at 4 kHz, made 16 kHz).
        precondition(clip.seconds <= Double(AudioClip.maximumSeconds + 1), "a clip longer than the bound")
        precondition(clip.samples.count <= size * 4 + 16, "more samples than the input can hold")
        // The same bytes give the same clip.
        let again = try AudioClip.decode(wav: bytes)
        precondition(again == clip, "decoding is not deterministic")
    } catch let error as AudioClip.WAVError {
        precondition(!error.reason.isEmpty, "a refusal without a reason")
    } catch {
        preconditionFailure("decode threw something other than WAVError: \(error)")
    }
    return 0
}
