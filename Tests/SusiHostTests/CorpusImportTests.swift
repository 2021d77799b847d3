import Foundation
import SusiHost
import SusiTestKit
import Testing

/// The whole public skill corpus imported into the embedded SUSI: the bundled
/// answers and the conversation memory must still work beside 58,000 intents.
@Suite("The bundled skills after importing the public corpus")
struct CorpusImportTests {
    @Test("bundled answers and memory survive a corpus import", .enabled(if: SharedData.isAvailable, SharedData.skipNote))
    func bundledAnswersSurviveTheCorpus() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("susi-corpus-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let susi = InProcess(home: home.path)
        let imported = susi.run(["--json", "skills", "import", SharedData.corpus.path])
        #expect(imported.status == 0, "\(imported.stderr.suffix(500))")
        #expect(imported.stdout.contains("\"skills\" : "))

        let session = susi.session()
        func ask(_ query: String) -> (text: String, json: String) {
            let json = session.run(["--json", "chat", "--", query])
            let reply = (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [String: Any]
            let actions = ((reply?["answers"] as? [[String: Any]])?.first?["actions"] as? [[String: Any]]) ?? []
            let text = actions.compactMap { $0["type"] as? String == "answer" ? $0["expression"] as? String : nil }
                .joined(separator: "\n")
            return (text, json.stdout)
        }
        func skill(_ json: String) -> String {
            let reply = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            return ((reply?["answers"] as? [[String: Any]])?.first?["skills"] as? [String])?.first ?? ""
        }

        let hello = ask("hello")
        #expect(skill(hello.json).hasSuffix("Communication/en/greetings.txt"), "\(hello.text)")
        let help = ask("what can you do")
        #expect(help.text.hasPrefix("I can chat, tell the time and date"), "\(help.text)")
        let name = ask("my name is ada")
        #expect(name.text == "Nice to meet you, ada!")
        let recalled = ask("what is my name")
        #expect(recalled.text == "Your name is ada.")
        let joke = ask("tell me a joke")
        #expect(skill(joke.json).hasSuffix("Novelty and Humour/en/jokes.txt"), "\(joke.text)")
        #expect(ask("what is 2+2").text == "2+2 = 4")
        #expect(ask("2+2").text == "2+2 = 4")
        #expect(ask("what's 2 plus 2").text == "2 plus 2 = 4")
        #expect(ask("calculate 1/0").text == "I cannot divide by zero (1/0).")
        #expect(ask("play music").text.hasPrefix("I cannot play music myself."))
        #expect(ask("my favourite colour is green").text == "I will remember that your favourite colour is green.")
        #expect(ask("what is my favourite colour").text == "Your favourite colour is green.")
        for query in ["hello", "what can you do", "my name is bob", "who are you", "set volume to 30"] {
            let reply = ask(query)
            #expect(!reply.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(query)")
            #expect(!reply.json.contains("$1$"), "\(query): \(reply.json)")
        }
    }
}
