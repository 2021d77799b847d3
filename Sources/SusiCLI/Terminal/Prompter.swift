import SusiBasics
/// Asks the user questions. The host decides whether prompting is allowed;
/// a prompter only asks.
public protocol Prompter: AnyObject, Sendable {
    func ask(_ question: String, default defaultAnswer: String?) throws -> String
    func confirm(_ question: String, default defaultAnswer: Bool) throws -> Bool
    /// Returns the index of the chosen option.
    func choose(_ question: String, options: [String], default defaultIndex: Int?) throws -> Int
}

/// Prompts on stderr (stdout stays clean for results) and reads stdin.
public final class TerminalPrompter: Prompter, @unchecked Sendable {
    private let io: IOStreams
    private let style: Style

    public init(io: IOStreams, style: Style) {
        self.io = io
        self.style = style
    }

    private func readAnswer(_ prompt: String) throws -> String {
        io.stdout.flush()
        io.stderr.write(prompt)
        io.stderr.flush()
        guard let line = try io.stdin.readLine() else {
            io.stderr.line()
            throw CommandError(.usage, "No answer: input ended.")
        }
        return line.trimmingCharacters(in: " \t\r")
    }

    public func ask(_ question: String, default defaultAnswer: String?) throws -> String {
        let suffix = defaultAnswer.map { " [\($0)]" } ?? ""
        while true {
            let answer = try readAnswer(style.bold("? ") + question + suffix + " ")
            if !answer.isEmpty { return answer }
            if let defaultAnswer { return defaultAnswer }
        }
    }

    public func confirm(_ question: String, default defaultAnswer: Bool) throws -> Bool {
        let choices = defaultAnswer ? "[Y/n]" : "[y/N]"
        while true {
            let answer = try readAnswer(style.bold("? ") + question + " \(choices) ").lowercased()
            switch answer {
            case "": return defaultAnswer
            case "y", "yes": return true
            case "n", "no": return false
            default: io.stderr.line("Please answer y or n.")
            }
        }
    }

    public func choose(_ question: String, options: [String], default defaultIndex: Int?) throws -> Int {
        io.stderr.line(style.bold("? ") + question)
        for (index, option) in options.enumerated() {
            io.stderr.line("  \(index + 1)) \(option)")
        }
        let suffix = defaultIndex.map { " [\($0 + 1)]" } ?? ""
        while true {
            let answer = try readAnswer("Choose 1-\(options.count)\(suffix): ")
            if answer.isEmpty, let defaultIndex { return defaultIndex }
            if let number = Int(answer), (1...options.count).contains(number) { return number - 1 }
            if let exact = options.firstIndex(where: { $0.lowercased() == answer.lowercased() }) { return exact }
            io.stderr.line("Please enter a number from 1 to \(options.count).")
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
