#ifndef SUSI_POCKETSPHINX_H
#define SUSI_POCKETSPHINX_H

#include <stddef.h>
#include <stdint.h>

/// libpocketsphinx (5prealpha, Debian's libpocketsphinx3), loaded with
/// dlopen on first use, so that only the commands that listen pay for
/// loading it. No pocketsphinx header is needed to build: the few entry
/// points are declared here with opaque pointers.

/// Loads the library (once); returns 1, or 0 with a reason in `message`.
int susi_ps_load(char *message, size_t size);

typedef struct susi_ps susi_ps;

/// A decoder for the acoustic model folder `hmm` and pronunciation
/// dictionary `dict`; `lm` (may be NULL) is the generic language model,
/// the search named "generic". NULL with a reason in `message`.
susi_ps *susi_ps_new(const char *hmm, const char *dict, const char *lm, char *message, size_t size);
void susi_ps_free(susi_ps *ps);

/// Adds a search from a JSGF grammar file; 0 on success.
int susi_ps_add_jsgf(susi_ps *ps, const char *name, const char *path);
/// Adds a keyphrase-spotting search; `threshold` is e.g. 1e-20.
int susi_ps_add_keyphrase(susi_ps *ps, const char *name, const char *phrase, double threshold);
/// Chooses the search the next utterance uses; 0 on success.
int susi_ps_use(susi_ps *ps, const char *name);
/// Whether the dictionary knows `word` (lower case).
int susi_ps_knows(susi_ps *ps, const char *word);

int susi_ps_start(susi_ps *ps);
/// Feeds 16 kHz mono 16-bit samples; returns a negative number on failure.
int susi_ps_process(susi_ps *ps, const int16_t *samples, size_t count);
int susi_ps_end(susi_ps *ps);
/// The best hypothesis so far (NULL when none; valid until the next call),
/// its score, and its posterior probability (0...1; 0 when not computed).
const char *susi_ps_hypothesis(susi_ps *ps, int32_t *score, double *probability);

#endif
