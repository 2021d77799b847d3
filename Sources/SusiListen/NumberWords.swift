/// Numbers as they are said and as skills are written: the grammar spells
/// out the digits of skill phrases ("5 minutes" → "five minutes"), and
/// recognised text turns spoken numbers back into digits, so "set a timer
/// for five minutes" reaches the skill as "set a timer for 5 minutes".
public enum NumberWords {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// Every word the spelling uses.
    public static var vocabulary: [String] { ones + tens.filter { !$0.isEmpty } + ["hundred", "thousand"] }

    /// "5" → ["five"], "30" → ["thirty"], "1234" → ["one", "thousand", "two", "hundred", "thirty", "four"];
    /// nil for what is not a whole number below a million.
    public static func spell(_ digits: String) -> [String]? {
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = Int(digits), value < 1_000_000 else { return nil }
        if value == 0 { return ["zero"] }
        func below1000(_ n: Int) -> [String] {
            var words: [String] = []
            if n >= 100 { words += [ones[n / 100], "hundred"] }
            let rest = n % 100
            if rest >= 20 {
                words.append(tens[rest / 10])
                if rest % 10 > 0 { words.append(ones[rest % 10]) }
            } else if rest > 0 || n == 0 {
                words.append(ones[rest])
            }
            return words
        }
        return value >= 1000 ? below1000(value / 1000) + ["thousand"] + (value % 1000 > 0 ? below1000(value % 1000) : []) : below1000(value)
    }

    /// Replaces each run of number words with its digits ("roll three dice" → "roll 3 dice").
    public static func digits(in text: String) -> String {
        var output: [String] = []
        var run: [String] = []
        func flush() {
            if let value = value(of: run) { output.append(String(value)) } else { output += run }
            run = []
        }
        for word in text.split(separator: " ").map(String.init) {
            if vocabulary.contains(word) { run.append(word) } else { flush(); output.append(word) }
        }
        flush()
        return output.joined(separator: " ")
    }

    /// The value of number words said in order; nil when they are not one number.
    static func value(of words: [String]) -> Int? {
        guard !words.isEmpty else { return nil }
        var total = 0, current = 0
        var last: String?
        for word in words {
            if let one = ones.firstIndex(of: word) {
                // "five five" is two numbers, not one; "twenty five" is one.
                if let last, ones.contains(last) { return nil }
                if let last, let ten = tens.firstIndex(of: last), ten > 0, one >= 10 { return nil }
                current += one
            } else if let ten = tens.firstIndex(of: word), ten > 0 {
                if current % 100 != 0 { return nil }
                current += ten * 10
            } else if word == "hundred" {
                guard current > 0, current < 10 else { return nil }
                current *= 100
            } else if word == "thousand" {
                guard current > 0 else { return nil }
                total += current * 1000
                current = 0
            } else {
                return nil
            }
            last = word
        }
        return total + current
    }
}
