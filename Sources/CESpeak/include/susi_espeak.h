#ifndef SUSI_ESPEAK_H
#define SUSI_ESPEAK_H

#include <stddef.h>

/// libespeak-ng, loaded with dlopen on first use, so that only the commands
/// that list voices or synthesize speech pay for loading it. The library is
/// not thread-safe: every call here holds one process-wide lock.
enum susi_espeak_status {
    SUSI_ESPEAK_OK = 0,
    SUSI_ESPEAK_NO_LIBRARY = 1,   // libespeak-ng or its data could not be loaded
    SUSI_ESPEAK_UNKNOWN_VOICE = 2,
    SUSI_ESPEAK_CANCELLED = 3,    // the job was cancelled, or the sink asked to stop
    SUSI_ESPEAK_FAILED = 4,
};

/// Loads and initialises the library (once); returns its sample rate in Hz,
/// or 0 with a reason in `message`.
int susi_espeak_open(char *message, size_t size);

/// Calls `visit` for every installed voice (`variants` non-zero: the voice
/// variants instead). `languages` is the voice's language codes, comma
/// separated, most specific first. Returns a status.
typedef void (*susi_espeak_visitor)(const char *name, const char *languages, const char *identifier,
                                    int gender, int age, void *user);
int susi_espeak_list_voices(int variants, susi_espeak_visitor visit, void *user);

/// A cancellation flag that another thread may set while a synthesis runs.
typedef struct susi_espeak_job susi_espeak_job;
susi_espeak_job *susi_espeak_job_new(void);
void susi_espeak_job_cancel(susi_espeak_job *job);
int susi_espeak_job_cancelled(const susi_espeak_job *job);
void susi_espeak_job_free(susi_espeak_job *job);

/// Receives a block of 16-bit mono samples; returns non-zero to stop.
typedef int (*susi_espeak_sink)(const short *samples, int count, void *user);

/// Synthesizes UTF-8 `text` with `voice` (an espeak-ng voice name, may
/// carry a +variant), `rate` in words per minute (80-450) and `pitch`
/// (0-99), handing the audio to `sink` in blocks of about 20 ms. Blocks
/// until done; the library's cancel is the job flag, polled between blocks.
int susi_espeak_synthesize(const char *voice, int rate, int pitch, const char *text,
                           susi_espeak_sink sink, void *user, susi_espeak_job *job);

#endif
