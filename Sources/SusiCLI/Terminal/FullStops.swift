/// A message built from other messages ("Cannot read the session file: " +
/// a message that ends in a full stop, + "."), shown with one full stop
/// where the pieces put two: "(uid 65534).." → "(uid 65534).". An ellipsis
/// ("...") is left alone. Applied where messages reach the terminal (errors,
/// warnings, notes), so every composed message is covered.
public enum FullStops {
    public static func collapsed(_ text: String) -> String {
        guard text.contains("..") else { return text }
        var out = ""
        out.reserveCapacity(text.count)
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index] == "." else {
                out.append(characters[index])
                index += 1
                continue
            }
            var run = 0
            while index + run < characters.count, characters[index + run] == "." { run += 1 }
            let next = index + run < characters.count ? characters[index + run] : nil
            // Exactly two, at the end of a sentence: one.
            if run == 2, next == nil || next!.isWhitespace || next == "\"" || next == "'" || next == ")" {
                out.append(".")
            } else {
                out.append(String(repeating: ".", count: run))
            }
            index += run
        }
        return out
    }
}
