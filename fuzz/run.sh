#!/bin/sh
# Runs the libFuzzer targets built by fuzz/build.sh (see fuzz/README.md).
#
# Each target first replays its recorded crash inputs (fuzz/crashes/<target>/),
# then fuzzes from its seeds: fuzz/corpus/<target>/ and, for the skill reader
# and the pattern compiler, the public skills in ../shared/skill-corpus.
# It stops after FUZZ_RUNS executions or FUZZ_MAX_TIME seconds, whichever
# comes first, and fails when it found a crash or, with FUZZ_MIN_RUNS set,
# ran fewer executions than that.
#
# Usage: fuzz/run.sh [target...]   (default: every target)
# Environment: FUZZ_RUNS (100000), FUZZ_MAX_TIME (seconds per target, 600),
#              FUZZ_MIN_RUNS (0), FUZZ_BUILD (.build/fuzz),
#              SUSI_SKILL_CORPUS (../shared/skill-corpus)
set -eu
cd "$(dirname "$0")/.."
FUZZ_BUILD=${FUZZ_BUILD:-.build/fuzz}
FUZZ_RUNS=${FUZZ_RUNS:-100000}
FUZZ_MAX_TIME=${FUZZ_MAX_TIME:-600}
FUZZ_MIN_RUNS=${FUZZ_MIN_RUNS:-0}
SKILL_CORPUS=${SUSI_SKILL_CORPUS:-../shared/skill-corpus}
. fuzz/targets.sh
targets=${*:-$FUZZ_TARGETS}

# Swift's own crash handler reads the stack from another thread, which ASan
# reports as a stack-buffer-overflow; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
# ASan records a stack for every allocation by default; the engine allocates a
# lot, and without it the skill reader runs about a fifth faster. Replay a crash
# with ASAN_OPTIONS= to see where a bad block was allocated.
export ASAN_OPTIONS=${ASAN_OPTIONS-malloc_context_size=0}

# Seeds for the pattern compiler from the corpus: pattern lines (the first line
# of each block) split at `|`, each with a query made from it (`*` -> "something").
pattern_seeds() {
    out="$FUZZ_BUILD/seeds/pattern-compiler"
    rm -rf "$out"
    mkdir -p "$out"
    find "$SKILL_CORPUS/models" -name '*.txt' -print0 | xargs -0 awk -v out="$out" '
        FNR == 1 { start = 1; taken = 0 }
        { sub(/\r$/, "") }
        /^[ \t]*$/ { start = 1; next }
        /^#/ { next }
        start && taken < 20 && !/^(::|!|\{|\}|\[|\])/ {
            n = split($0, alternatives, "|")
            for (k = 1; k <= n && taken < 20; k++) {
                query = alternatives[k]
                gsub(/[*_+]/, "something", query)
                file = out "/" ++seeds
                printf "%s\n%s", alternatives[k], query > file
                close(file)
                taken++
            }
        }
        { start = 0 }'
    echo "$out"
}

failed=""
crashed=""
summary=""
for target in $targets; do
    binary="$FUZZ_BUILD/bin/$target"
    [ -x "$binary" ] || { echo "error: $binary is missing; run fuzz/build.sh first (or 'make fuzz')" >&2; exit 66; }
    work="$FUZZ_BUILD/corpus/$target"
    artifacts="$FUZZ_BUILD/artifacts/$target"
    log="$FUZZ_BUILD/logs/$target.log"
    mkdir -p "$work" "$artifacts" "$(dirname "$log")"
    seeds="fuzz/corpus/$target"
    options="-max_len=4096"
    case "$target" in
        skill-reader | pattern-compiler)
            if [ -d "$SKILL_CORPUS/models" ]; then
                if [ "$target" = skill-reader ]; then
                    seeds="$seeds $SKILL_CORPUS/models"
                else
                    seeds="$seeds $(pattern_seeds)"
                fi
            else
                echo "fuzz: $target: $SKILL_CORPUS/models is missing; seeding from fuzz/corpus/$target only"
            fi
            ;;
    esac

    recorded=$(find "fuzz/crashes/$target" -type f 2>/dev/null | sort)
    if [ -n "$recorded" ]; then
        # shellcheck disable=SC2086
        if ! "$binary" $recorded >"$log.replay" 2>&1; then
            echo "fuzz: $target: a recorded crash input fails again; see $log.replay" >&2
            failed="$failed $target"
            crashed=yes
            summary="$summary$target: FAILED: a recorded crash input fails again ($log.replay)
"
            continue
        fi
    fi

    echo "fuzz: $target: up to $FUZZ_RUNS executions or $FUZZ_MAX_TIME s"
    status=0
    # shellcheck disable=SC2086
    "$binary" $options -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_MAX_TIME" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$work" $seeds >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.*\(cov: [0-9]* ft: [0-9]*\).*/\1/p')
    line="$target: ${runs:-?} executions in ${seconds:-?} s, ${coverage:-no coverage line}"
    if [ "$status" -ne 0 ]; then
        crash=$(ls -t "$artifacts" | head -1)
        line="$line, FAILED (exit $status): $artifacts/$crash, log $log"
        failed="$failed $target"
        crashed=yes
    elif [ "${runs:-0}" -lt "$FUZZ_MIN_RUNS" ]; then
        line="$line, FAILED: fewer than $FUZZ_MIN_RUNS executions within $FUZZ_MAX_TIME s"
        failed="$failed $target"
    fi
    echo "fuzz: $line"
    summary="$summary$line
"
done

printf '\nfuzz summary:\n%s' "$summary"
if [ -n "$failed" ]; then
    echo "fuzz: failed:$failed" >&2
    if [ -n "$crashed" ]; then
        echo "fuzz: minimise a crash with 'SWIFT_BACKTRACE=enable=no $FUZZ_BUILD/bin/<target> -minimize_crash=1 -runs=10000 <file>'," >&2
        echo "      keep it in fuzz/crashes/<target>/ and add it to the library's FuzzRegressionTests (fuzz/README.md)." >&2
    else
        echo "fuzz: raise FUZZ_MAX_TIME (seconds per target) on a slow or busy machine." >&2
    fi
    exit 1
fi
