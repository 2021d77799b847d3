#!/bin/sh
# `susi serve` under a good load with hostile clients mixed in, all on
# 127.0.0.1: wrk asks /susi/chat.json for the whole time while
# bench/soak_client.py holds 200 trickling sockets (from 127.0.0.2-11), sends
# 20 hostile requests a second (huge headers and URIs, bad encodings, NUL and
# invalid UTF-8 in every kind of parameter, header and parameter counts
# around their limits, control bytes, every numeric parameter at its
# extremes, bad versions, garbage), a message-framing attack every fourth of
# them (each must get one answer and a closed connection: nothing smuggled),
# and times one normal question a second. Resident memory is sampled every 5 s.
# Pass: the server never dies, exits 0 on SIGTERM, every probe answered 200
# within 1 s, no framing attack gets a second answer or an open connection,
# wrk sees no socket errors and no non-2xx answers, and memory is flat (the last sample within 20% or 16 MiB of the first after warm-up).
# The figures are written to bench/RESULTS.md (its "soak" section).
# Usage: sh bench/soak.sh [.build/release/susi] [seconds, default 60]
set -eu
susi="${1:-.build/release/susi}"
seconds="${2:-60}"
dir=$(cd "$(dirname "$0")" && pwd)
connections=16

. "$(dirname "$0")/serve-lib.sh"
need_wrk soak
start_serve soak "$susi"
wrk -t2 -c$connections -d2s "$url" >/dev/null   # warm the workers' minds

rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0; }
echo "soak: susi serve for ${seconds}s: wrk -t2 -c$connections on /susi/chat.json?q=hello plus hostile clients (bench/soak_client.py)"
python3 "$dir/soak_client.py" "$port" "$seconds" >"$out/hostile.json" &
client=$!
wrk -t2 -c$connections -d"${seconds}s" --latency "$url" >"$out/wrk.txt" 2>&1 &
load=$!
: >"$out/rss"
elapsed=0
while [ "$elapsed" -lt "$seconds" ]; do
    sleep 5
    elapsed=$((elapsed + 5))
    echo "$elapsed $(rss)" >>"$out/rss"
done
wait "$load" || true
wait "$client" || true
alive=no
kill -0 "$pid" 2>/dev/null && alive=yes
kill -TERM "$pid"
wait "$pid" && status=0 || status=$?
pid=

rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\)/\1/p' "$out/wrk.txt")
p99=$(awk '$1 == "99%" {print $2}' "$out/wrk.txt")
wrk_errors=$(awk '/Socket errors/ {gsub(",", ""); s = $4 + $6 + $8 + $10} /Non-2xx/ {s += $5} END {print s + 0}' "$out/wrk.txt")
rss_first=$(awk 'NR == 2 {print $2}' "$out/rss")
rss_last=$(tail -n 1 "$out/rss" | awk '{print $2}')
rss_peak=$(awk 'max < $2 {max = $2} END {print max}' "$out/rss")
hostile=$(cat "$out/hostile.json")
field() { python3 -c "import json,sys; print(json.loads(sys.argv[1])$2)" "$hostile"; }
probes=$(field "$hostile" "['probes']")
probe_failures=$(field "$hostile" "['probe_failures']")
probe_slow=$(field "$hostile" "['probe_over_1s']")
probe_slowest=$(field "$hostile" "['probe_slowest_ms']")
hostile_sent=$(field "$hostile" "['hostile_sent']")
hostile_statuses=$(field "$hostile" "['hostile_statuses']")
framing_sent=$(field "$hostile" "['framing_sent']")
framing_statuses=$(field "$hostile" "['framing_statuses']")
framing_smuggled=$(field "$hostile" "['framing_smuggled']")
framing_open=$(field "$hostile" "['framing_left_open']")
trickle_opened=$(field "$hostile" "['trickle_opened']")
trickle_closed=$(field "$hostile" "['trickle_closed_by_server']")
timeouts=$(grep -c ' 408 ' "$out/serve.log" || true)
dropped=$(sed -n 's/^susi serve: \([0-9]*\) access-log line.*/\1/p' "$out/serve.log" | awk '{s += $1} END {print s + 0}')

verdict=PASS
[ "$alive" = yes ] || verdict=FAIL
[ "$status" -eq 0 ] || verdict=FAIL
[ "$probe_failures" -eq 0 ] && [ "$probe_slow" -eq 0 ] || verdict=FAIL
[ "$wrk_errors" -eq 0 ] || verdict=FAIL
[ "$framing_smuggled" -eq 0 ] && [ "$framing_open" -eq 0 ] || verdict=FAIL
awk -v a="$rss_first" -v b="$rss_last" 'BEGIN { exit !(b <= a * 1.2 || b <= a + 16384) }' || verdict=FAIL

report=$(cat <<EOF
## soak (bench/soak.sh)

Measured $(date -u '+%Y-%m-%d %H:%M UTC') with \`sh bench/soak.sh $susi $seconds\` ($(nproc) cores, shared).

| figure | value |
|---|---|
| server alive at the end, exit on SIGTERM | $alive, $status |
| wrk (-t2 -c$connections, ${seconds}s) | $rate req/s, p99 $p99, $wrk_errors errors / non-2xx |
| normal probes (1/s from 127.0.0.1) | $probes sent, $probe_failures failed, $probe_slow over 1 s, slowest $probe_slowest ms |
| hostile requests | $hostile_sent sent, statuses $hostile_statuses |
| framing attacks (one answer, then closed) | $framing_sent sent, answers $framing_statuses, $framing_smuggled with a second answer, $framing_open left open |
| trickling sockets (200 held, from 127.0.0.2-11) | $trickle_opened opened, $trickle_closed closed by the server, $timeouts 408s logged |
| resident memory (5 s samples) | ${rss_first} KiB at 10 s, ${rss_last} KiB at the end, peak ${rss_peak} KiB |
| access-log lines dropped | $dropped |
| verdict | $verdict |
EOF
)
echo "$report"
results="$dir/RESULTS.md"
[ -f "$results" ] || printf '# Benchmark results\n\nEach script replaces its own section.\n' >"$results"
# Replace this script's section (from its heading to the next "## "), keep the rest.
section="$report" awk '
    /^## soak \(bench\/soak.sh\)/ { skip = 1; next }
    skip && /^## / { skip = 0 }
    !skip { print }
    END { print ""; print ENVIRON["section"] }
' "$results" | cat -s >"$out/results" && cp "$out/results" "$results"
[ "$verdict" = PASS ]
