import SusiBasics
import SusiCore

/// What feedback declares to the host: the draft it opens in an editor.
extension FeedbackModule {
    public static func files(_ paths: Paths) -> [ReferenceEntry] {
        [ReferenceEntry(paths.cacheDirectory + "/feedback-*.txt", "The draft 'susi feedback SKILL' opens in your editor; mode 0600, removed when the editor closes.",
                        after: paths.cacheDirectory + "/completion/")]
    }
}
