/// Which setup server a SUSI Smart Speaker runs. The route and parameter
/// names are the same; ports, answers, stored values and allowed engine
/// values differ (speaker-api.md §1, §1b, §2).
public enum SpeakerEra: String, Codable, Sendable, CaseIterable {
    /// susi_linux's Flask setup server on port 5000 (images from 2018 to mid-2019).
    case setupServer = "5000"
    /// susi_installer's control server on port 7070 (newer images, "SUSIbian").
    case controlServer = "7070"

    public var port: Int { self == .setupServer ? 5000 : 7070 }

    public var description: String {
        switch self {
        case .setupServer: return "susi_linux setup server (port 5000, images up to mid-2019)"
        case .controlServer: return "susi_installer control server (port 7070, newer images)"
        }
    }

    /// The speech-to-text values the era's scripts apply, as the speaker
    /// wants them. Values they accept but then fail on after answering 200
    /// (ibm and bing on 5000: config_generator asks for credentials on a
    /// terminal it does not have) are left out.
    public var speechToText: [String] {
        switch self {
        case .setupServer: return ["google", "sphinx"]
        case .controlServer: return ["google", "watson", "bing", "pocketsphinx", "deepspeech-local", "vosk"]
        }
    }

    public var textToSpeech: [String] {
        switch self {
        case .setupServer: return ["google", "flite"]
        case .controlServer: return ["google", "watson", "flite"]
        }
    }

    /// Other names users know an engine by, mapped to this era's word.
    func engineAlias(_ value: String) -> String {
        let lowered = value.lowercased()
        switch (self, lowered) {
        case (.setupServer, "pocketsphinx"), (.setupServer, "pocket_sphinx"): return "sphinx"
        case (.controlServer, "sphinx"), (.controlServer, "pocket_sphinx"): return "pocketsphinx"
        case (.controlServer, "ibm"): return "watson"
        case (.setupServer, "watson"): return "ibm"
        default: return lowered
        }
    }
}
