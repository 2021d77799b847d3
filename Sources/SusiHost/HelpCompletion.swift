import SusiCLI
import SusiCore

extension SusiApp {
    /// `susi help <Tab>`: the topics and the commands; further words walk
    /// the tree. The host's own provider: only it knows the whole tree.
    static let helpTopics = DynamicCompletion.provider("help-topics") { request, _ in
        var node = SusiApp.root
        for word in request.positionals {
            guard let next = node.subcommand(named: word) else { return [] }
            node = next
        }
        var candidates = node.visibleSubcommands.map { CompletionCandidate($0.name, $0.abstract) }
        if request.positionals.isEmpty {
            candidates += HelpTopics.all(root: SusiApp.root).map { CompletionCandidate($0.name, $0.abstract) }
        }
        return candidates
    }
}
