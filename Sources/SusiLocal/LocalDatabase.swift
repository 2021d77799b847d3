import Foundation
import SusiBasics
import SusiStore

/// The one way susi opens its database, for the embedded SUSI and the chat
/// history alike: the folder made private, a newer schema refused untouched,
/// migrations run, and store errors turned into service errors.
enum LocalDatabase {
    static func open(_ path: String) throws -> Database {
        if path != ":memory:" {
            do {
                try AtomicFile.createDirectory((path as NSString).deletingLastPathComponent)
            } catch let error as FileError {
                throw EmbeddedService.folderError(error, for: path)
            }
        }
        // Opening can meet a lock no busy handler waits for: on a fresh file,
        // another connection switching it to WAL or creating the schema, or
        // one recovering its WAL. Those last milliseconds; the open is tried
        // again for as long as a writer would wait (Database's busy timeout).
        let deadline = ContinuousClock.now + .milliseconds(Int(Database.busyTimeoutMilliseconds))
        var pause: UInt32 = 1_000
        while true {
            do {
                let database = try Database(path: path, knownSchema: Schema.migrations.map(\.version).max())
                try database.migrate(Schema.migrations)
                return database
            } catch let error as StoreError {
                guard error.kind == .busy, ContinuousClock.now < deadline else { throw EmbeddedService.serviceError(error) }
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }
}
