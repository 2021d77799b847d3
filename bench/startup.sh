#!/bin/sh
# Start-up cost: `susi --version` and `susi --help` next to /bin/true.
# Target: median <= 15 ms for both. Needs hyperfine (make deps installs it).
set -eu
susi="${1:-.build/release/susi}"
target_ms=15
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1 COLUMNS=80

hyperfine --shell=none --warmup 10 --runs 200 --style basic \
    --export-json "$out/startup.json" \
    -n true /bin/true \
    -n version "$susi --version" \
    -n help "$susi --help" >/dev/null 2>"$out/hyperfine.log"

python3 - "$out/startup.json" "$target_ms" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
target = float(sys.argv[2])
failed = False
print("startup (hyperfine, 200 runs, 10 warm-up; milliseconds)")
print(f"{'command':<16}{'median':>9}{'mean':>9}{'stddev':>9}{'max':>9}  target")
for name in ("true", "version", "help"):
    r = results[name]
    median, mean, sd, mx = (r[k] * 1000 for k in ("median", "mean", "stddev", "max"))
    verdict = ""
    if name != "true":
        ok = median <= target
        failed |= not ok
        verdict = f"<= {target:g} ms {'PASS' if ok else 'FAIL'}"
    print(f"{name:<16}{median:9.2f}{mean:9.2f}{sd:9.2f}{mx:9.2f}  {verdict}")
sys.exit(1 if failed else 0)
PY
