/// The second try at matching (issue 31): a normalised query said the way skill
/// authors write patterns. Runs only when the query as typed matched no pattern
/// (or only a catch-all), so nothing the reference server answers changes.
/// Works on the `Normalizer` form (lower case, single spaces, no final `?!.:`).
enum QueryRewriter {
    /// The forms to try, most faithful first, without the query itself and without repeats:
    /// contractions and filler; then number words as digits; then plurals after numbers;
    /// then digits as words.
    static func variants(of normalized: String) -> [String] {
        let plain = dropFiller(rephrase(expandContractions(stripCommas(normalized))))
        let digits = wordsToDigits(plain)
        var out: [String] = []
        for v in [plain, digits, matchPlurals(digits), digitsToWords(plain), matchPlurals(plain)]
        where v != normalized && !v.isEmpty && !out.contains(v) {
            out.append(v)
        }
        return out
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// Commas left inside the text (the normaliser keeps `.` and `;` too) and a leading "so,".
    private static func stripCommas(_ text: String) -> String {
        words(text.replacingOccurrences(of: ",", with: " ")).joined(separator: " ")
    }

    static let contractions: [String: String] = [
        "what's": "what is", "whats": "what is", "what're": "what are", "where's": "where is", "wheres": "where is",
        "who's": "who is", "whos": "who is", "how's": "how is", "hows": "how is", "when's": "when is",
        "that's": "that is", "there's": "there is", "it's": "it is", "here's": "here is",
        "let's": "let us", "lets": "let us", "i'm": "i am", "im": "i am", "i've": "i have", "i'll": "i will",
        "i'd": "i would", "you're": "you are", "youre": "you are", "you've": "you have", "you'll": "you will",
        "we're": "we are", "they're": "they are", "he's": "he is", "she's": "she is",
        "can't": "cannot", "cant": "cannot", "won't": "will not", "don't": "do not", "dont": "do not",
        "doesn't": "does not", "didn't": "did not", "isn't": "is not", "aren't": "are not", "wasn't": "was not",
        "shouldn't": "should not", "wouldn't": "would not", "couldn't": "could not", "haven't": "have not",
        "gimme": "give me", "wanna": "want to", "gonna": "going to", "whatcha": "what are you",
        "todays": "today's",
    ]

    /// "what's" → "what is", "i'm" → "i am", "let's" → "let us" (typographic apostrophes too).
    static func expandContractions(_ text: String) -> String {
        let text = text.utf8.contains(where: { $0 >= 0x80 }) ? text.replacingOccurrences(of: "\u{2019}", with: "'") : text
        var out: [String] = []
        for w in words(text) {
            out.append(contractions[w] ?? w)
        }
        return out.joined(separator: " ")
    }

    /// Phrases said another way, as skill authors write them: whole words, the first found
    /// at each place wins.
    static let phrases: [(from: [String], to: [String])] = [
        (["i", "am", "called"], ["my", "name", "is"]),
        (["work", "out"], ["calculate"]), (["figure", "out"], ["calculate"]),
        (["what", "kind", "of"], ["what"]), (["what", "sort", "of"], ["what"]), (["what", "type", "of"], ["what"]),
        // Decision 0460: asking whether SUSI remembers something of yours asks what it is.
        (["do", "you", "remember", "my"], ["what", "is", "my"]), (["do", "you", "know", "my"], ["what", "is", "my"]),
    ]

    /// "i am called ada" → "my name is ada", "work out 3 * 4" → "calculate 3 * 4".
    static func rephrase(_ text: String) -> String {
        let w = words(text)
        var out: [String] = []
        var i = 0
        outer: while i < w.count {
            for p in phrases where i + p.from.count <= w.count && Array(w[i..<(i + p.from.count)]) == p.from {
                out += p.to
                i += p.from.count
                continue outer
            }
            out.append(w[i])
            i += 1
        }
        return out.joined(separator: " ")
    }

    /// Words that only stress or soften, dropped wherever they stand ("what exactly are
    /// you", "can you please just flip a coin").
    static let softeners: Set<String> = ["please", "exactly", "actually", "really", "just", "basically", "kindly"]

    /// Filler at the start, each tried again after another is removed.
    static let leadingFiller: [[String]] = [
        ["hey", "susi"], ["hi", "susi"], ["ok", "susi"], ["okay", "susi"], ["susi"], ["please"], ["kindly"],
        ["can", "you", "please"], ["could", "you", "please"], ["would", "you", "please"], ["will", "you", "please"],
        ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["would", "you", "kindly"],
        ["i", "want", "you", "to"], ["i", "would", "like", "you", "to"], ["i", "want", "to"], ["i", "would", "like", "to"],
        ["i", "need", "you", "to"], ["i", "wanna"], ["can", "i"], ["could", "i"], ["may", "i"],
        ["do", "me", "a", "favour", "and"], ["do", "me", "a", "favor", "and"], ["just"], ["so"], ["well"],
        ["remember", "that"], ["note", "that"],
        ["um"], ["uh"], ["ok"], ["okay"], ["go", "ahead", "and"], ["quickly"],
    ]
    /// Filler at the end.
    static let trailingFiller: [[String]] = [
        ["please"], ["for", "me"], ["for", "me", "please"], ["now"], ["right", "now"], ["susi"], ["thanks"],
        ["thank", "you"], ["exactly"], ["actually"], ["if", "you", "can"], ["if", "you", "could"], ["if", "you", "would"], ["quickly"], ["again"],
    ]

    /// Politeness and filler at either end ("can you", "please", "for me", "now", "susi"),
    /// and softeners ("please", "exactly", "just") anywhere. A query that is nothing but
    /// filler stays as it is.
    static func dropFiller(_ text: String) -> String {
        var w = words(text).filter { !softeners.contains($0) }
        if w.isEmpty { return text }
        var changed = true
        while changed && w.count > 1 {
            changed = false
            for f in leadingFiller where f.count < w.count && Array(w.prefix(f.count)) == f {
                w.removeFirst(f.count)
                changed = true
                break
            }
            for f in trailingFiller where f.count < w.count && Array(w.suffix(f.count)) == f {
                w.removeLast(f.count)
                changed = true
                break
            }
        }
        return w.joined(separator: " ")
    }

    static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Int] = ["hundred": 100, "thousand": 1000, "million": 1_000_000]
    static let spelled: [Int: String] = {
        var m: [Int: String] = [:]
        for (w, n) in units { m[n] = w }
        for (w, n) in tens { m[n] = w }
        return m
    }()

