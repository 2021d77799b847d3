import Testing
@testable import SusiListen

@Suite("Number words")
struct NumberWordsTests {
    @Test func digitsAreSpelledAsSaid() {
        #expect(NumberWords.spell("5") == ["five"])
        #expect(NumberWords.spell("30") == ["thirty"])
        #expect(NumberWords.spell("12") == ["twelve"])
        #expect(NumberWords.spell("105") == ["one", "hundred", "five"])
        #expect(NumberWords.spell("1234") == ["one", "thousand", "two", "hundred", "thirty", "four"])
        #expect(NumberWords.spell("0") == ["zero"])
        #expect(NumberWords.spell("d20") == nil)
        #expect(NumberWords.spell("1000000") == nil)
    }

    @Test func spokenNumbersBecomeDigits() {
        #expect(NumberWords.digits(in: "set a timer for five minutes") == "set a timer for 5 minutes")
        #expect(NumberWords.digits(in: "roll twenty five dice") == "roll 25 dice")
        #expect(NumberWords.digits(in: "one hundred and five") == "100 and 5")
        // Two numbers in a row are not one number: left as said.
        #expect(NumberWords.digits(in: "five five") == "five five")
        #expect(NumberWords.digits(in: "tell me a joke") == "tell me a joke")
    }
}
