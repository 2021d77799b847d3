import CLibPQ
import Foundation
import SusiPorts

/// One libpq connection, used by one thread at a time (the pool's).
final class PostgresConnection {
    private var handle: UnsafeMutableRawPointer?
    let shown: String

    /// Rows of text values (nil: SQL NULL) with the columns' names.
    struct Rows {
        var columns: [String]
        var values: [[String?]]
        /// Rows a command changed.
        var changed: Int

        func first(_ column: String) -> String? {
            guard let index = columns.firstIndex(of: column), let row = values.first else { return nil }
            return row[index]
        }

        func maps() -> [[String: String]] {
            values.map { row in
                var map: [String: String] = [:]
                for (index, name) in columns.enumerated() { if let value = row[index] { map[name] = value } }
                return map
            }
        }
    }

    /// Connects; `.unavailable` (503 under `susi serve`) when the store cannot be reached.
    init(_ address: StoreAddress) throws {
        try Self.load()
        shown = address.shown
        let connection = susi_pq_connect(address.connectionString())
        guard susi_pq_ok(connection) != 0 else {
            let reason = Self.firstLine(String(cString: susi_pq_error(connection)))
            susi_pq_finish(connection)
            throw ServiceError(.unavailable, "The store at \(shown) cannot be reached: \(reason)",
                               hint: "Check that PostgreSQL runs and that this user may connect (the password comes from ~/.pgpass or PGPASSFILE).")
        }
        handle = connection
    }

    static func load() throws {
        var message = [CChar](repeating: 0, count: 256)
        guard susi_pq_load(&message, message.count) == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ServiceError(.unavailable, "Cannot use a PostgreSQL store: \(reason).",
                               hint: "Install libpq (Debian: apt install libpq5), or serve from the embedded database (--store local).")
        }
    }

    deinit { susi_pq_finish(handle) }

    /// Whether the connection is still up (false after the server went away).
    var isUp: Bool { susi_pq_ok(handle) != 0 }

    /// Runs one statement with `$1`… parameters.
    @discardableResult
    func run(_ sql: String, _ parameters: [String?] = []) throws -> Rows {
        let result: UnsafeMutableRawPointer? = withParameters(parameters) { values in
            susi_pq_exec(handle, sql, Int32(parameters.count), values)
        }
        defer { susi_pq_clear(result) }
        let status = susi_pq_result_status(result)
        guard status != 0 else { throw failure(result) }
        var rows = Rows(columns: [], values: [], changed: Int(String(cString: susi_pq_changed(result))) ?? 0)
        if status == 2 {
            let columnCount = susi_pq_columns(result)
            rows.columns = (0..<columnCount).map { String(cString: susi_pq_column_name(result, $0)) }
            for row in 0..<susi_pq_rows(result) {
                rows.values.append((0..<columnCount).map { column in
                    susi_pq_value(result, row, column).map { String(cString: $0) }
                })
            }
        }
        return rows
    }

    /// The error of a failed statement: the store gone is `.unavailable`
    /// (retry later), a broken rule `.invalidInput`, anything else `.unavailable` with its text.
    private func failure(_ result: UnsafeMutableRawPointer?) -> Error {
        let state = String(cString: susi_pq_sqlstate(result))
        let message = Self.firstLine(String(cString: result == nil ? susi_pq_error(handle) : susi_pq_result_error(result)))
        if !isUp || state.hasPrefix("08") || state.hasPrefix("57") {
            return ServiceError(.unavailable, "The store at \(shown) went away: \(message)")
        }
        if state.hasPrefix("23") { return ServiceError(.invalidInput, "The store refused the change: \(message)") }
        if state == "40001" || state == "40P01" {
            return ServiceError(.unavailable, "The store could not finish the change now (\(message)); try again.")
        }
        return ServiceError(.unavailable, "Store error (\(state)): \(message)")
    }

    static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "no reason given" : trimmed
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN")
        do {
            let value = try body()
            try run("COMMIT")
            return value
        } catch {
            if isUp { _ = try? run("ROLLBACK") }
            throw error
        }
    }
}

/// C strings for the parameters, alive for the call.
private func withParameters<T>(_ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    var copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
    defer { for copy in copies { free(copy) } }
    return copies.withUnsafeMutableBufferPointer { buffer in
        body(buffer.map { $0.map { UnsafePointer($0) } })
    }
}
