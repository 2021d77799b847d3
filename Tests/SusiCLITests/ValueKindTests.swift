import Testing
@testable import SusiCLI

@Suite("ValueKind")
struct ValueKindTests {
    @Test(arguments: [
        (ValueKind.string, "anything at all", nil),
        (.string, "", nil),
        (.integer(), "42", nil),
        (.integer(), "-42", nil),
        (.integer(), "4.2", "expected an integer"),
        (.integer(), "", "expected an integer"),
        (.integer(), " 4", "expected an integer"),
        (.integer(min: 1, max: 5), "1", nil),
        (.integer(min: 1, max: 5), "5", nil),
        (.integer(min: 1, max: 5), "0", "expected an integer from 1 to 5"),
        (.integer(min: 1, max: 5), "6", "expected an integer from 1 to 5"),
        (.integer(min: 1, max: 5), "x", "expected an integer from 1 to 5"),
        (.integer(min: 3), "2", "expected an integer of at least 3"),
        (.integer(min: 3), "3000000", nil),
        (.integer(max: 3), "4", "expected an integer of at most 3"),
        (.integer(max: 3), "-4", nil),
        (.number(), "2.5", nil),
        (.number(), "-1e3", nil),
        (.number(), "inf", "expected a number"),
        (.number(), "nan", "expected a number"),
        (.number(), "two", "expected a number"),
        (.number(min: 0, max: 1.5), "1.5", nil),
        (.number(min: 0, max: 1.5), "1.6", "expected a number from 0 to 1.5"),
        (.number(min: 0.5), "0.25", "expected a number of at least 0.5"),
        (.number(max: 2), "3", "expected a number of at most 2"),
        (.choice(["a", "b"]), "a", nil),
        (.choice(["a", "b"]), "A", "expected one of a, b"),
        (.choice(["a", "b"]), "", "expected one of a, b"),
        (.custom(name: "even", validate: { Int($0).map { $0 % 2 == 0 } == true ? nil : "expected an even number" }), "4", nil),
        (.custom(name: "even", validate: { Int($0).map { $0 % 2 == 0 } == true ? nil : "expected an even number" }), "3",
         "expected an even number"),
    ] as [(ValueKind, String, String?)])
    func problem(_ kind: ValueKind, _ raw: String, _ expected: String?) {
        #expect(kind.problem(with: raw) == expected)
    }

    @Test func summariesAndTypeNames() {
        #expect(ValueKind.string.summary == nil)
        #expect(ValueKind.integer(min: 1, max: 5).summary == "an integer from 1 to 5")
        #expect(ValueKind.number(min: 0.5, max: 2).summary == "a number from 0.5 to 2")
        #expect(ValueKind.choice(["x", "y"]).summary == "one of x, y")
        #expect(ValueKind.custom(name: "a thing", validate: { _ in nil }).summary == "a thing")
        #expect(ValueKind.string.typeName == "string")
        #expect(ValueKind.integer().typeName == "integer")
        #expect(ValueKind.number().typeName == "number")
        #expect(ValueKind.choice([]).typeName == "choice")
        #expect(ValueKind.custom(name: "url", validate: { _ in nil }).typeName == "url")
        #expect(ValueKind.choice(["x"]).allowedValues == ["x"])
        #expect(ValueKind.integer().allowedValues == nil)
    }

    @Test func optionAndArgumentDisplay() {
        #expect(OptionSpec.value("limit", short: "n", "n", "How many.").helpLabel == "-n, --limit <n>")
        #expect(OptionSpec.flag("verify", "V.", hasInversion: true).display == "--[no-]verify")
        #expect(OptionSpec.flag("json", "J.").display == "--json")
        #expect(OptionSpec.value("mode", "m", "M.", kind: .choice(["a"])).completion == .values(["a"]))
        #expect(ArgumentSpec("key", "K.").display == "<key>")
        #expect(ArgumentSpec("query", "Q.", isOptional: true, isRepeating: true).display == "[<query> ...]")
        #expect(ArgumentSpec("n", "N.", default: "1").isOptional)
    }
}
