import CSQLite

/// A prepared statement owned by its `Database` (which caches it).
public final class Statement {
    let pointer: OpaquePointer
    unowned let database: Database

    init(_ pointer: OpaquePointer, database: Database) {
        self.pointer = pointer
        self.database = database
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    /// Ends the statement's run (and the read it holds open) before its last row.
    public func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    public func bind(_ parameters: [SQLBindable]) throws(StoreError) {
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard expected == parameters.count else {
            throw StoreError(.other, "The statement takes \(expected) parameters, \(parameters.count) given.")
        }
        for (offset, parameter) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch parameter.sqlValue {
            case .null:
                status = sqlite3_bind_null(pointer, index)
            case let .integer(value):
                status = sqlite3_bind_int64(pointer, index, value)
            case let .real(value):
                status = sqlite3_bind_double(pointer, index, value)
            case let .text(value):
                // With its byte length: a length of -1 would cut the text at its first NUL.
                var text = value
                status = text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, let count = Int32(exactly: bytes.count) else {
                        return bytes.isEmpty ? sqlite3_bind_text(pointer, index, "", 0, csqlite_transient()) : SQLITE_TOOBIG
                    }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(pointer, index, $0, count, csqlite_transient())
                    }
                }
            case let .blob(bytes):
                status = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(pointer, index, $0.baseAddress, Int32($0.count), csqlite_transient())
                }
            }
            if status != SQLITE_OK {
                throw database.error(status, String(cString: sqlite3_errmsg(database.handle)))
            }
        }
    }

    /// Advances; true while there is a row to read.
    public func step() throws(StoreError) -> Bool {
        let status = sqlite3_step(pointer)
        switch status {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            sqlite3_reset(pointer)
            return false
        default:
            let message = String(cString: sqlite3_errmsg(database.handle))
            sqlite3_reset(pointer)
            throw database.error(status, message)
        }
    }

    public func row() -> Row {
        let count = sqlite3_column_count(pointer)
        var columns: [String] = []
        var values: [SQLValue] = []
        columns.reserveCapacity(Int(count))
        values.reserveCapacity(Int(count))
        for index in 0..<count {
            columns.append(String(cString: sqlite3_column_name(pointer, index)))
            values.append(value(at: index))
        }
        return Row(columns: columns, values: values)
    }

    public func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(pointer, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(pointer, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(pointer, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard count > 0, let raw = sqlite3_column_blob(pointer, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: raw, count: count)))
        default:
            return .null
        }
    }
}