    /// "ten" → "10", "twenty five" → "25", "a hundred and five" → "105", "one" → "1".
    /// "a"/"an" counts as one only before a scale word ("a hundred", "a thousand").
    static func wordsToDigits(_ text: String) -> String {
        let w = words(text)
        var out: [String] = []
        var i = 0
        while i < w.count {
            var j = i
            var total = 0, current = 0
            var seen = false
            while j < w.count {
                let word = w[j]
                let low = current % 100
                if let u = units[word], current == 0 || low == 0 || (low >= 20 && low % 10 == 0 && u < 10) {
                    current += u; seen = true
                } else if let t = tens[word], low == 0 {
                    current += t; seen = true
                } else if let s = scales[word], seen {
                    if s == 100 { current = max(current, 1) * 100 } else { total += max(current, 1) * s; current = 0 }
                } else if (word == "a" || word == "an"), !seen, j + 1 < w.count, scales[w[j + 1]] != nil {
                    current = 1; seen = true
                } else if word == "and", seen, current > 0, low == 0, j + 1 < w.count, units[w[j + 1]] != nil || tens[w[j + 1]] != nil {
                    // "a hundred and five"
                } else if let hyphen = word.firstIndex(of: "-"), current == 0,
                          let t = tens[String(word[..<hyphen])], let u = units[String(word[word.index(after: hyphen)...])], u < 10 {
                    current = t + u; seen = true  // "twenty-five"
                } else {
                    break
                }
                j += 1
            }
            if seen {
                out.append(String(total + current))
                i = j
            } else {
                out.append(w[i])
                i += 1
            }
        }
        return out.joined(separator: " ")
    }

    /// "2" → "two", up to nineteen (the numbers patterns spell out: "roll two dice").
    static func digitsToWords(_ text: String) -> String {
        words(text).map { w in
            guard let n = Int(w), n >= 0, n < 20, String(n) == w else { return w }
            return spelled[n] ?? w
        }.joined(separator: " ")
    }

    static let plural: [String: String] = [
        "die": "dice", "minute": "minutes", "second": "seconds", "hour": "hours", "day": "days", "week": "weeks",
        "coin": "coins", "number": "numbers", "time": "times", "joke": "jokes", "riddle": "riddles", "sec": "seconds",
        "min": "minutes", "mins": "minutes", "secs": "seconds", "hr": "hours", "hrs": "hours",
    ]

    /// After a number, the noun in the plural the patterns use: "1 minute" → "1 minutes",
    /// "1 die" → "1 dice" (patterns say "* minutes", "* dice").
    static func matchPlurals(_ text: String) -> String {
        var w = words(text)
        for k in w.indices.dropFirst() where Int(w[k - 1]) != nil {
            if let p = plural[w[k]] { w[k] = p }
        }
        return w.joined(separator: " ")
    }
}
