#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline's configuration lives in global variables, which Swift 6 will not
// touch directly; these set them from C.
static inline void susi_readline_configure(void) {
    rl_catch_signals = 0;   // the application handles Ctrl-C (see Interrupts)
    rl_catch_sigwinch = 1;  // readline still follows terminal resizes
}
