import CSQLite
import Foundation
import Testing
@testable import SusiStore
#if canImport(Glibc)
import Glibc
#endif

/// Every SQLite failure a user can meet gets its own kind, from the result
/// code and, for I/O and open errors, the errno SQLite saw.
@Suite struct ErrorClassificationTests {
    static let cases: [(status: Int32, errno: Int32, kind: StoreError.Kind)] = [
        (SQLITE_BUSY, 0, .busy),
        (SQLITE_LOCKED, 0, .busy),
        (SQLITE_BUSY | (2 << 8), 0, .busy),              // SQLITE_BUSY_SNAPSHOT
        (SQLITE_READONLY, 0, .readOnly),
        (SQLITE_READONLY | (5 << 8), EACCES, .readOnly), // SQLITE_READONLY_CANTINIT
        (SQLITE_PERM, 0, .readOnly),
        (SQLITE_FULL, 0, .full),
        (SQLITE_IOERR | (3 << 8), ENOSPC, .full),        // SQLITE_IOERR_WRITE on a full disk
        (SQLITE_IOERR | (19 << 8), EDQUOT, .full),       // SQLITE_IOERR_SHMSIZE over quota
        (SQLITE_IOERR | (3 << 8), EROFS, .readOnly),
        (SQLITE_IOERR | (3 << 8), EIO, .ioError),
        (SQLITE_IOERR, 0, .ioError),
        (SQLITE_CORRUPT, 0, .damaged),
        (SQLITE_NOTADB, 0, .damaged),
        (SQLITE_CANTOPEN, EACCES, .readOnly),
        (SQLITE_CANTOPEN, ENOSPC, .full),
        (SQLITE_CANTOPEN, ENOENT, .open),
        (SQLITE_CONSTRAINT, 0, .constraint),
        (SQLITE_ERROR, 0, .other),
    ]

    @Test func eachResultCodeHasItsKindAndNamesTheFile() {
        for entry in Self.cases {
            let error = Database.classify(entry.status, systemErrno: entry.errno, "detail", path: "/data/susi.db")
            #expect(error.kind == entry.kind, "status \(entry.status), errno \(entry.errno)")
            #expect(error.code == entry.status)
            if entry.kind != .constraint && entry.kind != .other {
                #expect(error.path == "/data/susi.db", "status \(entry.status)")
                #expect(error.message.contains("/data/susi.db") && error.detail == "detail")
            }
        }
    }
}
