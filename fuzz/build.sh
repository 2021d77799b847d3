#!/bin/sh
# Builds the libFuzzer targets in fuzz/ (see fuzz/README.md).
#
# SwiftPM builds the library each target needs, and that library's own
# dependencies, with coverage instrumentation and AddressSanitizer
# (`--sanitize=fuzzer --sanitize=address`, in its own build path so the normal
# build is untouched); then swiftc links each fuzz/<Target>.swift against the
# objects of exactly that dependency closure, read from
# `swift package describe`. Dependencies therefore come from Package.swift,
# never from a list kept here.
#
# Release (-O) with -enable-testing, so targets can reach internal API through
# `@testable import`: on this machine kind the skill reader ran 7 times faster
# than in a debug build, for 3 times the build time. -O keeps overflow checks
# and precondition(); only assert() is gone.
#
# Usage: fuzz/build.sh [target...]   (default: every target)
# Output: $FUZZ_BUILD/bin/<target>   (FUZZ_BUILD defaults to .build/fuzz)
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
FUZZ_BUILD=${FUZZ_BUILD:-.build/fuzz}
. fuzz/targets.sh

for tool in jq "$SWIFT"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "error: fuzz/build.sh needs '$tool' (run 'make deps')" >&2; exit 69; }
done

targets=${*:-$FUZZ_TARGETS}
products="$FUZZ_BUILD/release"
mkdir -p "$FUZZ_BUILD/bin"
description="$FUZZ_BUILD/package.json"
$SWIFT package describe --type json >"$description"

# Libraries to build, each once.
libraries=""
for target in $targets; do
    library=$(fuzz_library "$target")
    case " $libraries " in *" $library "*) ;; *) libraries="$libraries $library" ;; esac
done
for library in $libraries; do
    echo "fuzz: building $library (instrumented)"
    # swiftc keeps only the last -sanitize= flag, and SwiftPM passes its two
    # --sanitize options as two flags (coverage was lost): the combined flag goes last.
    $SWIFT build -c release --build-path "$FUZZ_BUILD" --sanitize=fuzzer --sanitize=address \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
        --target "$library" 2>&1 \
        | grep -E "error|warning: |Compiling|Build of" | grep -v "^\[" || true
    [ -d "$products/$library.build" ] || { echo "error: building $library failed" >&2; exit 1; }
done

for target in $targets; do
    library=$(fuzz_library "$target")
    # The dependency closure of the library, with each target's kind and path.
    closure=$(jq -r --arg root "$library" '
        (.targets | map({key: .name, value: .}) | from_entries) as $t
        | def deps($n): [$n] + ([$t[$n].target_dependencies // [] | .[] | deps(.)] | add // []);
          deps($root) | unique | .[] | $t[.] | "\(.c99name) \(.type) \(.module_type) \(.path)"' "$description")
    objects="" flags=""
    while read -r name type kind path; do
        case "$kind" in
            SystemLibraryTarget)
                flags="$flags -Xcc -fmodule-map-file=$path/module.modulemap" ;;
            ClangTarget)
                objects="$objects $(ls "$products/$name.build/"*.o)"
                flags="$flags -Xcc -fmodule-map-file=$products/$name.build/module.modulemap -Xcc -I$path/include" ;;
            *)
                objects="$objects $(ls "$products/$name.build/"*.o)" ;;
        esac
    done <<CLOSURE
$closure
CLOSURE
    echo "fuzz: linking $target"
    # shellcheck disable=SC2086
    swiftc -sanitize=fuzzer,address -use-ld=lld -parse-as-library -g \
        -module-name "Fuzz$(fuzz_source "$target")" -I "$products/Modules" $flags \
        "fuzz/$(fuzz_source "$target").swift" $objects -o "$FUZZ_BUILD/bin/$target"
done
