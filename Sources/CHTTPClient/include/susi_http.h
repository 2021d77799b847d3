#ifndef SUSI_HTTP_H
#define SUSI_HTTP_H

#include <stddef.h>

/// What went wrong, if anything.
enum susi_http_error {
    SUSI_HTTP_OK = 0,
    SUSI_HTTP_NO_LIBRARY = 1,  // libcurl could not be loaded
    SUSI_HTTP_TIMEOUT = 2,
    SUSI_HTTP_UNREACHABLE = 3, // connection refused, DNS, TLS, reset...
    SUSI_HTTP_TOO_LARGE = 4,
    SUSI_HTTP_INTERRUPTED = 5,
    SUSI_HTTP_BAD_URL = 6,
};

typedef struct {
    long status;
    unsigned char *body;
    size_t body_length;
    /// The raw header lines of the final response, CRLF separated.
    char *headers;
    size_t headers_length;
    int error;
    char message[256];
} susi_http_result;

/// Performs one HTTP request with libcurl, which is loaded with dlopen on
/// first use, so that programs that never make a request never pay for
/// loading libcurl and its dozens of dependencies. Redirects are not
/// followed (the caller checks every address it contacts). `cancel` is
/// polled during the transfer; a non-zero value aborts it. `proxy` is the
/// proxy to use ("scheme://host:port"), or "" for none: the caller decides,
/// so libcurl never reads http_proxy, ALL_PROXY or no_proxy itself.
/// Returns `error`; free the result with susi_http_result_free.
int susi_http_perform(const char *method, const char *url, const char *proxy,
                      const char *const *headers, size_t header_count,
                      const void *body, size_t body_length,
                      long timeout_ms, size_t max_bytes,
                      const volatile int *cancel, susi_http_result *result);

void susi_http_result_free(susi_http_result *result);

#endif
