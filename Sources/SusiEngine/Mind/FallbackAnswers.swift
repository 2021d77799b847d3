/// What the mind says when no skill answers; the reference marks these `"mood": "sabta"`.
public enum FallbackAnswers {
    public static let english = [
        "I don't know how to answer that yet.",
        "Sorry, I don't have an answer for that.",
        "I'm not sure what you mean. Could you say it another way?",
        "That's beyond what I know so far.",
    ]
}
