import SusiBasics
import SusiCore

/// What chat declares to the host: the line-editing history of `susi chat`.
extension ChatModule {
    public static func files(_ paths: Paths) -> [ReferenceEntry] {
        [ReferenceEntry(paths.chatHistoryFile, "Lines typed in an interactive 'susi chat', for line editing; mode 0600.",
                        after: Session.lockFile(paths))]
    }
}
