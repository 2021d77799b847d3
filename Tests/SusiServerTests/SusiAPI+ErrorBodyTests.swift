import Foundation
import SusiServer
import Testing

/// Error bodies are read by other clients (the apps, susi_python): they carry
/// the message and the session envelope, never susi's command-line advice.
@Suite("susi serve: error bodies without susi CLI hints")
struct SusiAPIErrorBodyTests {
    @Test func aStaleTokenIsRefusedWithoutCLIAdvice() throws {
        let served = try ServedSUSI()
        let response = try served.get("/aaa/listUserSettings.json?access_token=abcdefghijklmnopqrstuvwxyz0123")
        #expect(response.status == 401)
        #expect(response.json["accepted"] as? Bool == false)
        #expect(!((response.json["message"] as? String) ?? "").isEmpty)
        #expect(response.json["hint"] == nil)
        #expect(!response.text.contains("susi "))
        #expect(!response.text.contains("susi login"))
    }

    @Test func anUnknownSkillIsRefusedWithoutCLIAdvice() throws {
        let served = try ServedSUSI()
        let response = try served.get("/cms/rateSkill.json?model=general&group=Knowledge&language=en&skill=no_such_skill&rating=positive")
        #expect(response.status == 404)
        #expect(((response.json["message"] as? String) ?? "").contains("no_such_skill"))
        #expect(response.json["hint"] == nil)
        #expect(!response.text.contains("susi skills"))
    }
}
