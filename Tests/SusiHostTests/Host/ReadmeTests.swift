import Foundation
import SusiTestKit
import Testing
import SusiCLI
import SusiCore
@testable import SusiHost

/// The README promises only what exists: every `susi …` command line in it
/// (in a code block or in inline code) parses against the real command
/// tree, and its settings table names exactly the settings susi has.
@Suite("README")
struct ReadmeTests {
    static let readme = (try? String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)) ?? ""

    /// Shell words of one command line, with quotes removed; a word of only
    /// an operator (`|`, `>`, `;`, `&&`) is kept as a separator, and an
    /// unquoted `#` ends the line.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        func finish() {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        }
        for character in line {
            if escaped { current.append(character); escaped = false; continue }
            if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case "\\": escaped = true; inWord = true
            case " ", "\t": finish()
            case "#" where !inWord: return words
            case "|", ">", "<", ";", "&":
                finish()
                words.append(String(character))
            default: current.append(character); inWord = true
            }
        }
        finish()
        return words
    }

    /// Every `susi …` command the README shows, as argv without "susi".
    static var commands: [(text: String, argv: [String], inline: Bool)] {
        var lines: [(String, Bool)] = []
        var inShellBlock = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && line.hasPrefix("```sh")
                continue
            }
            if inShellBlock {
                lines.append((line, false))
            } else {
                // Inline code such as `susi help files`; templates with
                // placeholders (`susi serve [--host …]`, `susi NAME ...`) are not commands.
                var rest = Substring(line)
                while let open = rest.firstIndex(of: "`") {
                    let after = rest[rest.index(after: open)...]
                    guard let close = after.firstIndex(of: "`") else { break }
                    let span = String(after[..<close])
                    // A log line quoted in the text (`susi serve: N lines dropped`) is no command either.
                    if span.hasPrefix("susi "), !span.contains("["), !span.contains("..."), !span.contains("NAME"),
                       words(span).dropFirst().first?.hasSuffix(":") == false {
                        lines.append((span, true))
                    }
                    rest = after[after.index(after: close)...]
                }
            }
        }
        var commands: [(String, [String], Bool)] = []
        for (line, inline) in lines {
            // Each segment of a pipeline or list that runs susi.
            var segment: [String] = []
            for word in words(line) + [";"] {
                if ["|", ">", "<", ";", "&"].contains(word) {
                    if segment.first == "susi" { commands.append((line, Array(segment.dropFirst()), inline)) }
                    segment = []
                    if word == ">" || word == "<" { segment = ["redirect"] }
                } else if segment != ["redirect"] {
                    segment.append(word)
                } else {
                    segment = ["redirected"]
                }
            }
        }
        return commands
    }

    @Test("the README is there and shows many susi commands")
    func readmeIsRead() {
        #expect(!Self.readme.isEmpty, "README.md not found at \(packageRoot)")
        #expect(Self.commands.count > 60, "found only \(Self.commands.count) commands")
    }

    @Test("the shell-word splitter keeps quotes, pipes and comments apart")
    func splitter() {
        #expect(Self.words(#"susi chat "tell me a joke"   # one question"#) == ["susi", "chat", "tell me a joke"])
        #expect(Self.words(#"printf 'a\nb' | susi chat --json"#) == ["printf", #"a\nb"#, "|", "susi", "chat", "--json"])
        #expect(Self.words("susi completion bash > ~/x") == ["susi", "completion", "bash", ">", "~/x"])
    }

    @Test("every susi command line in the README parses against the command tree")
    func everyCommandParses() {
        let program = SusiApp.program
        let parser = Parser(root: program.root, globalOptions: program.globalOptions, environment: [:])
        var failures: [String] = []
        for (text, argv, inline) in Self.commands {
            do {
                _ = try parser.parse(argv)
            } catch {
                // Prose may name a command without its arguments (`susi skills import` treats ...).
                if inline, error.usage.message.hasPrefix("Missing expected argument") { continue }
                failures.append("\(text)\n    -> \(error.usage.message)")
            }
        }
        #expect(failures.isEmpty, "README commands that susi does not accept:\n\(failures.joined(separator: "\n"))")
    }

    /// Every shared setting and no setting susi lacks, in susi's order. A
    /// module's own setting may be left out (`susi config --help` and the
    /// man pages, generated, list it), so a new module needs no README edit.
    @Test("the README's settings table lists exactly the settings susi has, in order")
    func settingsTable() {
        var inTable = false
        var keys: [String] = []
        for line in Self.readme.components(separatedBy: "\n") {
            if line.hasPrefix("| key | default | accepts |") { inTable = true; continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { if !keys.isEmpty { break } else { continue } }
            let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if cell.hasPrefix("`"), cell.hasSuffix("`") { keys.append(String(cell.dropFirst().dropLast())) }
        }
        let shared = Set(ConfigKey.shared.map(\.name))
        #expect(keys == SusiApp.settings.map(\.name).filter { shared.contains($0) || keys.contains($0) })
    }

    @Test("the README counts the bundled skills and their groups right")
    func bundledSkillCount() throws {
        let models = packageRoot + "/Sources/SusiSkills/models"
        let files = (FileManager.default.subpaths(atPath: models) ?? []).filter { $0.hasSuffix(".txt") }
        // models/<model>/<group>/<language>/<skill>.txt
        let groups = Set(files.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count == 4 ? String(parts[1]) : nil
        })
        #expect(files.count > 0, "no bundled skills under \(models)")
        let claim = "\(files.count) skills in \(groups.count) groups ship with susi"
        let prose = Self.readme.replacingOccurrences(of: "\n", with: " ")
        #expect(prose.contains(claim), "README should say '\(claim)'")
    }
}
