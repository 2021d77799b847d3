#include "susi_pocketsphinx.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Opaque types of the library; only pointers to them pass through here.
typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;
typedef struct ps_decoder_s ps_decoder_t;
typedef struct logmath_s logmath_t;

static struct {
    int loaded;
    char failure[240];
    const arg_t *(*args)(void);
    cmd_ln_t *(*cmd_ln_init)(cmd_ln_t *, const arg_t *, int32_t, ...);
    int (*cmd_ln_free)(cmd_ln_t *);
    void (*cmd_ln_set_float)(cmd_ln_t *, const char *, double);
    void (*err_set_logfp)(FILE *);
    ps_decoder_t *(*init)(cmd_ln_t *);
    int (*free)(ps_decoder_t *);
    int (*set_jsgf_file)(ps_decoder_t *, const char *, const char *);
    int (*set_keyphrase)(ps_decoder_t *, const char *, const char *);
    int (*set_search)(ps_decoder_t *, const char *);
    char *(*lookup_word)(ps_decoder_t *, const char *);
    int (*start_utt)(ps_decoder_t *);
    int (*process_raw)(ps_decoder_t *, const int16_t *, size_t, int, int);
    int (*end_utt)(ps_decoder_t *);
    const char *(*get_hyp)(ps_decoder_t *, int32_t *);
    int32_t (*get_prob)(ps_decoder_t *);
    logmath_t *(*get_logmath)(ps_decoder_t *);
    double (*logmath_exp)(logmath_t *, int);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

struct susi_ps {
    ps_decoder_t *decoder;
    cmd_ln_t *config;
    /// The dither generator's state (a 32-bit LCG), restarted by each utterance.
    uint32_t dither;
};

static void load_library(void) {
    void *handle = dlopen("libpocketsphinx.so.3", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(api.failure, sizeof api.failure, "libpocketsphinx is not installed (%s)", dlerror());
        return;
    }
    // libsphinxbase is a dependency of libpocketsphinx: dlsym on the handle finds its symbols too.
#define RESOLVE(field, name) \
    *(void **)(&api.field) = dlsym(handle, name); \
    if (api.field == NULL) { snprintf(api.failure, sizeof api.failure, "libpocketsphinx lacks %s", name); return; }
    RESOLVE(args, "ps_args")
    RESOLVE(cmd_ln_init, "cmd_ln_init")
    RESOLVE(cmd_ln_free, "cmd_ln_free_r")
    RESOLVE(cmd_ln_set_float, "cmd_ln_set_float_r")
    RESOLVE(err_set_logfp, "err_set_logfp")
    RESOLVE(init, "ps_init")
    RESOLVE(free, "ps_free")
    RESOLVE(set_jsgf_file, "ps_set_jsgf_file")
    RESOLVE(set_keyphrase, "ps_set_keyphrase")
    RESOLVE(set_search, "ps_set_search")
    RESOLVE(lookup_word, "ps_lookup_word")
    RESOLVE(start_utt, "ps_start_utt")
    RESOLVE(process_raw, "ps_process_raw")
    RESOLVE(end_utt, "ps_end_utt")
    RESOLVE(get_hyp, "ps_get_hyp")
    RESOLVE(get_prob, "ps_get_prob")
    RESOLVE(get_logmath, "ps_get_logmath")
    RESOLVE(logmath_exp, "logmath_exp")
#undef RESOLVE
    // The library logs every step to stderr; susi reports what matters itself.
    api.err_set_logfp(NULL);
    api.loaded = 1;
}

int susi_ps_load(char *message, size_t size) {
    pthread_once(&load_once, load_library);
    if (!api.loaded && message != NULL && size > 0) snprintf(message, size, "%s", api.failure);
    return api.loaded;
}

susi_ps *susi_ps_new(const char *hmm, const char *dict, const char *lm, char *message, size_t size) {
    if (!susi_ps_load(message, size)) return NULL;
    // No dither inside PocketSphinx: its noise comes from one generator for
    // the whole process, so two decoders at work at once (or the number of
    // recognitions before) changed what a recording was heard as. The shim
    // dithers instead (susi_ps_process), from a generator of each decoder's
    // own that every utterance restarts: the same audio is heard the same way.
    cmd_ln_t *config = lm != NULL
        ? api.cmd_ln_init(NULL, api.args(), 1, "-hmm", hmm, "-dict", dict, "-lm", lm, "-bestpath", "yes",
                          "-dither", "no", NULL)
        : api.cmd_ln_init(NULL, api.args(), 1, "-hmm", hmm, "-dict", dict, "-bestpath", "yes",
                          "-dither", "no", NULL);
    if (config == NULL) {
        if (message != NULL) snprintf(message, size, "pocketsphinx refused its configuration");
        return NULL;
    }
    ps_decoder_t *decoder = api.init(config);
    if (decoder == NULL) {
        api.cmd_ln_free(config);
        if (message != NULL) snprintf(message, size, "pocketsphinx could not load the model in %s", hmm);
        return NULL;
    }
    susi_ps *ps = calloc(1, sizeof *ps);
    if (ps == NULL) { api.free(decoder); api.cmd_ln_free(config); return NULL; }
    ps->decoder = decoder;
    ps->config = config;
    return ps;
}

void susi_ps_free(susi_ps *ps) {
    if (ps == NULL) return;
    api.free(ps->decoder);
    api.cmd_ln_free(ps->config);
    free(ps);
}

int susi_ps_add_jsgf(susi_ps *ps, const char *name, const char *path) {
    return api.set_jsgf_file(ps->decoder, name, path);
}

int susi_ps_add_keyphrase(susi_ps *ps, const char *name, const char *phrase, double threshold) {
    // The threshold is a configuration value read when the search is made
    // (cmd_ln_init on the existing configuration does not change it).
    api.cmd_ln_set_float(ps->config, "-kws_threshold", threshold);
    return api.set_keyphrase(ps->decoder, name, phrase);
}

int susi_ps_use(susi_ps *ps, const char *name) { return api.set_search(ps->decoder, name); }

int susi_ps_knows(susi_ps *ps, const char *word) {
    char *pronunciation = api.lookup_word(ps->decoder, word);
    if (pronunciation == NULL) return 0;
    free(pronunciation);
    return 1;
}

int susi_ps_start(susi_ps *ps) {
    ps->dither = 1;
    return api.start_utt(ps->decoder);
}

/// Adds -1, 0 or +1 to each sample (digital silence must not reach a log
/// as zero energy), from the decoder's own generator.
int susi_ps_process(susi_ps *ps, const int16_t *samples, size_t count) {
    int16_t block[4096];
    while (count > 0) {
        size_t n = count < 4096 ? count : 4096;
        for (size_t i = 0; i < n; i++) {
            ps->dither = ps->dither * 1664525u + 1013904223u;
            int32_t value = (int32_t)samples[i] + (int32_t)((ps->dither >> 16) % 3) - 1;
            block[i] = (int16_t)(value > 32767 ? 32767 : value < -32768 ? -32768 : value);
        }
        int status = api.process_raw(ps->decoder, block, n, 0, 0);
        if (status < 0) return status;
        samples += n;
        count -= n;
    }
    return 0;
}

int susi_ps_end(susi_ps *ps) { return api.end_utt(ps->decoder); }

const char *susi_ps_hypothesis(susi_ps *ps, int32_t *score, double *probability) {
    int32_t best = 0;
    const char *text = api.get_hyp(ps->decoder, &best);
    if (score != NULL) *score = best;
    if (probability != NULL) {
        int32_t logp = api.get_prob(ps->decoder);
        *probability = api.logmath_exp(api.get_logmath(ps->decoder), logp);
    }
    return text;
}
