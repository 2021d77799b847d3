/// Speaks answers aloud without blocking the caller; a new answer, a `stop`
/// reply or Ctrl-C must be able to silence it at once.
public protocol SpeechOutput: AnyObject {
    /// Starts speaking `text`, stopping whatever was being said. `language`
    /// (the answer's, e.g. "de") picks the voice when none is chosen.
    func speak(_ text: String, language: String?) throws
    /// Stops speaking now; harmless when silent.
    func stop()
    /// Blocks until the current speech has finished; false when Ctrl-C
    /// interrupted the wait (the speech is then stopped).
    func waitUntilDone() -> Bool
    /// Whether speech is still going (hands-free listening listens for
    /// "stop" meanwhile). Outputs that cannot tell say false.
    var isSpeaking: Bool { get }
}

extension SpeechOutput {
    public var isSpeaking: Bool { false }
}
