import Foundation
import SusiServer
import Testing

/// `/cms/getSkillList.json` honours `model`, as the reference does: a persona
/// skill is not listed under `general`, and `model=persona` lists only it.
@Suite("susi serve: the catalogue by model")
struct CatalogueEndpointsTests {
    @Test func skillListHonoursTheModel() throws {
        let served = try ServedSUSI(skills: [
            "persona/Test/en/pirate_voice.txt": "::name Pirate voice\n\nahoy\nAhoy, matey!\n",
            "general/Test/en/plain_hello.txt": "::name Plain hello\n\nhowdy\nHowdy.\n",
        ])
        let general = try served.get("/cms/getSkillList.json?model=general&group=Test")
        #expect(general.status == 200)
        let generalNames = Set(((general.json["skills"] as? [String: Any]) ?? [:]).keys)
        #expect(generalNames == ["plain_hello"])
        #expect(general.json["model"] as? String == "general")

        let persona = try served.get("/cms/getSkillList.json?model=persona&group=Test")
        #expect(Set(((persona.json["skills"] as? [String: Any]) ?? [:]).keys) == ["pirate_voice"])
        #expect(persona.json["model"] as? String == "persona")

        // Without a model the reference's default, general: the persona is not among all groups either.
        let all = try served.get("/cms/getSkillList.json")
        let allNames = Set(((all.json["skills"] as? [String: Any]) ?? [:]).keys)
        #expect(allNames.contains("plain_hello") && !allNames.contains("pirate_voice"))
        #expect(allNames.contains("time"))
    }
}
