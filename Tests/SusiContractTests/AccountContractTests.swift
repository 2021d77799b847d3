import Foundation
import SusiCore
import Testing

@Suite struct AccountContract {
    @Test(arguments: BackendKind.allCases)
    func signUpRefusesDuplicatesAndBadInput(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            #expect(try service.isRegistered(email: "ada@example.org") == false)
            try service.signUp(email: "ada@example.org", password: goodPassword)
            #expect(try service.isRegistered(email: "ada@example.org"))
            refused(.conflict, backend) { try service.signUp(email: "ada@example.org", password: "Other-pass2") }
            // Surrounding spaces are dropped: the account is the bare address.
            try service.signUp(email: "  eve@example.org ", password: goodPassword)
            #expect(try service.isRegistered(email: "eve@example.org"))
            _ = try service.login(email: "eve@example.org", password: goodPassword, validFor: nil)
            refused(.conflict, backend) { try service.signUp(email: " ada@example.org", password: goodPassword) }

            for email in ["", "ada", "ada@example", "@example.org", "ada@.org", "ada@example.org.", "a da@example.org",
                          "ada\t@example.org", "ada@@example.org"] {
                refused(.invalidInput, backend) { try service.signUp(email: email, password: goodPassword) }
            }
            for password in ["Short-1", "no-upper-42", "NoDigits-here", "NoSymbol42x",
                             String(repeating: "Aa1-", count: 17)] {
                refused(.invalidInput, backend) { try service.signUp(email: "cy@example.org", password: password) }
            }
            // The account's own address is no password either.
            refused(.invalidInput, backend) { try service.signUp(email: "Dee-1@example.org", password: "Dee-1@example.org") }
            #expect(try service.isRegistered(email: "cy@example.org") == false)
            #expect(try service.isRegistered(email: "Dee-1@example.org") == false)
        }
    }

    @Test(arguments: BackendKind.allCases)
    func loginAndIdentity(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            try service.signUp(email: "ada@example.org", password: goodPassword)
            let grant = try service.login(email: "ada@example.org", password: goodPassword, validFor: 3600)
            #expect(grant.identity == .account("ada@example.org"))
            #expect(!grant.token.isEmpty)
            #expect(grant.expires != nil)
            #expect(try service.identity(token: grant.token) == .account("ada@example.org"))
            // Each login is its own token.
            let second = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil)
            #expect(second.token != grant.token)
            #expect(try service.identity(token: second.token) == .account("ada@example.org"))

            let wrong = refused(.forbidden, backend) {
                _ = try service.login(email: "ada@example.org", password: "Wrong-pass1", validFor: nil)
            }
            let unknown = refused(.forbidden, backend) {
                _ = try service.login(email: "nobody@example.org", password: goodPassword, validFor: nil)
            }
            // A login failure does not reveal whether the account exists.
            #expect(wrong?.message == unknown?.message)
            #expect(wrong?.message == "Invalid email or password.")
            refused(.invalidInput, backend) { _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: 0) }

            for token in [nil, "not-a-token", ""] as [String?] {
                let anonymous = try service.identity(token: token)
                #expect(anonymous.anonymous && anonymous.type == "host")
                switch kind {
                case .embedded:
                    // The embedded SUSI has one anonymous caller: this machine.
                    #expect(anonymous.name == "local")
                case .remote, .postgres:
                    // Documented difference: a server names anonymous callers by
                    // address and a hash of their headers, as the reference does.
                    #expect(anonymous.name.hasPrefix("127.0.0.1_"))
                }
            }
        }
    }

    @Test(arguments: BackendKind.allCases)
    func logoutRevokesTheToken(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let token = try backend.account("ada@example.org")
            let other = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
            #expect(try service.settings(token: token) == [:])
            try service.logout(token: token)
            #expect(try service.identity(token: token).anonymous)
            refused(.notLoggedIn, backend) { _ = try service.settings(token: token) }
            refused(.notLoggedIn, backend) { _ = try service.devices(token: token) }
            refused(.notLoggedIn, backend) { _ = try service.rate(time, stars: 3, token: token) }
            refused(.notLoggedIn, backend) { try service.postFeedback(time, text: "Hm.", token: token) }
            refused(.notLoggedIn, backend) { try service.changeSettings(["theme": "dark"], token: token) }
            // Only that login ended.
            #expect(try service.identity(token: other) == .account("ada@example.org"))
            #expect(try service.settings(token: other) == [:])
        }
    }

    @Test(arguments: BackendKind.allCases)
    func changePassword(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            let token = try backend.account("ada@example.org")
            let elsewhere = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil).token
            let newPassword = "Other-pass2"

            refused(.forbidden, backend) {
                try service.changePassword(email: "ada@example.org", current: "Wrong-pass1", new: newPassword, token: token)
            }
            refused(.invalidInput, backend) {
                try service.changePassword(email: "ada@example.org", current: goodPassword, new: goodPassword, token: token)
            }
            refused(.invalidInput, backend) {
                try service.changePassword(email: "ada@example.org", current: goodPassword, new: "weak", token: token)
            }
            refused(.notLoggedIn, backend) {
                try service.changePassword(email: "ada@example.org", current: goodPassword, new: newPassword, token: nil)
            }
            // Nothing changed so far.
            _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil)

            try service.changePassword(email: "ada@example.org", current: goodPassword, new: newPassword, token: token)
            refused(.forbidden, backend) { _ = try service.login(email: "ada@example.org", password: goodPassword, validFor: nil) }
            _ = try service.login(email: "ada@example.org", password: newPassword, validFor: nil)
            // The login that changed it stays; every other login ends.
            #expect(try service.identity(token: token) == .account("ada@example.org"))
            #expect(try service.identity(token: elsewhere).anonymous)
            refused(.notLoggedIn, backend) { _ = try service.settings(token: elsewhere) }
        }
    }

    @Test(arguments: BackendKind.allCases)
    func passwordRecoveryCannotSendMail(_ kind: BackendKind) throws {
        try Backend.with(kind) { backend in
            let service = backend.service
            try service.signUp(email: "ada@example.org", password: goodPassword)
            refused(.unavailable, backend) { try service.recoverPassword(email: "ada@example.org") }
            // The same for an account that does not exist: recovery tells no accounts apart.
            refused(.unavailable, backend) { try service.recoverPassword(email: "nobody@example.org") }
        }
    }
}
