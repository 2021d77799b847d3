import Testing
import SusiCLI

/// Arguments read through typed keys (no `@_spi(Parsing)` here: this is
/// how a command module reads them).
@Suite("ArgumentKey")
struct ArgumentKeyTests {
    static let skills = DynamicCompletion("skills") { (_: CompletionRequest, _: Void) in [CompletionCandidate("weather")] }
    static let skill = ArgumentKey.required("skill", "The skill.", completion: .dynamic(skills))
    static let stars = ArgumentKey.optional("stars", "1 to 5.", default: "5")
    static let words = ArgumentKey.repeating("words", "Words.")
    static let text = ArgumentKey.repeating("text", "Text.", isOptional: false)

    static func parse(_ arguments: [ArgumentSpec], _ argv: [String]) throws(ParseError) -> ParsedValues {
        let spec = CommandSpec<Void>(name: "t", abstract: "T.", arguments: arguments)
        return try Parser(root: spec, globalOptions: [], environment: [:]).parse(argv).invocation.values
    }

    @Test func aKeysSpecIsTheArgumentItDeclares() {
        #expect(Self.skill.spec.name == "skill")
        #expect(!Self.skill.spec.isOptional && !Self.skill.spec.isRepeating)
        #expect(Self.skill.spec.completion == .dynamic(Self.skills))
        #expect(Self.stars.spec.isOptional && Self.stars.spec.defaultValue == "5")
        #expect(Self.words.spec.isOptional && Self.words.spec.isRepeating)
        #expect(!Self.text.spec.isOptional && Self.text.spec.isRepeating)
        #expect(Self.words.spec.display == "[<words> ...]" && Self.text.spec.display == "<text> ...")
    }

    @Test func valuesReadBackTyped() throws {
        let given = try Self.parse([Self.skill.spec, Self.stars.spec], ["weather", "4"])
        let skill: String = given[Self.skill]
        #expect(skill == "weather")
        #expect(given[Self.stars] == "4")
        #expect(try Self.parse([Self.skill.spec, Self.stars.spec], ["weather"])[Self.stars] == "5", "the default")
        #expect(try Self.parse([Self.words.spec], [])[Self.words] == [])
        #expect(try Self.parse([Self.words.spec], ["a", "b", "-"])[Self.words] == ["a", "b", "-"])
    }

    @Test func theParserRefusesALineWithoutARequiredArgument() {
        for (arguments, argv) in [([Self.skill.spec], [String]()), ([Self.text.spec], [])] {
            #expect(throws: ParseError.self) { try Self.parse(arguments, argv) }
        }
    }
}
