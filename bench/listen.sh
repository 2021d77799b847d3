#!/bin/sh
# Speech recognition (susi listen): espeak-ng speaks skill example queries,
# PocketSphinx recognises them with the skills grammar and with the generic
# model, side by side.
#   sh bench/listen.sh [SUSI_BINARY]
# Reports word accuracy (1 - word error rate), exact-match rate, recognition
# latency (end of speech to text: the `latency_seconds` of each utterance,
# the pause that ends it plus the recognition), the recognition time alone
# (`recognition_seconds`: from the end of the utterance's audio to its text)
# and the real-time factor (recognition time / audio time), medians.
# All queries are spoken into one WAV (1 s of silence between them), so the
# model loads once per mode. Writes its section of bench/RESULTS.md.
set -eu
susi="${1:-.build/release/susi}"
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export SUSI_HOME="$dir/home" SUSI_LOOPBACK_ONLY=1
cat > "$dir/queries.txt" <<'Q'
what time is it
what is the date today
what year is it
list the planets
how many planets are there
what is the biggest planet
who are you
what is your name
who made you
are you open source
how old are you
are you a robot
what can you do
how do i use you
good morning
thank you
where is your source code
how can i write a skill
who wrote hamlet
what is the speed of light
how many continents are there
what is the highest mountain
who invented linux
where is the eiffel tower
where is the taj mahal
how do you say hello in german
how do you say thank you in french
set a timer for 5 minutes
what is the meaning of life
do you like cats
tell me a joke
roll 2 dice
Q
n=0
while IFS= read -r query; do
    n=$((n + 1))
    "$susi" voice say "$query" --voice en-us --out "$dir/q$n.wav" 2>/dev/null
done < "$dir/queries.txt"
python3 - "$dir" "$n" <<'PY'
import sys, wave
d, n = sys.argv[1], int(sys.argv[2])
out = wave.open(d + "/all.wav", "wb")
first = True
for i in range(1, n + 1):
    w = wave.open(f"{d}/q{i}.wav")
    if first:
        out.setnchannels(1); out.setsampwidth(2); out.setframerate(w.getframerate()); first = False
        silence = b"\0\0" * w.getframerate()
        out.writeframes(silence)
    out.writeframes(w.readframes(w.getnframes()) + silence)
out.close()
PY
"$susi" listen --transcribe --file "$dir/all.wav" --json > "$dir/skills.jsonl"
"$susi" listen --transcribe --generic --file "$dir/all.wav" --json > "$dir/generic.jsonl"
report=$(python3 - "$dir" "$susi" <<'PY'
import json, statistics, sys, time
d, susi = sys.argv[1], sys.argv[2]
queries = [q.strip() for q in open(d + "/queries.txt") if q.strip()]
def distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]
lines = [f"## listen (bench/listen.sh)", "",
         f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} with `sh bench/listen.sh {susi}` "
         f"(2 cores, shared): {len(queries)} skill example queries spoken by espeak-ng (en-us, 175 words a minute).", "",
         "| model | utterances found | word accuracy | exact match | end of speech to text median (max) | recognition median (max) | real-time factor median |",
         "|---|---|---|---|---|---|---|"]
for mode in ("skills", "generic"):
    got = [json.loads(l) for l in open(f"{d}/{mode}.jsonl") if l.strip()]
    words = errors = exact = 0
    for query, heard in zip(queries, got):
        ref, hyp = query.split(), heard["text"].split()
        words += len(ref); errors += distance(ref, hyp); exact += ref == hyp
    words += sum(len(q.split()) for q in queries[len(got):]); errors += sum(len(q.split()) for q in queries[len(got):])
    end = [g["latency_seconds"] for g in got]; lat = [g["recognition_seconds"] for g in got]; rtf = [g["real_time_factor"] for g in got]
    name = "skills grammar" if mode == "skills" else "generic model"
    lines.append(f"| {name} | {len(got)} of {len(queries)} | {100 * (1 - errors / words):.1f}% | {exact} of {len(queries)} ({100 * exact / len(queries):.0f}%) "
                 f"| {statistics.median(end):.3f} s ({max(end):.3f} s) | {statistics.median(lat):.3f} s ({max(lat):.3f} s) | {statistics.median(rtf):.3f} |")
    if mode == "skills":
        missed = [f"'{q}' → '{g['text']}'" for q, g in zip(queries, got) if q.split() != g["text"].split()]
        note = "Misheard with the grammar: " + ("; ".join(missed) if missed else "none") + "."
lines += ["", note, "",
          "End of speech to text is what a speaker waits for with a live microphone: the 0.6 s pause that ends an utterance "
          "(voice activity detection) plus the recognition. Recognition is measured from the end of the utterance's audio to its text "
          "(the skills grammar decodes twice: a warm-up pass fits the cepstral mean); the real-time factor is recognition time over audio time."]
print("\n".join(lines))
PY
)
echo "$report"
results="$here/RESULTS.md"
section="$report" awk '
    /^## listen \(bench\/listen.sh\)/ { skip = 1; next }
    skip && /^## / { skip = 0 }
    !skip { print }
    END { print ""; print ENVIRON["section"] }
' "$results" | cat -s >"$dir/results" && cp "$dir/results" "$results"
