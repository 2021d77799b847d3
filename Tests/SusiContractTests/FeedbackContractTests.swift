import Foundation
import SusiCore
import Testing

/// Posting, replacing and deleting feedback, and the rules for its text, the
/// same on the embedded SUSI and through `susi serve`. Every refusal leaves
/// the stored feedback exactly as it was.
@Suite struct FeedbackContract {
    @Test(arguments: BackendKind.allCases)
    func postReplaceAndDeleteOwnFeedback(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let bob = try backend.account("bob@example.org")
            try service.postFeedback(time, text: "Handy.", token: ada)
            backend.clock.advance(5)
            try service.postFeedback(time, text: "Works offline.", token: bob)
            backend.clock.advance(5)
            try service.postFeedback(time, text: "Very handy.", token: ada)
            #expect(try service.feedback(time).map(\.text) == ["Very handy.", "Works offline."], "\(kind)")

            #expect(try service.deleteFeedback(time, token: ada), "\(kind)")
            #expect(try service.feedback(time).map(\.email) == ["bob@example.org"], "\(kind): only Ada's is gone")
            #expect(try service.skill(time).rating.feedbackCount == 1)
            #expect(try !service.deleteFeedback(time, token: ada), "\(kind): nothing left to delete")
            #expect(try !service.deleteFeedback(dice, token: bob), "\(kind): Bob's feedback is on another skill")
            #expect(try service.feedback(time).map(\.text) == ["Works offline."])

            // Posting again after a delete is a new feedback.
            try service.postFeedback(time, text: "Back again.", token: ada)
            #expect(try service.feedback(time).map(\.text) == ["Back again.", "Works offline."])
        }
    }

    @Test(arguments: BackendKind.allCases)
    func deletingNeedsALoginAndAKnownSkill(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            try service.postFeedback(time, text: "Handy.", token: ada)
            let before = try service.feedback(time)
            let anonymous = refused(.notLoggedIn, backend) { _ = try service.deleteFeedback(time, token: nil) }
            #expect(anonymous?.hint?.contains("susi login") == true, "\(kind)")
            refused(.notLoggedIn, backend) { _ = try service.deleteFeedback(time, token: "not-a-token") }
            refused(.notFound, backend) { _ = try service.deleteFeedback(noSuchSkill, token: ada) }
            #expect(try service.feedback(time) == before, "\(kind): nothing changed")
        }
    }

    /// Control characters (C0 but line break and tab, DEL, C1), and so every
    /// terminal escape sequence, are refused by the one rule in ServiceRules.
    @Test(arguments: BackendKind.allCases)
    func controlCharactersAreRefusedLineBreaksAndTabsKept(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            try service.postFeedback(time, text: "Handy.", token: ada)
            let before = try service.feedback(time)
            let cases: [(String, String)] = [
                ("Nice \u{1B}[2J\u{1B}[Hskill", "U+001B at character 6"),
                ("\u{1B}]0;owned\u{07}", "U+001B at character 1"),
                ("Bell\u{07}", "U+0007 at character 5"),
                ("NUL\u{0}byte", "U+0000 at character 4"),
                ("delete\u{7F}", "U+007F at character 7"),
                ("C1 \u{9B}31m red", "U+009B at character 4"),
                ("over\rwritten", "U+000D at character 5"),
                ("\u{0C}form feed", "U+000C at character 1"),
            ]
            for (text, place) in cases {
                let error = refused(.invalidInput, backend) { try service.postFeedback(time, text: text, token: ada) }
                #expect(error?.message.contains("Feedback cannot contain control characters or terminal escape sequences (\(place))") == true,
                        "\(kind): \(error?.message ?? "")")
                #expect(error?.message.contains("\u{1B}") == false)
            }
            #expect(try service.feedback(time) == before, "\(kind): nothing changed")

            try service.postFeedback(time, text: "Line one\r\n\tindented\nline three\n", token: ada)
            #expect(try service.feedback(time).map(\.text) == ["Line one\n\tindented\nline three"], "\(kind)")
        }
    }

    @Test(arguments: BackendKind.allCases)
    func theLimitIsTwoThousandCharactersNotBytes(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let ada = try backend.account("ada@example.org")
            let wide = String(repeating: "ü", count: 1999) + "🙂"
            try service.postFeedback(time, text: wide, token: ada)
            #expect(try service.feedback(time).map(\.text) == [wide])
            let error = refused(.invalidInput, backend) { try service.postFeedback(time, text: wide + "!", token: ada) }
            #expect(error?.message == "Feedback is limited to 2000 characters (this has 2001).", "\(kind)")
            #expect(try service.feedback(time).map(\.text) == [wide], "\(kind): the earlier feedback stays")
            refused(.invalidInput, backend) { try service.postFeedback(time, text: " \n\t ", token: ada) }
            #expect(try service.feedback(time).map(\.text) == [wide])
        }
    }
}
