import Foundation
import SusiBasics

/// Input rules both backends apply before anything is stored or sent, so a
/// bad value gets the same message whichever SUSI is configured.
public enum ServiceRules {
    /// The longest a token may live: the reference's "-1 means ten years".
    /// Both backends hold every lifetime to it before anything is stored.
    public static let maximumTokenLifetime: TimeInterval = 10 * 365 * 24 * 3600

    static let forbiddenInEmail = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)

    public static func checkEmail(_ email: String) throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
              !parts[1].hasSuffix("."), email.count <= 254,
              // Tabs, line breaks and other control characters would end up in listings and messages.
              !email.unicodeScalars.contains(where: { Self.forbiddenInEmail.contains($0) })
        else {
            throw ServiceError(.invalidInput, "'\(email)' is not a valid email address.")
        }
    }

    public static let passwordRule = "at least 8 and at most 64 characters, with a digit, an upper-case letter and a character that is neither a letter nor a digit, and not your email address"

    public static func checkPassword(_ password: String, email: String) throws {
        let ok = (8...64).contains(password.count)
            && password.contains(where: \.isNumber)
            && password.contains(where: \.isUppercase)
            && password.contains(where: { !$0.isLetter && !$0.isNumber })
            && password.lowercased() != email.lowercased()
        if !ok {
            throw ServiceError(.invalidInput, "The password does not meet the rules: \(passwordRule).")
        }
    }

    public static func checkStars(_ stars: Int) throws {
        guard (1...5).contains(stars) else {
            throw ServiceError(.invalidInput, "Stars must be a whole number from 1 to 5, not \(stars).")
        }
    }

    /// The longest feedback, in characters (issue 12: the SUSI apps' 2,000).
    public static let feedbackLimit = 2000
    /// The longest reason for a report, in characters.
    public static let reportLimit = 4000

    /// The feedback as it will be stored: CRLF line breaks as LF, free of
    /// control characters, trimmed, non-empty and within the limit. Line
    /// breaks and tabs are text (feedback written in an editor has them);
    /// every other control character, ESC and so every terminal escape
    /// sequence included, is refused rather than stripped: the user learns
    /// what was wrong, and what is stored is what they wrote.
    public static func checkFeedback(_ text: String) throws -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
        try refuseControlCharacters(lines, "Feedback")
        return try checkText(lines, "Feedback", limit: feedbackLimit, empty: "Feedback cannot be empty.")
    }

    /// Refuses `text` when it holds a control character other than a line
    /// break or a tab (C0, DEL, C1: `UntrustedText.isControl`); the message
    /// names the first one and its position, never the text itself.
    public static func refuseControlCharacters(_ text: String, _ what: String) throws {
        for (offset, character) in text.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: { UntrustedText.isControl($0) && $0 != "\n" && $0 != "\t" })
            else { continue }
            let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                + String(scalar.value, radix: 16, uppercase: true)
            throw ServiceError(.invalidInput,
                               "\(what) cannot contain control characters or terminal escape sequences (\(code) at character \(offset + 1)); line breaks and tabs are fine.")
        }
    }

    public static func checkMAC(_ mac: String) throws {
        guard Device.isValidMAC(mac) else {
            throw ServiceError(.invalidInput, "'\(mac)' is not a MAC address (six pairs of hex digits such as 12:34:56:78:9A:BC).")
        }
    }

    /// The account setting names the SUSI server accepts. The reference
    /// silently ignores any other name; both backends refuse it instead.
    public static let settingNames: [String] = [
        "server", "enterAsSend", "micInput", "speechOutput", "speechOutputAlways", "speechRate", "speechPitch",
        "ttsLanguage", "userName", "prefLanguage", "timeZone", "countryCode", "countryDialCode", "phoneNo",
        "checked", "serverUrl", "theme", "backgroundImage", "messageBackgroundImage", "customThemeValue", "avatarType",
    ]

    public static let settingValueLimit = 4096

    /// A settings change as a whole: not empty, known names only, acceptable values.
    public static func checkSettings(_ settings: [String: String]) throws {
        guard !settings.isEmpty else { throw ServiceError(.invalidInput, "No settings given.") }
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            guard settingNames.contains(name) else {
                throw ServiceError(.invalidInput, "Unknown account setting '\(name)'. Known: \(settingNames.joined(separator: ", ")).")
            }
            if name == "userName" { try checkUserName(value) }
            if value.count > settingValueLimit {
                throw ServiceError(.invalidInput, "The value of '\(name)' is too long (at most \(settingValueLimit) characters).")
            }
        }
    }

    public static func checkUserName(_ name: String) throws {
        guard (5...51).contains(name.count) else {
            throw ServiceError(.invalidInput, "A user name must have 5 to 51 characters.")
        }
    }
}

/// Limits on what an account stores, the same on both backends: text over
/// its limit is refused with the limit named (exit 64), never truncated.
extension ServiceRules {
    /// Device names and rooms, in characters.
    public static let deviceTextLimit = 100
    /// Devices one account may register.
    public static let deviceLimit = 100
    /// The longest token lifetime a client may ask for: the reference's
    /// "-1 means ten years" is the most it ever grants.
    public static let tokenLifetimeLimit: TimeInterval = 10 * 365 * 24 * 3600

    /// `text` trimmed; refused when empty (with `empty`) or longer than `limit`.
    public static func checkText(_ text: String, _ what: String, limit: Int, empty: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ServiceError(.invalidInput, empty) }
        guard trimmed.count <= limit else {
            throw ServiceError(.invalidInput, "\(what) is limited to \(limit) characters (this has \(trimmed.count)).")
        }
        return trimmed
    }

    /// The reason of a report as it will be stored.
    public static func checkReport(_ reason: String) throws -> String {
        try checkText(reason, "A report", limit: reportLimit, empty: "Say why you report the skill.")
    }

    /// A device as it will be stored: a MAC address, a name and a room within
    /// the limit (trimmed), coordinates on the globe.
    public static func checkDevice(_ device: Device) throws -> Device {
        try checkMAC(device.macAddress)
        let empty = "A device needs a name and a room."
        var checked = device
        checked.name = try checkText(device.name, "A device name", limit: deviceTextLimit, empty: empty)
        checked.room = try checkText(device.room, "A room", limit: deviceTextLimit, empty: empty)
        if let latitude = device.latitude, !(-90...90).contains(latitude) {
            throw ServiceError(.invalidInput, "Latitude must be between -90 and 90.")
        }
        if let longitude = device.longitude, !(-180...180).contains(longitude) {
            throw ServiceError(.invalidInput, "Longitude must be between -180 and 180.")
        }
        return checked
    }

    /// Refuses a new device beyond `deviceLimit`; `count` is how many the account has.
    public static func checkDeviceCount(_ count: Int) throws {
        guard count < deviceLimit else {
            throw ServiceError(.invalidInput, "An account can have at most \(deviceLimit) devices; remove one first.")
        }
    }

    /// A requested token lifetime: nil (the backend's default) or positive
    /// seconds, at most `tokenLifetimeLimit` (longer asks get the limit).
    public static func checkTokenLifetime(_ seconds: TimeInterval?) throws -> TimeInterval? {
        guard let seconds else { return nil }
        guard !seconds.isNaN, seconds > 0 else {
            throw ServiceError(.invalidInput, "A login must be valid for a positive number of seconds.")
        }
        return min(seconds, tokenLifetimeLimit)
    }
}
