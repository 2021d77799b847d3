#!/bin/sh
# `susi serve` under load: /susi/chat.json with wrk, 16 connections, for a
# bounded time, reported in 10-second windows so a decay shows, plus the
# server's resident memory (from /proc) at the end.
# Target: >= 5000 req/s on 2 cores, 0 errors, no window below 80% of the first.
# Usage: sh bench/serve.sh [.build/release/susi] [seconds, default 60]
set -eu
susi="${1:-.build/release/susi}"
seconds="${2:-60}"
window=10
connections=16
target=5000

. "$(dirname "$0")/serve-lib.sh"
need_wrk serve
start_serve serve "$susi"
command="wrk -t2 -c$connections -d${window}s --latency '$url'"

curl -sf "$url" >/dev/null 2>&1 || true   # warm the worker threads' minds
wrk -t2 -c$connections -d2s "$url" >/dev/null

echo "serve: susi serve, GET /susi/chat.json?q=hello, $connections connections, ${seconds}s in ${window}s windows"
echo "command per window: $command"
printf '%-8s %10s %10s %10s %8s\n' window "req/s" "p50 ms" "p99 ms" errors
elapsed=0
n=0
: >"$out/rates"
while [ "$elapsed" -lt "$seconds" ]; do
    n=$((n + 1))
    wrk -t2 -c$connections -d${window}s --latency "$url" >"$out/wrk.$n" 2>&1
    rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' "$out/wrk.$n")
    p50=$(awk '$1 == "50%" {print $2}' "$out/wrk.$n")
    p99=$(awk '$1 == "99%" {print $2}' "$out/wrk.$n")
    errors=$(awk '/Socket errors/ {gsub(",", ""); s = $4 + $6 + $8 + $10} /Non-2xx/ {s += $5} END {print s + 0}' "$out/wrk.$n")
    printf '%-8s %10s %10s %10s %8s\n' "$elapsed-$((elapsed + window))s" "$rate" "$p50" "$p99" "$errors"
    echo "$rate $errors" >>"$out/rates"
    elapsed=$((elapsed + window))
done
rss=$(awk '/^VmRSS/ {print $2 " " $3}' "/proc/$pid/status")
hwm=$(awk '/^VmHWM/ {print $2 " " $3}' "/proc/$pid/status")
echo "resident memory at the end: $rss (peak $hwm)"

kill -TERM "$pid"
wait "$pid" && status=0 || status=$?
pid=
echo "SIGTERM: exit $status"

awk -v target="$target" -v status="$status" '
    { rate[NR] = $1; errors += $2; sum += $1 }
    END {
        mean = sum / NR; min = rate[1]
        for (i = 2; i <= NR; i++) if (rate[i] < min) min = rate[i]
        ok_rate = mean >= target; ok_errors = errors == 0; ok_decay = min >= 0.8 * rate[1]; ok_exit = status == 0
        printf "mean %.0f req/s (target >= %d: %s), errors %d (%s), slowest window %.0f%% of the first (>= 80%%: %s), exit %d (%s)\n",
            mean, target, ok_rate ? "PASS" : "FAIL", errors, ok_errors ? "PASS" : "FAIL",
            100 * min / rate[1], ok_decay ? "PASS" : "FAIL", status, ok_exit ? "PASS" : "FAIL"
        exit (ok_rate && ok_errors && ok_decay && ok_exit) ? 0 : 1
    }' "$out/rates"
