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
// never reads them); and no bulk allocation of page-cache lines when a
// page cache is made (SQLITE_CONFIG_PAGECACHE with no buffer and N = 0):
// by default every cache, a connection's and each temporary table's of one
// query (a UNION's, an IN list's), writes a header into each of 20 fresh
// lines at once, faulting in 88 KB of new heap before it holds a page (54
// of a one-shot chat's 830 page faults); lines are then allocated as pages
// are read. Returns SQLITE_MISUSE, changing nothing, once SQLite is
// initialised.
static inline int csqlite_configure_library(void) {
    int status = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (status != SQLITE_OK) return status;
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

// The WAL-index header: the first 96 bytes of the -shm file, two copies of
// one 48-byte header that every commit (and every restart of the WAL)
// rewrites, the second copy first, with a new change counter (iChange), the
// WAL's length and its salts (https://sqlite.org/walformat.html, section
// 2.1: "the WAL-index header"). Read through the connection's own mapping
// of the first region (xShmMap without extending, the region SQLite itself
// reads), the first copy, then the second, as SQLite's readers do: returns 1
// and the first copy's 12 words when both copies agree and the header is
// initialised, 0 when it is not there (not WAL, not yet mapped) or is being
// written. Equal headers read at two moments mean no commit by any
// connection of any process in between.
static inline int csqlite_wal_index_header(sqlite3 *db, unsigned int header[12]) {
    sqlite3_file *file = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == 0) return 0;
    const sqlite3_io_methods *methods = file->pMethods;
    if (methods == 0 || methods->iVersion < 2 || methods->xShmMap == 0) return 0;
    void volatile *region = 0;
    int status = methods->xShmMap(file, 0, 32768, 0, &region);
    if ((status != SQLITE_OK && status != SQLITE_READONLY) || region == 0) return 0;
    const volatile unsigned int *words = (const volatile unsigned int *)region;
    unsigned int second[12];
    for (int i = 0; i < 12; i++) header[i] = __atomic_load_n(&words[i], __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    for (int i = 0; i < 12; i++) second[i] = __atomic_load_n(&words[12 + i], __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    // isInit is the byte at offset 12 (the fourth word's first byte in memory).
    if (((const unsigned char *)header)[12] == 0) return 0;
    for (int i = 0; i < 12; i++) if (header[i] != second[i]) return 0;
    return 1;
}
