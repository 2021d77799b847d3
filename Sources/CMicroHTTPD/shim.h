#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_info are variadic, which Swift
// cannot call; these wrappers give Swift fixed signatures.

/// Starts a daemon on an already listening socket with an internal thread
/// pool, a connection limit, an idle timeout, a per-connection memory limit
/// (which bounds the request line and headers) and a completion callback.
static inline struct MHD_Daemon *susi_mhd_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls)
{
    unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_END);
}

/// The peer's address, or NULL.
static inline const struct sockaddr *susi_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

static inline enum MHD_Result susi_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result susi_mhd_no(void) { return MHD_NO; }

static inline int susi_mhd_query_arguments(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *cls)
{
    return MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, iterator, cls);
}

static inline int susi_mhd_headers(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *cls)
{
    return MHD_get_connection_values(connection, MHD_HEADER_KIND, iterator, cls);
}

/// A response that owns a copy of `size` bytes at `body`.
static inline struct MHD_Response *susi_mhd_response_copy(const void *body, size_t size)
{
    return MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}

static inline int susi_mhd_completed_ok(enum MHD_RequestTerminationCode code)
{
    return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}

static inline int susi_mhd_termination_code(enum MHD_RequestTerminationCode code)
{
    return (int)code;
}
