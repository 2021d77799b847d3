#include "susi_espeak.h"

#include <espeak-ng/speak_lib.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The entry points used, resolved once. Only the header's types are used at
// compile time; nothing links libespeak-ng.
static struct {
    int (*initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
    void (*set_synth_callback)(t_espeak_callback *);
    const espeak_VOICE **(*list_voices)(espeak_VOICE *);
    espeak_ERROR (*set_voice_by_name)(const char *);
    espeak_ERROR (*set_parameter)(espeak_PARAMETER, int, int);
    espeak_ERROR (*synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int,
                          unsigned int, unsigned int *, void *);
    int sample_rate;
    char failure[200];
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct susi_espeak_job { atomic_int cancelled; };

// The synthesis in progress (under `lock`): the callback has no other way to
// find its sink in synchronous mode.
static struct {
    susi_espeak_sink sink;
    void *user;
    susi_espeak_job *job;
    int stopped;
} current;

static int on_audio(short *samples, int count, espeak_EVENT *events) {
    (void)events;
    if (current.job != NULL && atomic_load(&current.job->cancelled)) { current.stopped = 1; return 1; }
    if (samples != NULL && count > 0 && current.sink(samples, count, current.user) != 0) {
        current.stopped = 1;
        return 1;
    }
    return 0;
}

static void load_library(void) {
    void *handle = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(api.failure, sizeof api.failure, "libespeak-ng is not installed (%s)", dlerror());
        return;
    }
#define RESOLVE(field, name) \
    *(void **)(&api.field) = dlsym(handle, name); \
    if (api.field == NULL) { snprintf(api.failure, sizeof api.failure, "libespeak-ng lacks %s", name); return; }
    RESOLVE(initialize, "espeak_Initialize")
    RESOLVE(set_synth_callback, "espeak_SetSynthCallback")
    RESOLVE(list_voices, "espeak_ListVoices")
    RESOLVE(set_voice_by_name, "espeak_SetVoiceByName")
    RESOLVE(set_parameter, "espeak_SetParameter")
    RESOLVE(synth, "espeak_Synth")
#undef RESOLVE
    // 20 ms blocks: the cancel flag is looked at that often. DONT_EXIT: a
    // missing espeak-ng-data is an error, not the end of the process.
    int rate = api.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
        snprintf(api.failure, sizeof api.failure, "libespeak-ng could not be initialised (is espeak-ng-data installed?)");
        return;
    }
    api.set_synth_callback(on_audio);
    api.sample_rate = rate;
}

int susi_espeak_open(char *message, size_t size) {
    pthread_once(&load_once, load_library);
    if (api.sample_rate <= 0 && message != NULL && size > 0) snprintf(message, size, "%s", api.failure);
    return api.sample_rate;
}

int susi_espeak_list_voices(int variants, susi_espeak_visitor visit, void *user) {
    if (susi_espeak_open(NULL, 0) <= 0) return SUSI_ESPEAK_NO_LIBRARY;
    pthread_mutex_lock(&lock);
    espeak_VOICE spec;
    memset(&spec, 0, sizeof spec);
    spec.languages = "variant";
    const espeak_VOICE **voices = api.list_voices(variants ? &spec : NULL);
    for (size_t i = 0; voices != NULL && voices[i] != NULL; i++) {
        const espeak_VOICE *voice = voices[i];
        // languages: (priority byte, NUL-terminated code) pairs, ended by a 0 priority.
        char codes[256];
        size_t used = 0;
        codes[0] = 0;
        for (const char *p = voice->languages; p != NULL && *p != 0;) {
            const char *code = p + 1;
            size_t length = strlen(code);
            if (used + length + 2 < sizeof codes) {
                if (used > 0) codes[used++] = ',';
                memcpy(codes + used, code, length);
                used += length;
                codes[used] = 0;
            }
            p = code + length + 1;
        }
        visit(voice->name ? voice->name : "", codes, voice->identifier ? voice->identifier : "",
              voice->gender, voice->age, user);
    }
    pthread_mutex_unlock(&lock);
    return SUSI_ESPEAK_OK;
}

susi_espeak_job *susi_espeak_job_new(void) {
    susi_espeak_job *job = calloc(1, sizeof *job);
    if (job != NULL) atomic_init(&job->cancelled, 0);
    return job;
}

void susi_espeak_job_cancel(susi_espeak_job *job) { atomic_store(&job->cancelled, 1); }
int susi_espeak_job_cancelled(const susi_espeak_job *job) { return atomic_load(&((susi_espeak_job *)job)->cancelled); }
void susi_espeak_job_free(susi_espeak_job *job) { free(job); }

int susi_espeak_synthesize(const char *voice, int rate, int pitch, const char *text,
                           susi_espeak_sink sink, void *user, susi_espeak_job *job) {
    if (susi_espeak_open(NULL, 0) <= 0) return SUSI_ESPEAK_NO_LIBRARY;
    if (job != NULL && atomic_load(&job->cancelled)) return SUSI_ESPEAK_CANCELLED;
    pthread_mutex_lock(&lock);
    int status = SUSI_ESPEAK_OK;
    if (api.set_voice_by_name(voice) != EE_OK) {
        status = SUSI_ESPEAK_UNKNOWN_VOICE;
    } else {
        api.set_parameter(espeakRATE, rate, 0);
        api.set_parameter(espeakPITCH, pitch, 0);
        current.sink = sink;
        current.user = user;
        current.job = job;
        current.stopped = 0;
        espeak_ERROR result = api.synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8,
                                        NULL, NULL);
        if (current.stopped) status = SUSI_ESPEAK_CANCELLED;
        else if (result != EE_OK) status = SUSI_ESPEAK_FAILED;
        current.sink = NULL;
        current.user = NULL;
        current.job = NULL;
    }
    pthread_mutex_unlock(&lock);
    return status;
}
