#!/bin/sh
# SUSI's voice: how fast speech stops, and what 1 MB of text costs.
#   sh bench/voice.sh [SUSI_BINARY] [RUNS]
# Stop targets: median <= 100 ms for the library's cancel (a synthesis on
# another thread) and for stopping a player child (SIGTERM, reaped).
# Then `susi voice say - --out` on 1 MB of text at rate 2.0: wall time,
# peak memory (target: under 64 MB, independent of the text's length) and
# the WAV's size. Needs /usr/bin/time (make deps installs it) and about
# 1.3 GB free in $TMPDIR for the WAV, which is removed afterwards.
set -eu
susi="${1:-.build/release/susi}"
runs="${2:-20}"
target_ms=100
limit_kb=65536
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export SUSI_HOME="$dir/home" SUSI_LOOPBACK_ONLY=1

swift build -c release --product susi-voice-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/susi-voice-bench"
echo "stop latency ($runs runs; milliseconds)"
printf '%-8s%6s%9s%9s  target\n' measure runs median max
failed=0
"$bench" "$runs" > "$dir/stop.txt"
while read -r name n median max; do
    verdict=PASS
    if awk "BEGIN { exit !($median > $target_ms) }"; then verdict=FAIL; failed=1; fi
    printf '%-8s%6s%9s%9s  <= %s ms %s\n' "$name" "$n" "$median" "$max" "$target_ms" "$verdict"
done < "$dir/stop.txt"

python3 - "$dir/text.txt" <<'PY'
import random, sys
random.seed(14)
words = "the quick brown fox jumps over a lazy dog while susi speaks every answer aloud".split()
out, size = [], 0
while size < 1 << 20:
    sentence = " ".join(random.choice(words) for _ in range(12)).capitalize() + ". "
    out.append(sentence)
    size += len(sentence)
open(sys.argv[1], "w").write("".join(out) + "\n")
PY
/usr/bin/time -f "%e %M" -o "$dir/time.txt" "$susi" voice say - --rate 2.0 --out "$dir/long.wav" < "$dir/text.txt" 2>"$dir/say.log" || { cat "$dir/say.log"; exit 1; }
read -r seconds peak_kb < "$dir/time.txt"
bytes=$(wc -c < "$dir/long.wav")
verdict=PASS
if [ "$peak_kb" -gt "$limit_kb" ]; then verdict=FAIL; failed=1; fi
echo "1 MB of text (rate 2.0) to WAV: ${seconds} s, peak memory ${peak_kb} KB (<= ${limit_kb} KB $verdict), WAV ${bytes} bytes"
exit $failed
