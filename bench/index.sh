#!/bin/sh
# The skill index at corpus scale: `susi skills import` of the whole public corpus
# (target <= 5 s), then one-shot `susi chat "<query>"` processes answering from it
# (target: median <= 40 ms each). Needs ../shared/skill-corpus and hyperfine.
set -eu
susi="${1:-.build/release/susi}"
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="${SUSI_CORPUS:-$root/../shared/skill-corpus}"
if [ ! -d "$corpus/models" ]; then
    echo "index bench skipped: no skill corpus at $corpus (set SUSI_CORPUS)"
    exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1 COLUMNS=80 LANG=C

# Each import run starts from an empty SUSI_HOME, so it measures a first import.
hyperfine --shell=none --warmup 1 --runs 5 --style basic --export-json "$out/import.json" \
    --prepare "rm -rf $out/home" \
    -n import "$susi skills import $corpus" >/dev/null 2>"$out/hyperfine.log"

"$susi" skills import "$corpus" >/dev/null 2>&1
hyperfine --shell=none --warmup 5 --runs 100 --style basic --export-json "$out/chat.json" \
    -n hello "$susi chat hello" \
    -n joke "$susi chat 'tell me a joke'" \
    -n weather "$susi chat 'what is the weather in berlin'" \
    -n aiml "$susi chat 'do you like cheese'" \
    -n none "$susi chat 'xyzzy plugh'" >/dev/null 2>>"$out/hyperfine.log"

python3 - "$out/import.json" "$out/chat.json" <<'PY'
import json, sys
failed = False
print("skill index (hyperfine; milliseconds)")
print(f"{'command':<16}{'median':>9}{'mean':>9}{'stddev':>9}{'max':>9}  target")
for path, target in ((sys.argv[1], 5000.0), (sys.argv[2], 40.0)):
    for r in json.load(open(path))["results"]:
        median, mean, sd, mx = (r[k] * 1000 for k in ("median", "mean", "stddev", "max"))
        ok = median <= target
        failed |= not ok
        print(f"{r['command']:<16}{median:9.2f}{mean:9.2f}{sd:9.2f}{mx:9.2f}  <= {target:g} ms {'PASS' if ok else 'FAIL'}")
sys.exit(1 if failed else 0)
PY
