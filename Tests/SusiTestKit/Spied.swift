import Foundation
import SusiCore
import SusiHost
import SusiLocal

/// The harness over a SpyService (ServicesTests, and the modules' tests that
/// check how often a command opens the backend).
public enum Spied {
    public final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        public init() {}

        public func increment() { lock.lock(); value += 1; lock.unlock() }
        public var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// A harness whose backend is a spy over the embedded SUSI in `home`,
    /// counting how often the backend is opened; with `token`, logged in with it.
    public static func harness(_ home: TemporaryHome, opens: Counter, spy: @escaping @Sendable (SpyService) -> Void = { _ in },
                               token: String? = nil) throws -> InProcess {
        var susi = try home.harness()
        susi.makers = { makers in
            makers.backend = { context in
                opens.increment()
                let service = SpyService(wrapping: try EmbeddedService(paths: context.paths, environment: context.environment))
                spy(service)
                return service
            }
            if let token {
                makers.credentials = { context in
                    Credentials(token: token, source: .vault(path: context.paths.credentialsFile),
                                server: try context.serverName(), account: "ada@example.org", expires: nil)
                }
            }
        }
        return susi
    }
}
