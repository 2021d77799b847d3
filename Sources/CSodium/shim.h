#include <sodium.h>
#include <sys/prctl.h>

/* prctl is variadic, which Swift cannot call: the unlock agent uses this to
   keep other processes of the same user from reading its memory through
   ptrace or /proc/PID/mem, and to write no core dump holding the key. */
static inline int susi_disable_dumps(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
