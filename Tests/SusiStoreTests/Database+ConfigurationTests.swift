import CSQLite
import Foundation
import Testing
@testable import SusiStore

/// SQLite's process-wide settings: applied before the first open, so no
/// allocation of any connection takes the statistics' global mutex.
@Suite struct DatabaseConfigurationTests {
    @Test func theAllocatorKeepsNoStatistics() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (s TEXT)")
        for index in 0..<200 { try db.run("INSERT INTO t VALUES (?)", [String(repeating: "x", count: index * 10)]) }
        #expect(try db.scalar("SELECT count(*) FROM t")?.int == 200)
        #expect(Database.memoryStatisticsOff)
        // With the statistics on, this counts every live allocation (well above zero here).
        #expect(sqlite3_memory_used() == 0)
        #expect(sqlite3_memory_highwater(0) == 0)
    }
}
