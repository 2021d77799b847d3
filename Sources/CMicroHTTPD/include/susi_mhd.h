#ifndef SUSI_MHD_H
#define SUSI_MHD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// libmicrohttpd is loaded with dlopen by susi_mhd_load, only by `susi serve`:
// linked normally, it and GnuTLS would load on every start of susi. Swift
// calls these wrappers, never MHD_* directly (some of those are variadic,
// which Swift cannot call anyway).

/// Loads the library; 0 on success, else -1 with a reason in `message`.
int susi_mhd_load(char *message, size_t size);

/// Starts a daemon on an already listening socket with an internal thread
/// pool, a connection limit, an idle timeout, a per-connection memory limit
/// (which bounds the request line and headers) and a completion callback.
struct MHD_Daemon *susi_mhd_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls);

/// Stops accepting; returns the listening socket (or -1).
int susi_mhd_quiesce(struct MHD_Daemon *daemon);
void susi_mhd_stop(struct MHD_Daemon *daemon);

/// The peer's address, or NULL.
const struct sockaddr *susi_mhd_client_address(struct MHD_Connection *connection);

int susi_mhd_query_arguments(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *cls);
int susi_mhd_headers(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *cls);

/// A response that owns a copy of `size` bytes at `body`.
struct MHD_Response *susi_mhd_response_copy(const void *body, size_t size);
int susi_mhd_add_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result susi_mhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);
void susi_mhd_destroy_response(struct MHD_Response *response);

static inline enum MHD_Result susi_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result susi_mhd_no(void) { return MHD_NO; }

static inline int susi_mhd_completed_ok(enum MHD_RequestTerminationCode code)
{
    return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}

static inline int susi_mhd_termination_code(enum MHD_RequestTerminationCode code)
{
    return (int)code;
}

#endif
