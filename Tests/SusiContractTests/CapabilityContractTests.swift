import Foundation
import SusiPorts
import SusiTestSupport
import Testing

/// The sweep for "a capability one backend lacks fails a whole command"
/// (issue 38, major 1): every call a page shows as an optional part either
/// answers or says, with the `.unsupported` condition, that this backend
/// has no such call; never another failure a page would have to report.
/// Run against the embedded SUSI, `susi serve` and the reference-shaped
/// server double (its account calls: the rest it answers with Jetty's 404).
@Suite struct CapabilityContract {
    /// The calls pages use as optional parts (skills info: your stars, your
    /// bookmark, the feedback; login status: the identity).
    static func optionalParts(_ service: SusiService, token: String) -> [(String, () throws -> Void)] {
        [
            ("userRating", { _ = try service.userRating(time, token: token) }),
            ("bookmarks", { _ = try service.bookmarks(token: token) }),
            ("feedback", { _ = try service.feedback(time) }),
            ("identity", { _ = try service.identity(token: token) }),
        ]
    }

    /// Either an answer or a `.unsupported` refusal (exit 69).
    static func answersOrSaysUnsupported(_ name: String, _ backend: String, _ call: () throws -> Void,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try call()
        } catch let error as ServiceError {
            #expect(error.condition == .unsupported, "\(backend) \(name): \(error.kind) \(error.message)",
                    sourceLocation: sourceLocation)
            #expect(error.exitCode == .unavailable, sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(backend) \(name): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func everyOptionalPartAnswersOrSaysItIsUnsupported(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let token = try backend.account("ada@example.org")
            for (name, call) in Self.optionalParts(backend.service, token: token) {
                Self.answersOrSaysUnsupported(name, kind.rawValue, call)
            }
        }
    }

    /// A call a backend lacks is marked so on every backend, so a caller
    /// can tell "this backend cannot" from "this failed".
    @Test(arguments: BackendKind.allCases)
    func aMissingCallIsMarkedUnsupported(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let token = try backend.account("ada@example.org")
            switch kind {
            case .embedded:
                refused(.unavailable, backend) { try backend.service.recoverPassword(email: "ada@example.org") }
                    .map { #expect($0.condition == .unsupported) }
                refused(.unavailable, backend) { _ = try backend.service.resendVerification(email: "ada@example.org") }
                    .map { #expect($0.condition == .unsupported) }
            case .remote, .postgres:
                refused(.unavailable, backend) { _ = try backend.service.bookmarks(token: token) }
                    .map { #expect($0.condition == .unsupported) }
            }
        }
    }

    /// The reference-shaped server: the account calls the reference answers.
    @Test func theReferenceShapedServerAnswersOrSaysUnsupported() throws {
        let reference = try ReferenceAccountServer()
        defer { reference.stop() }
        reference.addAccount("ada@example.org", password: goodPassword)
        let service = try Backend.remoteService(baseURL: reference.baseURL)
        let token = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
        let parts: [(String, () throws -> Void)] = [
            ("bookmarks", { _ = try service.bookmarks(token: token) }),
            ("identity", { _ = try service.identity(token: token) }),
            ("settings", { _ = try service.settings(token: token) }),
        ]
        for (name, call) in parts { Self.answersOrSaysUnsupported(name, "reference", call) }
        // Bookmarks are refused before any request: the reference has no such call.
        #expect(!reference.requests.contains { $0.path.contains("ookmark") })
    }
}
