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

/// Called once per request when its request line has arrived (before the
/// headers); what it returns is the request's context (`*con_cls`).
typedef void *(*susi_mhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Everything a daemon is started with.
struct susi_mhd_settings {
    /// An already listening socket.
    int listen_fd;
    /// Threads of the internal pool; each polls its share of the connections.
    unsigned int threads;
    unsigned int connection_limit;
    /// Connections from one address; 0 for no limit.
    unsigned int per_address_limit;
    /// Idle seconds before a connection is closed.
    unsigned int timeout_seconds;
    /// Memory per connection, which bounds the request line and headers.
    size_t memory_limit;
    MHD_AcceptPolicyCallback accept_policy;
    MHD_AccessHandlerCallback handler;
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback notify_connection;
    susi_mhd_uri_callback uri_callback;
    /// Passed to every callback.
    void *context;
};

/// Starts a daemon. libmicrohttpd's own messages are not printed; the
/// status of an error page it sends itself before a request line is known
/// (414, 505) is kept for `susi_mhd_take_refusal`.
struct MHD_Daemon *susi_mhd_start(const struct susi_mhd_settings *settings);

/// On the thread that closes a connection (its MHD_CONNECTION_NOTIFY_CLOSED):
/// the status of an error page libmicrohttpd sent on this thread and no
/// request has claimed, or 0.
unsigned int susi_mhd_take_refusal(void);
/// A completed request claims the error page it got (431, 400, ...).
void susi_mhd_claim_refusal(unsigned int status);

/// Takes a connection out of libmicrohttpd's polling while a worker of our
/// own answers it (from the access handler); resume queues it again, and
/// the access handler is called once more to send the answer.
void susi_mhd_suspend(struct MHD_Connection *connection);
void susi_mhd_resume(struct MHD_Connection *connection);

/// The connection's socket, or -1.
int susi_mhd_connection_fd(struct MHD_Connection *connection);
/// The status queued for the connection's current request, or 0.
unsigned int susi_mhd_http_status(struct MHD_Connection *connection);

/// Stops accepting; returns the listening socket (or -1).
int susi_mhd_quiesce(struct MHD_Daemon *daemon);
void susi_mhd_stop(struct MHD_Daemon *daemon);

/// The peer's address, or NULL.
const struct sockaddr *susi_mhd_client_address(struct MHD_Connection *connection);

/// Every header field in order (repeated names too), with lengths.
int susi_mhd_headers(struct MHD_Connection *connection, MHD_KeyValueIteratorN iterator, void *cls);
/// From the URI callback, after copying `uri`: leaves libmicrohttpd an
/// empty query to split (susi parses the copy itself; see susi_mhd.c).
void susi_mhd_drop_query(const char *uri);

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

static inline int susi_mhd_connection_started(enum MHD_ConnectionNotificationCode code)
{
    return code == MHD_CONNECTION_NOTIFY_STARTED;
}

static inline int susi_mhd_termination_code(enum MHD_RequestTerminationCode code)
{
    return (int)code;
}

// `size` random bytes from the kernel in one getrandom call (the anonymous
// cookie's 128 bits); returns how many were written, or -1.
long susi_random_bytes(void *buffer, size_t size);

#endif
