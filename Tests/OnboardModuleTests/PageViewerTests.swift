import SusiBasics
import Testing
import SusiCLI
@testable import OnboardModule

/// The pages' keys, indicator and layout.
@Suite("Onboarding pages")
struct PageViewerTests {
    @Test func keysAsBytes() {
        for next: [UInt8] in [[110], [78], [13], [10], [27, 91, 67], [27, 79, 67]] { #expect(PageViewer.key(forBytes: next) == .next) }
        for back: [UInt8] in [[112], [80], [27, 91, 68], [27, 79, 68]] { #expect(PageViewer.key(forBytes: back) == .back) }
        #expect(PageViewer.key(forBytes: [115]) == .skip)
        for quit: [UInt8] in [[113], [81]] { #expect(PageViewer.key(forBytes: quit) == .quit) }
        for interrupt: [UInt8] in [[3], [4]] { #expect(PageViewer.key(forBytes: interrupt) == .interrupt) }
        for other: [UInt8] in [[27], [27, 91, 65], [120], [9]] { #expect(PageViewer.key(forBytes: other) == .other) }
    }

    @Test func keysAsLines() {
        #expect(PageViewer.key(forLine: "") == .next)
        #expect(PageViewer.key(forLine: " N ") == .next)
        #expect(PageViewer.key(forLine: "p") == .back)
        #expect(PageViewer.key(forLine: "skip") == .skip)
        #expect(PageViewer.key(forLine: "Q") == .quit)
        #expect(PageViewer.key(forLine: "what") == .other)
    }

    @Test func theIndicatorHasAnASCIIFallback() {
        #expect(IntroPage.indicator(0, count: 4, utf8: true) == "● ○ ○ ○")
        #expect(IntroPage.indicator(2, count: 4, utf8: true) == "○ ○ ● ○")
        #expect(IntroPage.indicator(3, count: 4, utf8: false) == "( ) ( ) ( ) (*)")
        #expect(!IntroPage.screen(1, width: 80, utf8: false, style: Style(enabled: false)).unicodeScalars.contains { $0.value > 127 })
    }

    @Test func everyPageFits80By24() {
        for utf8 in [true, false] {
            for index in IntroPage.all.indices {
                let screen = IntroPage.screen(index, width: 200, utf8: utf8, style: Style(enabled: false))
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count <= 24)
                for line in lines { #expect(TextLayout.cells(String(line)) <= 80, "\(line)") }
                #expect(screen.contains(IntroPage.all[index].title))
                #expect(screen.contains("Try:  " + IntroPage.all[index].command))
            }
        }
        #expect(IntroPage.all.map(\.title) == ["Login", "Chat Interface", "Skill Listing", "Chat Settings"])
    }
}
