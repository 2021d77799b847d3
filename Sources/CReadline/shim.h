#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline's configuration lives in global variables, which Swift 6 will not
// touch directly; these set them from C.
static inline void susi_readline_configure(void) {
    rl_catch_signals = 0;   // the application handles Ctrl-C (see Interrupts)
    rl_catch_sigwinch = 1;  // readline still follows terminal resizes
}

// TAB completion for the shell: the hook, the line so far, whether a quote
// is open at the word, and no fallback to file names unless asked.
static inline void susi_readline_set_completion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
    rl_completer_quote_characters = "'\"";
    rl_basic_word_break_characters = " \t\n";
    rl_completer_word_break_characters = " \t\n";
}
static inline const char *susi_readline_line(void) { return rl_line_buffer; }
static inline int susi_readline_quote(void) { return rl_completion_quote_character; }
static inline void susi_readline_no_default(int no_default) {
    rl_attempted_completion_over = no_default;
    if (!no_default) rl_filename_completion_desired = 1;
}
static inline void susi_readline_suppress_append(void) { rl_completion_suppress_append = 1; }

// Each line editor has a history list of its own (the shell's, and an
// interactive chat's run from the shell): readline keeps one list per
// process, so an editor sets the current one aside when it starts and puts
// it back when it closes. The state struct is readline's malloc'd copy.
typedef struct {
    HISTORY_STATE *state;
    int base;
} susi_history_saved;

static inline susi_history_saved susi_history_push(void) {
    susi_history_saved saved = { history_get_history_state(), history_base };
    HISTORY_STATE fresh = { 0 };
    history_set_history_state(&fresh);
    history_base = 1;
    return saved;
}

static inline void susi_history_pop(susi_history_saved saved) {
    clear_history();
    free(history_list());
    if (saved.state) {
        history_set_history_state(saved.state);
        free(saved.state);
    }
    history_base = saved.base;
}

// TAB completion of the whole line (chat: phrases, slash commands): no word
// breaks and no quote characters, so "what's the" is one text to complete.
static inline void susi_readline_set_line_completion(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
    rl_completer_quote_characters = "";
    rl_basic_word_break_characters = "";
    rl_completer_word_break_characters = "";
}
