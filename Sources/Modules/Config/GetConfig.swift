import SusiCLI
import SusiCore

extension ConfigModule {
    static var getCommand: Command {
        Command(
            name: "get",
            abstract: "Print the effective value of a setting.",
            discussion: "Prints nothing (and exits 0) when the setting has no value.",
            examples: [Example("susi config get server", "Which server susi talks to.")],
            arguments: [keyArgument.spec],
            run: { invocation, context in
                let key = try knownKey(invocation)
                let settings = try context.settings()
                if context.globals.json {
                    try context.printJSON(try row(key, settings))
                } else if let value = try settings.value(key) {
                    context.stdout.line(value)
                }
            })
    }

    static func knownKey(_ invocation: Invocation) throws -> ConfigKey {
        let name = invocation.values[keyArgument]
        guard let key = ConfigKey.named(name) else {
            throw UsageError("Unknown setting '\(name)'.")
        }
        return key
    }
}
