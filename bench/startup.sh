#!/bin/sh
# Start-up cost: `susi --version` and `susi --help` next to /bin/true.
# Target: median <= 15 ms for both. Needs hyperfine (make deps installs it).
# With a second binary (sh bench/startup.sh NEW OLD), both are timed in the
# same run, interleaved by hyperfine, and the medians' ratio NEW/OLD printed.
set -eu
susi="${1:-.build/release/susi}"
baseline="${2:-}"
target_ms=15
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1 COLUMNS=80

set -- -n true /bin/true -n version "$susi --version" -n help "$susi --help"
if [ -n "$baseline" ]; then
    set -- "$@" -n baseline-version "$baseline --version" -n baseline-help "$baseline --help"
fi
hyperfine --shell=none --warmup 10 --runs 200 --style basic \
    --export-json "$out/startup.json" "$@" >/dev/null 2>"$out/hyperfine.log"

python3 - "$out/startup.json" "$target_ms" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
target = float(sys.argv[2])
failed = False
print("startup (hyperfine, 200 runs, 10 warm-up; milliseconds)")
print(f"{'command':<18}{'median':>9}{'mean':>9}{'stddev':>9}{'max':>9}  target")
for name in ("true", "version", "help", "baseline-version", "baseline-help"):
    if name not in results:
        continue
    r = results[name]
    median, mean, sd, mx = (r[k] * 1000 for k in ("median", "mean", "stddev", "max"))
    verdict = ""
    if name in ("version", "help"):
        ok = median <= target
        failed |= not ok
        verdict = f"<= {target:g} ms {'PASS' if ok else 'FAIL'}"
    print(f"{name:<18}{median:9.2f}{mean:9.2f}{sd:9.2f}{mx:9.2f}  {verdict}")
for name in ("version", "help"):
    if "baseline-" + name in results:
        ratio = results[name]["median"] / results["baseline-" + name]["median"]
        print(f"{name}: median ratio to the baseline binary {ratio:.3f}")
sys.exit(1 if failed else 0)
PY
