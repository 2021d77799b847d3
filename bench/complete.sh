#!/bin/sh
# Completion start-up: `susi __complete` (what every Tab in bash, zsh and
# fish runs) next to `susi --version`. Three requests: a first word (the
# tree only), an option value from allowed values, and a skill name (the
# "skills" provider: the embedded SUSI's database, warmed first).
# Target: each median <= 15 ms and at most 1.5x the --version median.
# Needs hyperfine (make deps installs it). The figures are written to
# bench/RESULTS.md (its "complete" section).
set -eu
dir=$(dirname "$0")
susi="${1:-.build/release/susi}"
target_ms=15
target_ratio=1.5
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1 COLUMNS=80
# The first use creates the embedded database; that is not what is timed.
"$susi" __complete skills info "" >/dev/null

hyperfine --shell=none --warmup 10 --runs 200 --style basic --export-json "$out/complete.json" \
    -n version "$susi --version" \
    -n first-word "$susi __complete sk" \
    -n option-value "$susi __complete skills list --sort ''" \
    -n skill-name "$susi __complete skills info c" >/dev/null 2>"$out/hyperfine.log"

status=0
python3 - "$out/complete.json" "$target_ms" "$target_ratio" "$susi" >"$out/report" <<'PY' || status=1
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
target, ratio_target = float(sys.argv[2]), float(sys.argv[3])
version = results["version"]["median"]
failed = False
import datetime
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
print("## complete (bench/complete.sh)\n")
print(f"Measured {now} with `sh bench/complete.sh {sys.argv[4]}` (hyperfine, 200 runs, 10 warm-up; milliseconds).\n")
print("| command | median | mean | stddev | max | ratio to --version | target |")
print("|---|---|---|---|---|---|---|")
for name in ("version", "first-word", "option-value", "skill-name"):
    r = results[name]
    median, mean, sd, mx = (r[k] * 1000 for k in ("median", "mean", "stddev", "max"))
    ratio = r["median"] / version
    verdict = ""
    if name != "version":
        ok = median <= target and ratio <= ratio_target
        failed |= not ok
        verdict = f"<= {target:g} ms and <= {ratio_target:g}x --version {'PASS' if ok else 'FAIL'}"
    print(f"| {name} | {median:.2f} | {mean:.2f} | {sd:.2f} | {mx:.2f} | {ratio:.2f} | {verdict} |")
sys.exit(1 if failed else 0)
PY
cat "$out/report"
results="$dir/RESULTS.md"
[ -f "$results" ] || printf '# Benchmark results\n\nEach script replaces its own section.\n' >"$results"
# Replace this script's section (from its heading to the next "## "), keep the rest.
section=$(cat "$out/report") awk '
    /^## complete \(bench\/complete.sh\)/ { skip = 1; next }
    skip && /^## / { skip = 0 }
    !skip { print }
    END { print ""; print ENVIRON["section"] }
' "$results" | cat -s >"$out/results" && cp "$out/results" "$results"
exit $status
