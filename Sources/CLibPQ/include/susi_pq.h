#ifndef SUSI_PQ_H
#define SUSI_PQ_H

#include <stddef.h>

// libpq is loaded with dlopen by susi_pq_load, only by `susi serve --store
// postgresql://...`: linked normally, every start of susi would load it and
// the package would depend on it. Swift calls these wrappers, never PQ*
// directly. Connections and results are opaque pointers.

/// Loads the library; 0 on success, else -1 with a reason in `message`.
int susi_pq_load(char *message, size_t size);

/// PQconnectdb with notices silenced (they would go to stderr); never NULL
/// once loaded. Check it with susi_pq_ok.
void *susi_pq_connect(const char *conninfo);
/// 1 when the connection is up.
int susi_pq_ok(void *connection);
/// The connection's last error (owned by libpq).
const char *susi_pq_error(void *connection);
void susi_pq_finish(void *connection);

/// PQexecParams with `count` text parameters (NULL entries are SQL NULL) and text results.
void *susi_pq_exec(void *connection, const char *sql, int count, const char *const *values);
/// 1 for a command done, 2 for rows returned, 0 for a failure.
int susi_pq_result_status(void *result);
const char *susi_pq_result_error(void *result);
/// The five-character SQLSTATE, or "" when there is none.
const char *susi_pq_sqlstate(void *result);
int susi_pq_rows(void *result);
int susi_pq_columns(void *result);
const char *susi_pq_column_name(void *result, int column);
/// NULL for SQL NULL.
const char *susi_pq_value(void *result, int row, int column);
/// Rows a command changed, as text ("" when it says none).
const char *susi_pq_changed(void *result);
void susi_pq_clear(void *result);

#endif
