#include "susi_mhd.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *);
    void (*stop_daemon)(struct MHD_Daemon *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    int (*get_connection_values_n)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIteratorN, void *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
    void (*suspend_connection)(struct MHD_Connection *);
    void (*resume_connection)(struct MHD_Connection *);
    int loaded;
    char failure[200];
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    void *handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(api.failure, sizeof api.failure, "libmicrohttpd is not installed (%s)", dlerror());
        return;
    }
#define RESOLVE(field, name) \
    *(void **)(&api.field) = dlsym(handle, name); \
    if (api.field == NULL) { snprintf(api.failure, sizeof api.failure, "libmicrohttpd lacks %s", name); return; }
    RESOLVE(start_daemon, "MHD_start_daemon")
    RESOLVE(quiesce_daemon, "MHD_quiesce_daemon")
    RESOLVE(stop_daemon, "MHD_stop_daemon")
    RESOLVE(get_connection_info, "MHD_get_connection_info")
    RESOLVE(get_connection_values_n, "MHD_get_connection_values_n")
    RESOLVE(create_response_from_buffer, "MHD_create_response_from_buffer")
    RESOLVE(add_response_header, "MHD_add_response_header")
    RESOLVE(queue_response, "MHD_queue_response")
    RESOLVE(destroy_response, "MHD_destroy_response")
    RESOLVE(suspend_connection, "MHD_suspend_connection")
    RESOLVE(resume_connection, "MHD_resume_connection")
#undef RESOLVE
    api.loaded = 1;
}

int susi_mhd_load(char *message, size_t size) {
    pthread_once(&load_once, load_library);
    if (api.loaded) return 0;
    snprintf(message, size, "%s", api.failure);
    return -1;
}

// Error pages libmicrohttpd sends itself are reported only through its
// logger ("... HTTP response code is 414 ..."), which has no connection
// argument; it runs on the thread serving the connection, which closes it
// soon after. So the statuses wait here, per thread, for that close.
#define REFUSALS 16
static __thread unsigned int refusals[REFUSALS];
static __thread unsigned int refusal_count;

static void remember_refusal(unsigned int status)
{
    if (refusal_count == REFUSALS) {
        memmove(refusals, refusals + 1, (REFUSALS - 1) * sizeof refusals[0]);
        refusal_count--;
    }
    refusals[refusal_count++] = status;
}

unsigned int susi_mhd_take_refusal(void)
{
    if (refusal_count == 0) return 0;
    unsigned int status = refusals[0];
    memmove(refusals, refusals + 1, (refusal_count - 1) * sizeof refusals[0]);
    refusal_count--;
    return status;
}

void susi_mhd_claim_refusal(unsigned int status)
{
    for (unsigned int i = 0; i < refusal_count; i++) {
        if (refusals[i] != status) continue;
        memmove(refusals + i, refusals + i + 1, (refusal_count - i - 1) * sizeof refusals[0]);
        refusal_count--;
        return;
    }
}

static void quiet_logger(void *cls, const char *format, va_list arguments)
{
    (void)cls;
    char text[160];
    vsnprintf(text, sizeof text, format, arguments);
    const char *marker = strstr(text, "HTTP response code is ");
    if (marker == NULL) return;
    unsigned int status = 0;
    if (sscanf(marker + strlen("HTTP response code is "), "%u", &status) == 1 && status >= 100 && status < 600) {
        remember_refusal(status);
    }
}

struct MHD_Daemon *susi_mhd_start(const struct susi_mhd_settings *s)
{
    if (!api.loaded) return NULL;
    unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    // The logger must come first, or messages before it go to stderr.
    return api.start_daemon(flags, 0, s->accept_policy, s->context, s->handler, s->context,
        MHD_OPTION_EXTERNAL_LOGGER, quiet_logger, NULL,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)s->listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, s->threads,
        MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, s->timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->context,
        MHD_OPTION_NOTIFY_CONNECTION, s->notify_connection, s->context,
        MHD_OPTION_URI_LOG_CALLBACK, s->uri_callback, s->context,
        MHD_OPTION_END);
}

int susi_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

unsigned int susi_mhd_http_status(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    return info == NULL ? 0 : info->http_status;
}

int susi_mhd_quiesce(struct MHD_Daemon *daemon) { return (int)api.quiesce_daemon(daemon); }

void susi_mhd_stop(struct MHD_Daemon *daemon) { api.stop_daemon(daemon); }

const struct sockaddr *susi_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

int susi_mhd_headers(struct MHD_Connection *connection, MHD_KeyValueIteratorN iterator, void *cls)
{
    return api.get_connection_values_n(connection, MHD_HEADER_KIND, iterator, cls);
}

void susi_mhd_drop_query(const char *uri)
{
    // libmicrohttpd (0.9.75 to 1.0) calls the URI callback with the target
    // in its own writable read buffer, after finding the '?' and before
    // splitting the query into argument records in the connection's memory
    // pool. Ending the string after the '?' leaves it an empty query: susi
    // decodes the query itself, from the copy the callback made, so many
    // parameters no longer exhaust the pool (431 at 450 parameters, a stall
    // at 500). Only bytes inside the string are written.
    char *query = strchr((char *)uri, '?');
    if (query != NULL) query[1] = '\0';
}

struct MHD_Response *susi_mhd_response_copy(const void *body, size_t size)
{
    return api.create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}

int susi_mhd_add_header(struct MHD_Response *response, const char *name, const char *value)
{
    return api.add_response_header(response, name, value) == MHD_YES;
}

enum MHD_Result susi_mhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response)
{
    return api.queue_response(connection, status, response);
}

void susi_mhd_destroy_response(struct MHD_Response *response) { api.destroy_response(response); }

void susi_mhd_suspend(struct MHD_Connection *connection) { api.suspend_connection(connection); }

void susi_mhd_resume(struct MHD_Connection *connection) { api.resume_connection(connection); }

long susi_random_bytes(void *buffer, size_t size)
{
    return (long)getrandom(buffer, size, 0);
}
