import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiReply

extension SkillsModule {
    static let exampleArgument = ArgumentKey.optional("example", "Which example, from 1 (default 1).")

    static var tryCommand: Command {
        Command(
            name: "try",
            abstract: "Ask SUSI one of a skill's examples and show the answer.",
            discussion: """
            The Try It button of the SUSI apps' skill screen: the skill's first example (or the \
            Nth) goes to chat as if you had typed it, and the exchange joins your chat history, so \
            'susi chat thumbs up' rates the answer. 'susi skills info SKILL' lists the examples.
            """,
            examples: [
                Example("susi skills try jokes", "Ask the jokes skill's first example."),
                Example("susi skills try time 2", "Ask its second example."),
            ],
            arguments: [
                skillArgument.spec,
                exampleArgument.spec,
            ],
            run: { invocation, context in
                let service = try context.service()
                let info = try SkillResolver.resolveInfo(invocation.values[skillArgument], service: service,
                                                         language: try context.catalogueLanguage())
                let name = UntrustedText.line(info.title ?? info.ref.name)
                let examples = info.examples.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                guard !examples.isEmpty else {
                    throw CommandError(.noInput, "\(name) has no examples to try.",
                                       hint: "Ask it yourself with 'susi chat'.")
                }
                let number = try exampleNumber(invocation.values[exampleArgument], count: examples.count, name: name)
                let query = examples[number - 1]
                let reply = try ChatTurn.ask(query, service: service, context: context)
                if context.globals.json {
                    try context.printJSONLine(reply)
                    return
                }
                context.stdout.line(context.style.dim("you> ") + UntrustedText.line(query))
                context.stdout.write(ReplyRenderer(context: context).render(reply))
                if let skill = reply.answers.first?.skills.first, !skill.hasSuffix(info.ref.path) {
                    context.note(context.errorStyle.dim("(Another skill answered: \(UntrustedText.line(skill)).)"))
                }
            })
    }

    static func exampleNumber(_ text: String?, count: Int, name: String) throws -> Int {
        guard let text else { return 1 }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...count).contains(number) else {
            let choice = count == 1 ? "only one example" : "\(count) examples: pick 1 to \(count)"
            throw UsageError("\(name) has \(choice), not '\(UntrustedText.line(text))'.")
        }
        return number
    }
}
