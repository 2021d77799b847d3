/// An attempt to answer a request on a thread that other connections share
/// (`susi serve` answers a chat on libmicrohttpd's thread). Work that may
/// take long (a console fetch over the network) must not run there: it
/// calls `leaveIfInline()`, which marks the attempt abandoned and throws,
/// and the service calls `checkNotAbandoned()` before its first write, so
/// an abandoned attempt has changed nothing and the request is answered
/// again, from the start, on a thread of its own.
///
/// Confined to the one thread that runs the attempt.
public final class InlineAttempt: @unchecked Sendable {
    /// The attempt the current thread is running, if any.
    @TaskLocal public static var current: InlineAttempt?

    /// Something slow was wanted: the answer so far must be thrown away.
    public private(set) var abandoned = false

    public init() {}

    /// What abandons an inline attempt; never reaches a client.
    public struct Abandoned: Error, CustomStringConvertible {
        public var description: String { "the request needs slow work and is answered again off the shared thread" }
    }

    /// Called before slow work: throws `Abandoned` inside an inline attempt.
    public static func leaveIfInline() throws {
        guard let attempt = current else { return }
        attempt.abandoned = true
        throw Abandoned()
    }

    /// Called before anything is written: throws `Abandoned` when the
    /// attempt was abandoned (even if the slow work's error was caught and
    /// the answer went on without it).
    public static func checkNotAbandoned() throws {
        if current?.abandoned == true { throw Abandoned() }
    }

    /// Runs `body` as an inline attempt; nil when it was abandoned.
    public static func run<T>(_ body: () -> T) -> T? {
        let attempt = InlineAttempt()
        let result = $current.withValue(attempt, operation: body)
        return attempt.abandoned ? nil : result
    }
}
