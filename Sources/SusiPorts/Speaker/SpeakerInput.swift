import Foundation

/// The rules for values sent to a speaker, checked before anything is sent:
/// its scripts paste them into files unescaped (wpa_supplicant.conf) or
/// split them on `=` (susi-config on the control server), and a value they
/// break on is stored half or not at all while the speaker still answers 200
/// (speaker-api.md §1.3, §1c, §2.2).
public enum SpeakerInput {
    public static let roomLimit = 64

    /// Non-empty, at most 64 characters, printable, no leading or trailing
    /// space; on the control server no `=`.
    public static func checkRoom(_ room: String, era: SpeakerEra?) throws(SpeakerError) {
        if room.trimmingCharacters(in: .whitespaces).isEmpty {
            throw SpeakerError(.refused, "The room name is empty; the speaker would store an empty room.")
        }
        if room.count > roomLimit {
            throw SpeakerError(.refused, "The room name has \(room.count) characters; at most \(roomLimit) are allowed.")
        }
        if containsControl(room) {
            throw SpeakerError(.refused, "The room name contains a control character (such as a tab or a line break); only printable characters are allowed.")
        }
        if room.trimmingCharacters(in: .whitespaces) != room {
            throw SpeakerError(.refused, "The room name starts or ends with a space.")
        }
        if era == .controlServer, room.contains("=") {
            throw SpeakerError(.refused, "The room name contains '=', which the speaker's configuration tool (susi-config) rejects without saying so: the room would not be stored.")
        }
    }

    /// The network name: 1 to 32 bytes (the 802.11 limit), no `"`, no line
    /// break or other control character (wifi_search.sh writes it unescaped
    /// between quotes in wpa_supplicant.conf).
    public static func checkSSID(_ ssid: String) throws(SpeakerError) {
        if ssid.isEmpty { throw SpeakerError(.refused, "The Wi-Fi network name is empty.") }
        if ssid.utf8.count > 32 {
            throw SpeakerError(.refused, "The Wi-Fi network name is \(ssid.utf8.count) bytes long; Wi-Fi allows at most 32.")
        }
        if ssid.contains("\"") {
            throw SpeakerError(.refused, "The Wi-Fi network name contains '\"', which the speaker writes unescaped into its Wi-Fi configuration and would break it.")
        }
        if containsControl(ssid) {
            throw SpeakerError(.refused, "The Wi-Fi network name contains a line break or another control character, which would break the speaker's Wi-Fi configuration.")
        }
    }

    /// Empty (an open network) or 8 to 63 characters (WPA2 passphrases), no
    /// `"` and no control character. The value is never part of the message.
    public static func checkPassphrase(_ passphrase: String) throws(SpeakerError) {
        if passphrase.contains("\"") {
            throw SpeakerError(.refused, "The Wi-Fi password contains '\"', which the speaker writes unescaped into its Wi-Fi configuration and would break it. Nothing was sent.")
        }
        if containsControl(passphrase) {
            throw SpeakerError(.refused, "The Wi-Fi password contains a line break or another control character, which would break the speaker's Wi-Fi configuration. Nothing was sent.")
        }
        if !passphrase.isEmpty, !(8...63).contains(passphrase.count) {
            throw SpeakerError(.refused, "The Wi-Fi password has \(passphrase.count) characters; a WPA2 password has 8 to 63 (or leave it empty for an open network). Nothing was sent.")
        }
    }

    /// The account e-mail and password as the speaker stores them; on the
    /// control server neither may hold `=` (susi-config drops the value and
    /// still answers 200, and the speaker then fails to register).
    public static func checkAccount(email: String, password: String, era: SpeakerEra) throws(SpeakerError) {
        if containsControl(email) || containsControl(password) {
            throw SpeakerError(.refused, "The account e-mail address or password contains a control character; the speaker cannot store it. Nothing was sent.")
        }
        guard era == .controlServer else { return }
        if email.contains("=") {
            throw SpeakerError(.refused, "The e-mail address contains '=', which this speaker's configuration tool (susi-config) silently drops. Nothing was sent.",
                               hint: "Set the speaker up with --anonymous, or with an account whose address has no '='.")
        }
        if password.contains("=") {
            throw SpeakerError(.refused, "The account password contains '=', which this speaker's configuration tool (susi-config) silently drops, so the speaker could not log in. Nothing was sent.",
                               hint: "Set the speaker up with --anonymous, or change the password ('susi login passwd') to one without '='.")
        }
    }

    static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) || $0.value == 0x7F }
    }
}

/// What the configuration step sends: speech engines, hotword, wake button.
public struct SpeakerConfiguration: Equatable, Sendable, Codable {
    public var speechToText: String
    public var textToSpeech: String
    public var hotword: Bool
    public var wakeButton: Bool

    /// Google for both, the hotword on, the wake button off: what the apps sent.
    public init(speechToText: String = "google", textToSpeech: String = "google", hotword: Bool = true, wakeButton: Bool = false) {
        self.speechToText = speechToText
        self.textToSpeech = textToSpeech
        self.hotword = hotword
        self.wakeButton = wakeButton
    }

    /// The same, in the era's own words, or a refusal listing what it accepts.
    public func validated(for era: SpeakerEra) throws(SpeakerError) -> SpeakerConfiguration {
        var result = self
        result.speechToText = era.engineAlias(speechToText)
        result.textToSpeech = era.engineAlias(textToSpeech)
        guard era.speechToText.contains(result.speechToText) else {
            throw SpeakerError(.refused, "This speaker (\(era.description)) cannot use '\(speechToText)' for speech recognition; it accepts \(era.speechToText.joined(separator: ", ")).")
        }
        guard era.textToSpeech.contains(result.textToSpeech) else {
            throw SpeakerError(.refused, "This speaker (\(era.description)) cannot use '\(textToSpeech)' for speech output; it accepts \(era.textToSpeech.joined(separator: ", ")).")
        }
        return result
    }
}
