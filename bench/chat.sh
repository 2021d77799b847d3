#!/bin/sh
# One-shot `susi chat` on the embedded SUSI with only the bundled skills.
# Target: median <= 25 ms. Needs hyperfine (make deps installs it).
set -eu
susi="${1:-.build/release/susi}"
target_ms=25
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1
"$susi" chat hello >/dev/null   # create the database first: the first run also builds it

hyperfine --shell=none --warmup 5 --runs 100 --style basic --export-json "$out/chat.json" \
    -n hello "$susi chat hello" \
    -n time "$susi chat 'what time is it'" \
    -n calculate "$susi chat 'calculate (3 + 4) * 5'" >/dev/null 2>"$out/hyperfine.log"

python3 - "$out/chat.json" "$target_ms" <<'PY'
import json, sys
target = float(sys.argv[2])
failed = False
print("one-shot chat, bundled skills (hyperfine, 100 runs; milliseconds)")
print(f"{'query':<12}{'median':>9}{'mean':>9}{'max':>9}  target")
for r in json.load(open(sys.argv[1]))["results"]:
    median, mean, mx = (r[k] * 1000 for k in ("median", "mean", "max"))
    ok = median <= target
    failed |= not ok
    print(f"{r['command']:<12}{median:9.2f}{mean:9.2f}{mx:9.2f}  <= {target:g} ms {'PASS' if ok else 'FAIL'}")
sys.exit(1 if failed else 0)
PY
