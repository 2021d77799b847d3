/// The words the fuzzy stage compares (issue 31): stems, mapped through a small
/// synonym table the engine owns, with function words left out of the score.
enum FuzzyWords {
    /// Words that carry no topic: they may line up with a pattern but count for nothing.
    static let stopwords: Set<String> = [
        "a", "an", "the", "is", "are", "am", "was", "were", "be", "been", "being", "do", "does", "did", "to", "of",
        "for", "in", "on", "at", "by", "with", "from", "into", "about", "it", "its", "this", "that", "these", "those",
        "what", "which", "who", "whom", "how", "when", "where", "why", "can", "could", "would", "will", "shall",
        "should", "may", "might", "must", "me", "my", "mine", "i", "you", "your", "yours", "we", "us", "our", "he",
        "she", "they", "them", "their", "him", "her", "please", "tell", "give", "show", "let", "some", "any", "and",
        "or", "so", "just", "there", "here", "now", "kindly", "hey", "ok", "okay", "susi", "want", "like", "know",
        "get", "got", "have", "has", "had", "one", "up", "out", "if", "then", "than", "too", "very", "really", "again",
        "right", "say", "said", "not", "no", "yes", "all", "much", "many", "lot", "well", "also", "go", "going",
        "make", "need", "bit", "little", "thing", "something", "hear", "exactly", "actually", "anyway", "even",
        "currently", "possibly", "maybe", "perhaps", "quite", "kind", "sort", "keep", "feel", "feeling", "basically",
        "honestly", "literally", "simply", "truly", "good", "great",
    ]

    /// Groups of words people use for the same thing; each maps to the group's first word.
    static let groups: [[String]] = [
        ["flip", "toss", "spin", "flick"],
        ["roll", "throw", "cast"],
        ["dice", "die"],
        ["date", "day", "weekday", "week"],
        ["time", "clock", "hour"],
        ["joke", "funny", "laugh", "humor", "humour", "pun"],
        ["timer", "countdown", "alarm", "remind", "reminder"],
        ["set", "start", "create"],
        ["random", "randomly", "arbitrary"],
        ["pick", "choose", "select", "generate"],
        ["calculate", "compute", "calculation", "sum", "math", "maths", "arithmetic", "add", "plus", "times",
         "minus", "divided", "multiply", "multiplied", "subtract"],
        ["weather", "forecast", "climate"],
        ["temperature", "cold", "hot", "warm", "degree"],
        ["rain", "raining", "rainy", "umbrella", "shower"],
        ["hello", "hi", "hey", "greeting", "howdy", "hiya"],
        ["goodbye", "bye", "farewell", "later", "cya"],
        ["thank", "thanks", "thx", "cheers"],
        ["help", "assist", "assistance", "able", "capable", "ability", "abilities", "skill", "skills", "feature"],
        ["riddle", "puzzle", "brainteaser", "conundrum"],
        ["compliment", "nice", "flatter", "praise", "cheer"],
        ["bored", "boring", "boredom"],
        ["tired", "sleepy", "exhausted", "weary", "drained", "energy"],
        ["focus", "concentrate", "concentration", "distracted", "procrastinate", "procrastinating", "procrastination",
         "motivate", "motivation", "motivated", "unmotivated", "productive", "productivity"],
        ["stop", "halt", "quiet", "silence", "shush"],
        ["pause", "hold"],
        ["resume", "continue", "unpause"],
        ["next", "skip", "forward"],
        ["previous", "back", "prior", "last"],
        ["song", "track", "tune", "music", "playback"],
        ["volume", "loudness", "sound", "loud", "louder", "quieter", "softer"],
        ["mute", "unmute"],
        ["planet", "planets"],
        ["largest", "biggest", "big", "large", "huge"],
        ["source", "code", "repository", "repo", "github"],
        ["make", "made", "build", "built", "create", "created", "creator", "develop", "developer", "developed"],
        ["write", "wrote", "written", "writer", "author"],
        ["name", "called", "call"],
        ["colour", "color"],
        ["favourite", "favorite", "fave"],
        ["remember", "recall", "memorize", "memorise"],
        ["minute", "min", "mins"],
        ["second", "sec", "secs"],
        ["number", "integer", "digit"],
        ["coin", "penny", "quarter"],
        ["play", "game"],
        ["map", "location"],
        ["say", "speak", "translate", "word"],
        ["yourself", "you"],
        ["tallest", "highest"],
        ["fast", "speed", "quick", "quickly"],
    ]

    private static let table: [String: String] = {
        var t: [String: String] = [:]
        for group in groups {
            let head = group[0]
            for word in group where t[word] == nil { t[word] = head }
        }
        return t
    }()

    /// A function word, also when inflected ("getting", "wants").
    static func isStopword(_ word: String) -> Bool { stopwords.contains(word) || stopwords.contains(stem(word)) }

    static let questionWords: Set<String> = ["what", "when", "where", "who", "why", "how", "which"]

    /// Prepositions people swap freely before a number ("remind me in 10 minutes",
    /// "countdown from 2 minutes" for "timer for * minutes"): in the line-up one stands
    /// for another when a number follows, weighing nothing, so the wildcard after it
    /// stays anchored. Not before other words: "the weather on mars" is not "in mars".
    static let prepositions: Set<String> = ["for", "in", "from", "at", "on", "within", "after", "of"]

    static func isQuestionWord(_ word: String) -> Bool { questionWords.contains(word) }

    /// The comparison form of a word: apostrophes and possessives gone, the synonym
    /// table's head, else the stem (and the head of the stem's group).
    static func canonical(_ word: String) -> String {
        var w = word
        if w.utf8.contains(where: { $0 >= 0x80 }) { w = w.replacingOccurrences(of: "\u{2019}", with: "'") }
        if w.hasSuffix("'s") { w.removeLast(2) }
        if w.utf8.contains(where: { $0 == 0x27 || $0 == 0x3F || $0 == 0x21 || $0 == 0x2E || $0 == 0x2C || $0 == 0x22 }) {
            w = w.filter { $0 != "'" && $0 != "?" && $0 != "!" && $0 != "." && $0 != "," && $0 != "\"" }
        }
        if let head = table[w] { return head }
        let s = stem(w)
        return table[s] ?? s
    }

    /// A light suffix stripper (plural, -ing, -ed, -ly), enough for short commands.
    static func stem(_ w: String) -> String {
        guard w.count > 3, w.allSatisfy({ $0.isLetter }) else { return w }
        func drop(_ n: Int) -> String { String(w.dropLast(n)) }
        if w.hasSuffix("ies"), w.count > 4 { return drop(3) + "y" }
        if w.hasSuffix("sses") { return drop(2) }
        if w.hasSuffix("ing"), w.count > 5 {
            let base = drop(3)
            if let last = base.last, let prev = base.dropLast().last, last == prev, !"lsz".contains(last) {
                return String(base.dropLast())
            }
            return base
        }
        if w.hasSuffix("ed"), w.count > 4 { return drop(2) }
        if w.hasSuffix("ly"), w.count > 4 { return drop(2) }
        if w.hasSuffix("es"), w.count > 4, ["sh", "ch", "x", "s", "z"].contains(where: { drop(2).hasSuffix($0) }) { return drop(2) }
        if w.hasSuffix("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is") { return drop(1) }
        return w
    }
}
