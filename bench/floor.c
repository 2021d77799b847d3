/* The machine's floor for `susi serve`: a static libmicrohttpd responder.
 * Same library, the same thread-pool size as susi serve's workers, one fixed
 * JSON body of a given size for every request, on 127.0.0.1 only.
 * bench/ratios.sh compiles it with the toolchain's clang:
 *   clang -O2 -o floor bench/floor.c -lmicrohttpd
 * Usage: floor PORT THREADS BODY_BYTES    (prints "listening PORT", runs until SIGTERM)
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static char *body;
static size_t body_size;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)cls; (void)url; (void)method; (void)version; (void)upload; (void)upload_size;
    if (*state == NULL) {
        /* First call: the head is in; answer on the second, as a real handler would. */
        *state = (void *)1;
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(body_size, body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(response, "Access-Control-Allow-Origin", "*");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

static volatile sig_atomic_t stop;
static void on_signal(int number) { (void)number; stop = 1; }

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s PORT THREADS BODY_BYTES\n", argv[0]);
        return 64;
    }
    int port = atoi(argv[1]);
    unsigned int threads = (unsigned int)atoi(argv[2]);
    body_size = (size_t)atol(argv[3]);
    if (threads < 1 || body_size < 2 || body_size > (1 << 20)) {
        fprintf(stderr, "%s: THREADS must be >= 1 and BODY_BYTES 2..1048576\n", argv[0]);
        return 64;
    }
    /* A JSON string of the right size: {"a":"xxxx...x"} padded to body_size. */
    body = malloc(body_size);
    memset(body, 'x', body_size);
    if (body_size >= 8) {
        memcpy(body, "{\"a\":\"", 6);
        memcpy(body + body_size - 2, "\"}", 2);
    }

    int listener = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 511) != 0) {
        perror("floor: bind 127.0.0.1");
        return 69;
    }
    socklen_t length = sizeof address;
    getsockname(listener, (struct sockaddr *)&address, &length);

    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL,
                                                 answer, NULL,
                                                 MHD_OPTION_LISTEN_SOCKET, listener,
                                                 MHD_OPTION_THREAD_POOL_SIZE, threads,
                                                 MHD_OPTION_CONNECTION_LIMIT, 512u,
                                                 MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "floor: libmicrohttpd did not start\n");
        return 69;
    }
    printf("listening %d\n", ntohs(address.sin_port));
    fflush(stdout);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    while (!stop) pause();
    MHD_stop_daemon(daemon);
    free(body);
    return 0;
}
