#!/bin/sh
# A short scripted tour of susi on the embedded default, in a throw-away
# SUSI_HOME so it never touches your own settings. Loopback only.
set -eu
susi="$1"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export SUSI_HOME="$home" SUSI_LOOPBACK_ONLY=1

step() {
    printf '\n\033[1m$ susi %s\033[0m\n' "$*"
    "$susi" "$@"
}

step --version
step --help
step config set speech.rate 200
step config list
step config get speech.rate
step help exit-codes
printf '\n\033[1m$ susi config set speech.rate 1000   # refused, exit 64\033[0m\n'
"$susi" config set speech.rate 1000 || echo "(exit $?)"
