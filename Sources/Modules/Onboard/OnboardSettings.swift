import SusiCore

/// The words of the `onboarded` setting.
enum Onboarded: String, Sendable, CaseIterable {
    case no, yes
}

extension ConfigKey {
    public static let onboarded = ConfigKey(
        "onboarded", "Whether 'susi onboard' has set susi up (it sets this to yes; running it again is allowed).",
        default: Onboarded.no.rawValue, kind: .choice(Onboarded.allCases.map(\.rawValue)))
}

/// What onboard declares to the host: the setting it sets when done.
extension OnboardModule {
    public static var settings: [ConfigKey] { [.onboarded] }
}
