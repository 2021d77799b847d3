#!/bin/sh
# The reminder watcher at rest: `susi remind watch` with 0 and with 1,000
# pending reminders (none due within the window), CPU time (utime + stime,
# /proc/PID/stat) and voluntary context switches (/proc/PID/status: each
# is a sleep that ended, i.e. a wake-up) over WINDOW seconds, after a
# settling second. Target: no wake-ups between due times.
#   sh bench/remind.sh .build/release/susi [WINDOW]
set -eu
susi="${1:-.build/release/susi}"
window="${2:-30}"
home=$(mktemp -d)
export SUSI_HOME="$home" SUSI_LOOPBACK_ONLY=1 TZ=UTC
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT
ticks=$(getconf CLK_TCK)

measure() { # label
    "$susi" remind watch >/dev/null 2>&1 &
    pid=$!
    sleep 1
    set -- "$1" $(cut -d' ' -f14,15 "/proc/$pid/stat") $(awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$pid/status")
    label=$1 cpu0=$(( $2 + $3 )) wake0=$4
    sleep "$window"
    set -- "$label" $(cut -d' ' -f14,15 "/proc/$pid/stat") $(awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$pid/status")
    cpu=$(( $2 + $3 - cpu0 )) wakes=$(( $4 - wake0 ))
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
    echo "remind watch, $label: ${cpu} ticks of CPU (1/$ticks s) and $wakes wake-ups in ${window} s"
}

measure "0 pending"
begin=$(date +%s)
i=1
while [ "$i" -le 1000 ]; do
    "$susi" remind "bench $i" --in "$(( i + 1 ))h" >/dev/null
    i=$(( i + 1 ))
done
echo "remind: stored 1000 reminders in $(( $(date +%s) - begin )) s"
if "$susi" timer 5m >/dev/null 2>&1; then echo "remind: the 1001st was not refused"; exit 1; fi
measure "1000 pending"
