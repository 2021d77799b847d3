import Foundation
import SusiBasics
import SusiPorts
import SusiStore
#if canImport(Glibc)
import Glibc
#endif

/// Reminders in the local database (docs/decisions/0410-remind-watch-wakes-on-inotify.md).
/// Their table is made by this store itself (`CREATE TABLE IF NOT EXISTS`),
/// not by a step of `Schema`, so opening it never bumps the embedded SUSI's
/// schema. Every change rewrites `reminders.changed` beside the database;
/// a watcher sleeps on inotify for that file and its own deadline.
public final class LocalReminders: ReminderStore {
    let database: Database
    let stampPath: String
    private var inotify: Int32 = -1
    private var wallClock: WallClockTimer?

    public init(path: String) throws {
        database = try LocalDatabase.open(path)
        let folder = path == ":memory:" ? NSTemporaryDirectory() : (path as NSString).deletingLastPathComponent
        stampPath = (folder as NSString).appendingPathComponent(Self.stampName)
        try store { try database.execute(Self.table) }
    }

    deinit {
        if inotify >= 0 { close(inotify) }
    }

    /// The file whose rewrite says "the reminders changed".
    public static let stampName = "reminders.changed"

    static let table = """
    CREATE TABLE IF NOT EXISTS reminders (
        id INTEGER PRIMARY KEY,
        server TEXT NOT NULL,
        identity TEXT NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        due REAL,
        repeat TEXT,
        clock TEXT,
        zone TEXT NOT NULL,
        origin TEXT NOT NULL,
        created REAL NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        noticed INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS reminders_pending ON reminders (state, due);
    CREATE INDEX IF NOT EXISTS reminders_by_owner ON reminders (server, identity, state);
    """

