import CESpeak
import Foundation
import SusiBasics
import SusiPorts

/// Speech synthesis with libespeak-ng, loaded with dlopen the first time a
/// command lists voices or synthesizes; `susi --version` never loads it.
/// The library is not thread-safe; the C shim serializes every call.
public enum ESpeak {
    static let unavailableHint = "Install espeak-ng (on Debian: apt-get install libespeak-ng1 espeak-ng-data)."

    /// The sample rate of everything synthesized, in Hz (22050 for espeak-ng).
    public static func sampleRate() throws -> Int {
        var message = [CChar](repeating: 0, count: 256)
        let rate = Int(susi_espeak_open(&message, message.count))
        guard rate > 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CommandError(.unavailable, "Speech is unavailable: \(reason).", hint: unavailableHint)
        }
        return rate
    }

    /// Every installed voice (not the variants), in espeak-ng's order.
    public static func voices() throws -> [Voice] {
        try list(variants: false)
    }

    /// The voice variants ("klatt", "whisper", ...), usable as VOICE+VARIANT.
    public static func variants() throws -> [String] {
        try list(variants: true).map(\.fileName)
    }

    private final class Collector {
        var voices: [Voice] = []
    }

    private static func list(variants: Bool) throws -> [Voice] {
        _ = try sampleRate()
        let collector = Collector()
        let box = Unmanaged.passRetained(collector)
        defer { box.release() }
        _ = susi_espeak_list_voices(variants ? 1 : 0, { name, languages, identifier, gender, _, user in
            let collector = Unmanaged<Collector>.fromOpaque(user!).takeUnretainedValue()
            let codes = String(cString: languages!).split(separator: ",").map(String.init)
            collector.voices.append(Voice(name: String(cString: name!), identifier: String(cString: identifier!),
                                          languages: codes,
                                          gender: gender == 1 ? "male" : gender == 2 ? "female" : "unknown"))
        }, box.toOpaque())
        return collector.voices
    }

    /// Synthesizes `text` and hands the samples to `sink` in blocks of about
    /// 20 ms; `sink` returns false to stop. Returns false when stopped (by
    /// the sink or `job`), true when all was synthesized.
    @discardableResult
    public static func synthesize(_ text: String, voice: String, wordsPerMinute: Int, pitch: Int,
                                  job: SynthesisJob? = nil,
                                  sink: (UnsafeBufferPointer<Int16>) -> Bool) throws -> Bool {
        _ = try sampleRate()
        return try withoutActuallyEscaping(sink) { sink in
            let box = SinkBox(sink)
            let status = withExtendedLifetime(box) {
                susi_espeak_synthesize(voice, Int32(wordsPerMinute), Int32(pitch), text, { samples, count, user in
                    let box = Unmanaged<SinkBox>.fromOpaque(user!).takeUnretainedValue()
                    return box.sink(UnsafeBufferPointer(start: samples, count: Int(count))) ? 0 : 1
                }, Unmanaged.passUnretained(box).toOpaque(), job?.raw)
            }
            switch Int(status) {
            case Int(SUSI_ESPEAK_OK.rawValue): return true
            case Int(SUSI_ESPEAK_CANCELLED.rawValue): return false
            case Int(SUSI_ESPEAK_UNKNOWN_VOICE.rawValue):
                throw CommandError(.usage, "espeak-ng has no voice '\(voice)'.", hint: "See 'susi voice list'.")
            default:
                throw CommandError(.software, "espeak-ng could not synthesize the text.")
            }
        }
    }

    private final class SinkBox {
        let sink: (UnsafeBufferPointer<Int16>) -> Bool
        init(_ sink: @escaping (UnsafeBufferPointer<Int16>) -> Bool) { self.sink = sink }
    }
}

/// A synthesis another thread can stop: the library's cancel, which takes
/// effect at the next block of audio (20 ms of speech).
public final class SynthesisJob: @unchecked Sendable {
    let raw: OpaquePointer

    public init() {
        raw = susi_espeak_job_new()
    }

    deinit { susi_espeak_job_free(raw) }

    public func cancel() { susi_espeak_job_cancel(raw) }
    public var isCancelled: Bool { susi_espeak_job_cancelled(raw) != 0 }
}
