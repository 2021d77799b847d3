import Foundation
import SusiBasics
import SusiCore
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
        do {
            let database = try Database(path: path, knownSchema: Schema.migrations.map(\.version).max())
            try database.migrate(Schema.migrations)
            return database
        } catch let error as StoreError {
            throw EmbeddedService.serviceError(error)
        }
    }
}
