#!/bin/sh
# Runs every benchmark against a release binary: sh bench/run.sh .build/release/susi
# Meant to stay under about 10 minutes on the 2-core machine: the ratios'
# 60 s decay run replaces bench/serve.sh's (run it by hand for longer), and
# the soak is 30 s. Each benchmark's wall time is printed as it ends.
set -eu
susi="${1:-.build/release/susi}"
dir=$(dirname "$0")
status=0
started=$(date +%s)
for entry in ratios.sh:60 startup.sh complete.sh chat.sh engine.sh index.sh patterns.sh soak.sh:30 voice.sh listen.sh remind.sh; do
    bench=${entry%%:*}
    argument=
    case "$entry" in *:*) argument=${entry#*:} ;; esac
    begin=$(date +%s)
    sh "$dir/$bench" "$susi" $argument || status=1
    echo "bench: $bench took $(( $(date +%s) - begin )) s"
done
echo "bench: all took $(( $(date +%s) - started )) s"
exit $status
