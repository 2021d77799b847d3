#include "susi_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The libcurl entry points, resolved once.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    int loaded;
    char failure[200];
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_library(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(api.failure, sizeof api.failure, "libcurl is not installed (%s)", dlerror());
        return;
    }
#define RESOLVE(field, name) \
    *(void **)(&api.field) = dlsym(handle, name); \
    if (api.field == NULL) { snprintf(api.failure, sizeof api.failure, "libcurl lacks %s", name); return; }
    RESOLVE(global_init, "curl_global_init")
    RESOLVE(easy_init, "curl_easy_init")
    RESOLVE(easy_setopt, "curl_easy_setopt")
    RESOLVE(easy_perform, "curl_easy_perform")
    RESOLVE(easy_getinfo, "curl_easy_getinfo")
    RESOLVE(easy_cleanup, "curl_easy_cleanup")
    RESOLVE(easy_strerror, "curl_easy_strerror")
    RESOLVE(slist_append, "curl_slist_append")
    RESOLVE(slist_free_all, "curl_slist_free_all")
#undef RESOLVE
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(api.failure, sizeof api.failure, "libcurl could not be initialised");
        return;
    }
    api.loaded = 1;
}

typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflow;
} buffer;

static int buffer_append(buffer *b, const void *bytes, size_t count) {
    if (b->length + count > b->limit) { b->overflow = 1; return 0; }
    if (b->length + count + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + count + 1) capacity *= 2;
        unsigned char *grown = realloc(b->data, capacity);
        if (grown == NULL) { b->overflow = 1; return 0; }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, count);
    b->length += count;
    b->data[b->length] = 0;
    return 1;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *user) {
    return buffer_append(user, bytes, size * count) ? size * count : 0;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *user) {
    buffer *b = user;
    // A new status line starts the headers of the next response (after a 100 Continue).
    if (size * count > 5 && memcmp(bytes, "HTTP/", 5) == 0) b->length = 0;
    return buffer_append(b, bytes, size * count) ? size * count : 0;
}

static int on_progress(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    const volatile int *cancel = user;
    return (cancel != NULL && *cancel) ? 1 : 0;
}

int susi_http_perform(const char *method, const char *url, const char *proxy,
                      const char *const *headers, size_t header_count,
                      const void *body, size_t body_length,
                      long timeout_ms, size_t max_bytes,
                      const volatile int *cancel, susi_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&load_once, load_library);
    if (!api.loaded) {
        result->error = SUSI_HTTP_NO_LIBRARY;
        snprintf(result->message, sizeof result->message, "%s", api.failure);
        return result->error;
    }
    CURL *curl = api.easy_init();
    if (curl == NULL) {
        result->error = SUSI_HTTP_UNREACHABLE;
        snprintf(result->message, sizeof result->message, "libcurl could not start a request");
        return result->error;
    }
    buffer received = {0}, header_block = {0};
    received.limit = max_bytes;
    header_block.limit = 256 * 1024;
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = api.slist_append(list, headers[i]);

    api.easy_setopt(curl, CURLOPT_URL, url);
    api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    // Always set, so libcurl never falls back to the environment's proxy
    // variables: "" means no proxy at all, and with a proxy no host is
    // excepted (the caller has applied no_proxy already).
    api.easy_setopt(curl, CURLOPT_PROXY, proxy != NULL ? proxy : "");
    api.easy_setopt(curl, CURLOPT_NOPROXY, "");
    api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &received);
    api.easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.easy_setopt(curl, CURLOPT_HEADERDATA, &header_block);
    api.easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    api.easy_setopt(curl, CURLOPT_XFERINFODATA, (void *)cancel);
    api.easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    if (strcmp(method, "POST") == 0) {
        api.easy_setopt(curl, CURLOPT_POST, 1L);
        api.easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        api.easy_setopt(curl, CURLOPT_POSTFIELDS, body_length ? body : "");
    } else if (strcmp(method, "GET") != 0) {
        api.easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    }

    CURLcode code = api.easy_perform(curl);
    if (code == CURLE_OK) {
        api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    } else if (received.overflow) {
        result->error = SUSI_HTTP_TOO_LARGE;
        snprintf(result->message, sizeof result->message, "the response is larger than %zu bytes", max_bytes);
    } else if (code == CURLE_ABORTED_BY_CALLBACK) {
        result->error = SUSI_HTTP_INTERRUPTED;
        snprintf(result->message, sizeof result->message, "cancelled");
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        result->error = SUSI_HTTP_TIMEOUT;
        snprintf(result->message, sizeof result->message, "%s", api.easy_strerror(code));
    } else if (code == CURLE_URL_MALFORMAT || code == CURLE_UNSUPPORTED_PROTOCOL) {
        result->error = SUSI_HTTP_BAD_URL;
        snprintf(result->message, sizeof result->message, "%s", api.easy_strerror(code));
    } else {
        result->error = SUSI_HTTP_UNREACHABLE;
        snprintf(result->message, sizeof result->message, "%s", api.easy_strerror(code));
    }
    api.slist_free_all(list);
    api.easy_cleanup(curl);
    if (result->error == SUSI_HTTP_OK) {
        result->body = received.data;
        result->body_length = received.length;
        result->headers = (char *)header_block.data;
        result->headers_length = header_block.length;
    } else {
        free(received.data);
        free(header_block.data);
    }
    return result->error;
}

void susi_http_result_free(susi_http_result *result) {
    free(result->body);
    free(result->headers);
    result->body = NULL;
    result->headers = NULL;
}
