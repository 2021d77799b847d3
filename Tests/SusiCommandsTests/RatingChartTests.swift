import SusiPorts
import Testing
import SusiCLI
import SusiCore
@testable import SusiCommands

@Suite struct RatingChartTests {
    let stars = StarRatings(oneStar: 1, twoStar: 0, threeStar: 2, fourStar: 3, fiveStar: 6)

    @Test func aTerminalInUTF8GetsBlockBars() {
        let lines = RatingChart.render(stars, bars: .blocks, width: 60)
        #expect(lines[0] == "4.1 from 12 ratings")
        #expect(lines.count == 6)
        #expect(lines[1].hasPrefix("5★ █"))
        #expect(lines[1].hasSuffix(" 6  (50%)"))
        #expect(lines[4].hasPrefix("2★ ") && lines[4].hasSuffix(" 0   (0%)"))
        #expect(!lines[4].contains("█"), "no bar for nobody")
        #expect(lines[5].hasSuffix(" 1   (8%)"))
        // Every bar line is the same width, within the terminal.
        let widths = Set(lines.dropFirst().map { TextLayout.cells($0) })
        #expect(widths.count == 1)
        #expect(widths.first! <= 60)
    }

    @Test func anotherTerminalGetsHashBars() {
        let lines = RatingChart.render(stars, bars: .ascii, width: 40)
        #expect(lines[1].hasPrefix("5  #"))
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(lines.dropFirst().allSatisfy { $0.count <= 40 })
    }

    @Test func pipedItIsPlainNumbers() {
        let lines = RatingChart.render(stars, bars: .none, width: 80)
        #expect(Array(lines.dropFirst()) == ["5\t6\t50%", "4\t3\t25%", "3\t2\t17%", "2\t0\t0%", "1\t1\t8%"])
    }

    @Test func noRatingsSaySo() {
        #expect(RatingChart.render(StarRatings(), bars: .blocks, width: 80) == ["Not rated yet"])
        #expect(RatingChart.render(StarRatings(fiveStar: 1), bars: .none, width: 80)[0] == "5.0 from 1 rating")
    }

    @Test func barsAreProportionalAndATinyShareStillShows() {
        #expect(RatingChart.bar(1, width: 10, blocks: true) == String(repeating: "█", count: 10))
        #expect(RatingChart.bar(0.5, width: 10, blocks: false) == "#####     ")
        #expect(RatingChart.bar(0.001, width: 10, blocks: true) == "▏         ")
        #expect(RatingChart.bar(0, width: 4, blocks: true) == "    ")
        #expect(RatingChart.bar(.nan, width: 4, blocks: false) == "    ")
    }

    @Test func theBarStyleFollowsTheOutputAndLocale() {
        #expect(RatingChart.Bars.for(isTTY: false, environment: ["LANG": "en_US.UTF-8"]) == .none)
        #expect(RatingChart.Bars.for(isTTY: true, environment: ["LANG": "en_US.UTF-8"]) == .blocks)
        #expect(RatingChart.Bars.for(isTTY: true, environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
        #expect(RatingChart.Bars.for(isTTY: true, environment: [:]) == .ascii)
    }
}
