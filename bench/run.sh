#!/bin/sh
# Runs every benchmark against a release binary: sh bench/run.sh .build/release/susi
set -eu
susi="${1:-.build/release/susi}"
dir=$(dirname "$0")
status=0
for bench in "$dir"/ratios.sh "$dir"/startup.sh "$dir"/complete.sh "$dir"/chat.sh "$dir"/engine.sh "$dir"/index.sh "$dir"/patterns.sh "$dir"/serve.sh "$dir"/soak.sh "$dir"/voice.sh "$dir"/listen.sh; do
    sh "$bench" "$susi" || status=1
done
exit $status
