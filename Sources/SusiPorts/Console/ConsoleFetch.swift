import Foundation

/// Fetches a `!console` URL for a skill. `susi serve` passes its own (with a
/// per-request time budget) to the backends its workers use.
public typealias ConsoleFetch = @Sendable (URL) throws -> Data
