import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// The installed skills' example phrases ("what time is it") as Tab offers
/// them in `susi chat`. Read from the embedded SUSI's catalogue only, as
/// every completion provider reads local data: with a SUSI server there are
/// none (Tab never asks the network). Each phrase is made safe for the
/// terminal before it is offered, since readline prints the list itself.
public enum ExamplePhrases {
    /// The catalogue's examples in `language` and English (the languages a
    /// chat answers from), made offerable; none for a server or when the
    /// catalogue cannot be read.
    public static func local(_ context: Context, language: String) -> [String] {
        guard (try? context.server())?.isEmbedded == true, let service = try? context.service() else { return [] }
        var phrases: [String] = []
        for code in language == "en" ? ["en"] : [language, "en"] {
            guard let skills = try? service.skills(SkillQuery(language: code)) else { continue }
            phrases += skills.flatMap(\.examples)
        }
        return offerable(phrases)
    }

    /// Each phrase on one line with every control character shown as an
    /// escape (UntrustedText), a tab as a space, without the spaces around
    /// it; empty ones left out, and each once.
    public static func offerable(_ phrases: [String]) -> [String] {
        var seen = Set<String>()
        return phrases.compactMap { phrase in
            let safe = UntrustedText.line(phrase.replacingOccurrences(of: "\t", with: " ")).trimmingCharacters(in: .whitespaces)
            guard !safe.isEmpty, seen.insert(safe).inserted else { return nil }
            return safe
        }
    }

    /// The phrases that start with `typed` (ignoring case, after its leading
    /// spaces), each given as `typed` followed by the rest of the phrase: the
    /// typed part stays as typed, so every value shares it and the common
    /// prefix readline inserts never shortens the line.
    public static func matching(_ typed: String, in phrases: [String]) -> [String] {
        let lead = typed.prefix { $0 == " " }
        let body = typed.dropFirst(lead.count)
        let needle = body.lowercased()
        var seen = Set<String>()
        return phrases.compactMap { phrase in
            guard phrase.count >= body.count, phrase.prefix(body.count).lowercased() == needle else { return nil }
            let value = typed + phrase.dropFirst(body.count)
            return seen.insert(value).inserted ? value : nil
        }
    }

    /// `susi chat tell me a <Tab>` in a shell, which completes a word at a
    /// time: the next word of each phrase whose first words are `typed`
    /// (ignoring case), described by the whole phrase; each word once, in
    /// the order of `phrases`. A word a shell would have to quote (an
    /// apostrophe, a `$`) is not offered: inserted raw, it would change the
    /// command line.
    public static func nextWords(after typed: [String], in phrases: [String]) -> [CompletionCandidate] {
        let lowered = typed.map { $0.lowercased() }
        var seen = Set<String>()
        var candidates: [CompletionCandidate] = []
        for phrase in phrases {
            let words = phrase.split(separator: " ").map(String.init)
            guard words.count > lowered.count, zip(words, lowered).allSatisfy({ $0.lowercased() == $1 }) else { continue }
            let next = words[lowered.count]
            guard next.allSatisfy({ $0.isLetter || $0.isNumber || "-_.,+:@%?!".contains($0) }),
                  seen.insert(next).inserted else { continue }
            candidates.append(CompletionCandidate(next, phrase))
        }
        return candidates
    }
}
