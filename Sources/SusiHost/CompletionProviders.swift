import SusiCLI
import SusiCommands
import SusiCore

/// Values for `CompletionKind.dynamic(name)`: what a shell offers after
/// `susi skills info <Tab>`. Every dynamic kind in the command tree has an
/// entry here (a test checks), and each asks the configured backend, so the
/// names are those the command will accept.
enum CompletionProviders {
    static let all: [String: @Sendable (Context) throws -> [String]] = [
        "skills": { context in
            try context.service().skills(SkillQuery(language: try context.catalogueLanguage())).map(\.ref.name)
        },
        "skill-groups": { context in try context.service().groups() },
        "help-topics": { _ in HelpTopics.all(root: SusiApp.root).map(\.name) },
        // The apps' rooms, then those the account's devices use: none without
        // a login, or on a terminal, where opening the credentials may ask for a passphrase.
        "rooms": { context in
            let token = context.canPrompt ? nil : (try? context.token()) ?? nil
            let devices = token.flatMap { try? context.service().devices(token: $0) } ?? []
            return Rooms.entries(devices: devices).map(\.name)
        },
    ]
}
