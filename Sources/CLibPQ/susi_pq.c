#include "susi_pq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef void (*notice_processor)(void *, const char *);

static struct {
    void *(*connectdb)(const char *);
    int (*status)(const void *);
    char *(*error_message)(const void *);
    void (*finish)(void *);
    notice_processor (*set_notice_processor)(void *, notice_processor, void *);
    void *(*exec_params)(void *, const char *, int, const unsigned int *, const char *const *, const int *, const int *, int);
    int (*result_status)(const void *);
    char *(*result_error_message)(const void *);
    char *(*result_error_field)(const void *, int);
    int (*ntuples)(const void *);
    int (*nfields)(const void *);
    char *(*fname)(const void *, int);
    char *(*getvalue)(const void *, int, int);
    int (*getisnull)(const void *, int, int);
    char *(*cmd_tuples)(void *);
    void (*clear)(void *);
    int loaded;
    char failure[200];
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(api.failure, sizeof api.failure, "libpq is not installed (%s)", dlerror());
        return;
    }
#define RESOLVE(field, name) \
    *(void **)(&api.field) = dlsym(handle, name); \
    if (api.field == NULL) { snprintf(api.failure, sizeof api.failure, "libpq lacks %s", name); return; }
    RESOLVE(connectdb, "PQconnectdb")
    RESOLVE(status, "PQstatus")
    RESOLVE(error_message, "PQerrorMessage")
    RESOLVE(finish, "PQfinish")
    RESOLVE(set_notice_processor, "PQsetNoticeProcessor")
    RESOLVE(exec_params, "PQexecParams")
    RESOLVE(result_status, "PQresultStatus")
    RESOLVE(result_error_message, "PQresultErrorMessage")
    RESOLVE(result_error_field, "PQresultErrorField")
    RESOLVE(ntuples, "PQntuples")
    RESOLVE(nfields, "PQnfields")
    RESOLVE(fname, "PQfname")
    RESOLVE(getvalue, "PQgetvalue")
    RESOLVE(getisnull, "PQgetisnull")
    RESOLVE(cmd_tuples, "PQcmdTuples")
    RESOLVE(clear, "PQclear")
#undef RESOLVE
    api.loaded = 1;
}

int susi_pq_load(char *message, size_t size) {
    pthread_once(&load_once, load_library);
    if (api.loaded) return 0;
    snprintf(message, size, "%s", api.failure);
    return -1;
}

static void ignore_notice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

void *susi_pq_connect(const char *conninfo) {
    void *connection = api.connectdb(conninfo);
    if (connection != NULL) api.set_notice_processor(connection, ignore_notice, NULL);
    return connection;
}

int susi_pq_ok(void *connection) { return connection != NULL && api.status(connection) == 0; }

const char *susi_pq_error(void *connection) {
    return connection == NULL ? "out of memory" : api.error_message(connection);
}

void susi_pq_finish(void *connection) {
    if (connection != NULL) api.finish(connection);
}

void *susi_pq_exec(void *connection, const char *sql, int count, const char *const *values) {
    return api.exec_params(connection, sql, count, NULL, values, NULL, NULL, 0);
}

int susi_pq_result_status(void *result) {
    if (result == NULL) return 0;
    int status = api.result_status(result);
    // PGRES_COMMAND_OK is 1, PGRES_TUPLES_OK 2.
    return status == 1 || status == 2 ? status : 0;
}

const char *susi_pq_result_error(void *result) {
    return result == NULL ? "no result (the connection failed)" : api.result_error_message(result);
}

const char *susi_pq_sqlstate(void *result) {
    if (result == NULL) return "";
    const char *state = api.result_error_field(result, 'C');
    return state == NULL ? "" : state;
}

int susi_pq_rows(void *result) { return api.ntuples(result); }
int susi_pq_columns(void *result) { return api.nfields(result); }
const char *susi_pq_column_name(void *result, int column) { return api.fname(result, column); }

const char *susi_pq_value(void *result, int row, int column) {
    return api.getisnull(result, row, column) ? NULL : api.getvalue(result, row, column);
}

const char *susi_pq_changed(void *result) { return api.cmd_tuples(result); }

void susi_pq_clear(void *result) {
    if (result != NULL) api.clear(result);
}
