import Testing
@testable import SusiCLI

/// Which pager long output goes through, if any.
@Suite("Pager choice")
struct PagerTests {
    func choice(_ environment: [String: String] = [:], setting: String? = nil, disabled: Bool = false,
                isTTY: Bool = true) -> Pager.Command? {
        Pager.command(environment: environment, setting: setting, disabled: disabled, isTTY: isTTY)
    }

    @Test func theDefaultIsLessThatQuitsWhenTheTextFits() {
        #expect(choice() == Pager.Command(words: ["less", "-FRX"], source: "the default"))
    }

    @Test func susiPagerThenTheSettingThenPager() {
        let all = ["SUSI_PAGER": "most", "PAGER": "more"]
        #expect(choice(all, setting: "less -S")?.words == ["most"])
        #expect(choice(["PAGER": "more"], setting: "less -S") == Pager.Command(words: ["less", "-S"], source: "the pager setting"))
        #expect(choice(["PAGER": "more -d"]) == Pager.Command(words: ["more", "-d"], source: "PAGER"))
    }

    @Test func wordsAreSplitAtSpacesNeverByAShell() {
        #expect(choice(["SUSI_PAGER": "less  -R\t-X; rm -rf ~"])?.words == ["less", "-R", "-X;", "rm", "-rf", "~"])
    }

    @Test func catOrAnEmptyValueMeansNoPager() {
        #expect(choice(["SUSI_PAGER": "cat"]) == nil)
        #expect(choice(["SUSI_PAGER": ""]) == nil)
        #expect(choice(["PAGER": "cat"]) == nil)
        #expect(choice(setting: "cat") == nil)
    }

    @Test func neverWhenPipedOrTurnedOff() {
        #expect(choice(isTTY: false) == nil)
        #expect(choice(["SUSI_PAGER": "less"], disabled: true) == nil)
    }
}
