import Foundation
import SusiHost
import SusiTestKit
import Testing

/// Decision 0440: only an exact subcommand word whose arguments and options
/// are valid is a subcommand; everything else is a query. The "did you
/// mean" note only for a one-word query within edit distance 1 of one.
@Suite("susi chat: subcommand or query")
struct ChatSubcommandRuleTests {
    @Test(arguments: [["history", "of", "rome"], ["rate", "my", "joke"], ["thumbs", "sideways"]])
    func aSubcommandWordWithWhatItCannotTakeIsAQuery(_ words: [String]) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat"] + words)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
        #expect(!result.stderr.contains("Did you mean"))
        // It was asked, under the words as typed.
        let history = susi.run(["chat", "history"])
        #expect(history.stdout.contains(words.joined(separator: " ")), "\(history.stdout)")
    }

    @Test func exactSubcommandsWithValidOptionsStaySubcommands() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        _ = susi.run(["chat", "hello"])
        let history = susi.run(["chat", "history", "--limit", "1"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("hello"))
        let thumbs = susi.run(["chat", "thumbs", "up"])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        // A bad value of a valid option is still that subcommand's error.
        let limit = susi.run(["chat", "history", "--limit", "0"])
        #expect(limit.status == 64)
        #expect(limit.stderr.contains("--limit"))
        let unknown = susi.run(["chat", "history", "--of", "rome"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Usage: susi chat history"), "\(unknown.stderr)")
        #expect(!susi.run(["chat", "history"]).stdout.contains("--limit"))
    }

    @Test func theHintOnlyForAWordOneEditFromASubcommand() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let hi = susi.run(["chat", "hi"])
        #expect(hi.status == 0)
        #expect(hi.stderr.isEmpty, "\(hi.stderr)")
        let hist = susi.run(["chat", "hist"])
        #expect(!hist.stderr.contains("Did you mean"))
        let typo = susi.run(["chat", "histroy"])
        #expect(typo.stderr.contains("(Asked SUSI 'histroy'. Did you mean 'susi chat history'?)"))
        let thumb = susi.run(["chat", "thumb"])
        #expect(thumb.stderr.contains("Did you mean 'susi chat thumbs'?"))
    }
}
