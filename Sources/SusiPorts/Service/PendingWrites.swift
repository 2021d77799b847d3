/// A backend that may hold writes in memory for a moment before they are
/// stored (`susi serve`'s group commit, see `GroupCommit` in SusiLocal).
/// Whoever stops using such a backend finishes it, so a clean stop loses
/// nothing.
public protocol PendingWrites: AnyObject {
    /// Stores every write handed over so far, waits for it, and stops
    /// taking more (later chats are refused); throws the storage error when
    /// that last commit fails. Calling it again does nothing more.
    func finishPendingWrites() throws
}