    @discardableResult
    func store<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw EmbeddedService.serviceError(error)
        }
    }

    public func add(_ new: NewReminder, owner: ReminderOwner, limit: Int, now: Date) throws -> Reminder {
        let id: Int64 = try store {
            try database.transaction {
                let count = try database.scalar("SELECT count(*) FROM reminders WHERE server = ? AND identity = ? AND state = 'pending'",
                                                 [owner.server, owner.identity])?.int ?? 0
                guard count < limit else { throw ReminderRules.limitReached(limit) }
                try database.run("""
                INSERT INTO reminders (server, identity, kind, text, due, repeat, clock, zone, origin, created)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [owner.server, owner.identity, new.kind.rawValue, new.text, new.due.timeIntervalSince1970,
                      new.repeatRule?.description, new.clock?.description, new.zone, new.origin, now.timeIntervalSince1970])
                return database.lastInsertRowID
            }
        }
        changed()
        return Reminder(id: id, owner: owner, kind: new.kind, text: new.text, due: new.due, repeatRule: new.repeatRule,
                        clock: new.clock, zone: new.zone, origin: new.origin, created: now)
    }

    public func pending(owner: ReminderOwner?) throws -> (reminders: [Reminder], damaged: [DamagedReminder]) {
        var sql = "SELECT * FROM reminders WHERE state = 'pending'"
        var parameters: [SQLBindable] = []
        if let owner {
            sql += " AND server = ? AND identity = ?"
            parameters = [owner.server, owner.identity]
        }
        sql += " ORDER BY due, id"
        let rows = try store { try database.query(sql, parameters) }
        var reminders: [Reminder] = []
        var damaged: [DamagedReminder] = []
        for row in rows {
            switch Self.decode(row) {
            case let .success(reminder): reminders.append(reminder)
            case let .failure(problem): damaged.append(problem)
            }
        }
        return (reminders, damaged)
    }

    public func cancel(id: Int64, owner: ReminderOwner) throws -> Reminder? {
        let found: Reminder? = try store {
            try database.transaction { () -> Reminder? in
                let rows = try database.query("SELECT * FROM reminders WHERE id = ? AND server = ? AND identity = ? AND state = 'pending'",
                                              [id, owner.server, owner.identity])
                guard let row = rows.first else { return nil }
                try database.run("UPDATE reminders SET state = 'cancelled' WHERE id = ?", [id])
                return try? Self.decode(row).get()
            }
        }
        if found != nil { changed() }
        return found
    }

    public func reschedule(id: Int64, owner: ReminderOwner, due: Date, zone: String) throws -> Reminder? {
        let found: Reminder? = try store {
            try database.transaction { () -> Reminder? in
                let count = try database.run("""
                UPDATE reminders SET due = ?, zone = ?, noticed = 0
                WHERE id = ? AND server = ? AND identity = ? AND state = 'pending'
                """, [due.timeIntervalSince1970, zone, id, owner.server, owner.identity])
                guard count == 1 else { return nil }
                return try database.query("SELECT * FROM reminders WHERE id = ?", [id]).first.flatMap { try? Self.decode($0).get() }
            }
        }
        if found != nil { changed() }
        return found
    }

    public func claimDue(now: Date, next: (Reminder) -> Date?) throws -> (claimed: [ClaimedReminder], damaged: [DamagedReminder]) {
        // BEGIN IMMEDIATE: one writer at a time across processes, so the
        // rows read here are still pending when they are updated.
        let result: ([ClaimedReminder], [DamagedReminder]) = try store {
            try database.transaction { () -> ([ClaimedReminder], [DamagedReminder]) in
                let rows = try database.query("""
                SELECT * FROM reminders WHERE state = 'pending' AND (due IS NULL OR typeof(due) NOT IN ('real', 'integer') OR due <= ?)
                ORDER BY due, id
                """, [now.timeIntervalSince1970])
                var claimed: [ClaimedReminder] = []
                var damaged: [DamagedReminder] = []
                for row in rows {
                    let id = Int64(row["id"].int ?? 0)
                    switch Self.decode(row) {
                    case let .failure(problem):
                        try database.run("UPDATE reminders SET state = 'damaged' WHERE id = ? AND state = 'pending'", [id])
                        damaged.append(problem)
                    case let .success(reminder):
                        let changed: Int
                        if reminder.repeatRule != nil, let following = next(reminder) {
                            changed = try database.run("UPDATE reminders SET due = ?, noticed = 0 WHERE id = ? AND state = 'pending' AND due = ?",
                                                       [following.timeIntervalSince1970, id, reminder.due.timeIntervalSince1970])
                        } else {
                            changed = try database.run("UPDATE reminders SET state = 'fired' WHERE id = ? AND state = 'pending'", [id])
                        }
                        if changed == 1 { claimed.append(ClaimedReminder(reminder: reminder, due: reminder.due)) }
                    }
                }
                return (claimed, damaged)
            }
        }
        if !result.0.isEmpty || !result.1.isEmpty { changed() }
        return result
    }

    public func nextDue() throws -> Date? {
        let value = try store {
            try database.scalar("SELECT min(due) FROM reminders WHERE state = 'pending' AND typeof(due) IN ('real', 'integer')")
        }
        return value?.double.map(Date.init(timeIntervalSince1970:))
    }

    public func takeMissedNotice(before now: Date) throws -> Int {
        // Read first: a command with nothing to say takes no write lock.
        let unsaid = try store {
            try database.scalar("SELECT count(*) FROM reminders WHERE state = 'pending' AND noticed = 0 AND due < ?",
                                [now.timeIntervalSince1970])?.int ?? 0
        }
        guard unsaid > 0 else { return 0 }
        return try store {
            try database.transaction {
                try database.run("UPDATE reminders SET noticed = 1 WHERE state = 'pending' AND noticed = 0 AND due < ?",
                                 [now.timeIntervalSince1970])
            }
        }
    }

    // MARK: Waking up

    /// Says every watcher that the reminders changed: the stamp file is
    /// rewritten (its close-after-write is the inotify event). Best effort:
    /// the change itself is committed already.
    func changed() {
        let fd = open(stampPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = write(fd, "1\n", 2)
        close(fd)
    }

    public func waitForChange(until deadline: Date?, interrupt: Int32?) throws -> Bool {
        if inotify < 0 {
            let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard fd >= 0 else {
                throw ServiceError(.unavailable, "Cannot watch for changes to the reminders: \(String(cString: strerror(errno))).")
            }
            let folder = (stampPath as NSString).deletingLastPathComponent
            let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
            guard inotify_add_watch(fd, folder, mask) >= 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw ServiceError(.unavailable, "Cannot watch \(folder) for changes to the reminders: \(reason).")
            }
            inotify = fd
        }
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        if let interrupt { fds.append(pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)) }
        // The deadline is on the wall clock: a realtime timer also ends the
        // wait when the machine resumes past it or the clock is set (a relative
        // poll timeout would count only the time the machine was awake).
        var clock: WallClockTimer?
        if let deadline, deadline.timeIntervalSinceNow > 0 {
            if wallClock == nil { wallClock = WallClockTimer() }
            if let timer = wallClock, timer.arm(at: deadline) {
                clock = timer
                fds.append(pollfd(fd: timer.descriptor, events: Int16(POLLIN), revents: 0))
            }
        }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { return false }
                // Whole milliseconds, rounded up, so the wake is never before the due second.
                if clock == nil { timeout = Int32(min(left * 1000, Double(Int32.max / 2)).rounded(.up)) }
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { return false }
                throw ServiceError(.unavailable, "Waiting for reminders failed: \(String(cString: strerror(errno))).")
            }
            if ready == 0 { continue }
            if interrupt != nil, fds[1].revents != 0 { return false }
            if let clock, fds[fds.count - 1].revents != 0 {
                // Its moment came, or the clock was set: either way the caller
                // works out what is due and the next deadline again.
                _ = clock.acknowledge()
                return false
            }
            if drainEvents() { return true }
        }
    }

    /// Reads the pending inotify events; true when one is about the stamp.
    private func drainEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var ours = false
        while true {
            let count = Glibc.read(inotify, &buffer, buffer.count)
            if count <= 0 { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { raw in
                    Int(raw.loadUnaligned(fromByteOffset: offset + header - 4, as: UInt32.self))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == Self.stampName { ours = true }
                offset += header + length
            }
        }
        return ours
    }

    // MARK: Rows

    static func decode(_ row: Row) -> Result<Reminder, DamagedReminder> {
        let id = Int64(row["id"].int ?? 0)
        func damaged(_ reason: String) -> Result<Reminder, DamagedReminder> { .failure(DamagedReminder(id: id, reason: reason)) }
        let due: Double
        switch row["due"] {
        case let .real(value) where value.isFinite: due = value
        case let .integer(value): due = Double(value)
        default: return damaged("its due time is not a time")
        }
        guard let kind = row["kind"].string.flatMap(ReminderKind.init(rawValue:)) else { return damaged("its kind is unknown") }
        guard let text = row["text"].string, (try? ReminderRules.checkText(text)) == text else {
            return damaged("its text is empty or holds control characters")
        }
        var rule: RepeatRule?
        var clock: WallClock?
        if let repeatText = row["repeat"].string {
            guard let parsed = RepeatRule(repeatText) else { return damaged("its repeat rule '\(UntrustedText.line(repeatText))' is unknown") }
            guard let wall = row["clock"].string.flatMap(WallClock.init) else { return damaged("it repeats but has no clock time") }
            rule = parsed
            clock = wall
        }
        guard let zone = row["zone"].string, TimeZone(identifier: zone) != nil else { return damaged("its time zone is unknown") }
        return .success(Reminder(id: id, owner: ReminderOwner(server: row["server"].string ?? "", identity: row["identity"].string ?? ""),
                                 kind: kind, text: text, due: Date(timeIntervalSince1970: due), repeatRule: rule, clock: clock,
                                 zone: zone, origin: row["origin"].string ?? "command",
                                 created: Date(timeIntervalSince1970: row["created"].double ?? 0)))
    }
}
