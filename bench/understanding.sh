#!/bin/sh
# Issue 31: how many of the paraphrases in bench/understanding.tsv reach the
# skill they ask for, and how many unrelated questions a skill grabs. Each
# query is a one-shot `susi chat --json` in a fresh temporary home with the
# bundled skills only; the answering skill is the reply's skills[0]. Weather
# goes to a closed loopback port (the weather skill still answers, saying it
# cannot reach the service), so nothing leaves the machine.
# Usage: sh bench/understanding.sh [.build/debug/susi] [-v] [set.tsv]
# Prints the two shares per set; with -v also every miss and every grab. Without
# a set named it measures all four: bench/understanding.tsv (used while tuning),
# bench/understanding-heldout.tsv (held out, written after the first review),
# bench/understanding-fresh.tsv (held out, written from skill descriptions only)
# and bench/understanding-blind.tsv (blind, written before the session's changes).
set -eu
susi="${1:-.build/debug/susi}"
verbose="${2:-}"
dir=$(cd "$(dirname "$0")" && pwd)
if [ -z "${3:-}" ]; then
    for set_file in understanding.tsv understanding-heldout.tsv understanding-fresh.tsv understanding-blind.tsv; do
        echo "== bench/$set_file"
        sh "$0" "$susi" "${verbose:--}" "$dir/$set_file"
    done
    exit 0
fi
set_file="$3"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export SUSI_HOME="$home" SUSI_LOOPBACK_ONLY=1 LANG=C \
    SUSI_WEATHER_URL=http://127.0.0.1:9/v1/forecast SUSI_GEOCODING_URL=http://127.0.0.1:9/v1/search
right=0; asked=0; grabbed=0; unrelated=0; misses=""
tab=$(printf '\t')
while IFS="$tab" read -r want query; do
    case "$want" in ''|'#'*) continue ;; esac
    reply=$("$susi" chat --json -- "$query" 2>/dev/null || true)
    got=$(printf '%s' "$reply" | sed -n 's/.*"skills":\["\([^"]*\)".*/\1/p' | sed 's#.*/##; s#\.txt$##')
    if [ "$want" = "-" ]; then
        unrelated=$((unrelated + 1))
        if [ -n "$got" ]; then
            grabbed=$((grabbed + 1)); misses="$misses
grabbed by $got: $query"
        fi
    else
        asked=$((asked + 1))
        if [ "$got" = "$want" ]; then right=$((right + 1)); else misses="$misses
missed ($want, got ${got:-fallback}): $query"; fi
    fi
done < "$set_file"
[ "$verbose" = "-v" ] && printf '%s\n' "$misses" | sed '/^$/d' | sort
awk -v r="$right" -v a="$asked" -v g="$grabbed" -v u="$unrelated" 'BEGIN {
    printf "right skill: %d of %d paraphrases (%.1f%%)\n", r, a, 100 * r / a
    printf "grabbed:     %d of %d unrelated questions (%.1f%%)\n", g, u, 100 * g / u }'
