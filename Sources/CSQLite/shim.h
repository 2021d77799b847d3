#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; this gives Swift the same value.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call: whether closing
// the last connection checkpoints the WAL into the database (and deletes it).
static inline int csqlite_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}

// sqlite3_config is variadic as well. Called before SQLite initialises (the
// first open): no memory statistics, which every allocation and free of
// every connection in the process counts under one global mutex (susi
// never reads them). Returns SQLITE_MISUSE, changing nothing, once SQLite
// is initialised.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
