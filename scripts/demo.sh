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
step chat "hello"
step chat "what can you do"
step chat "what time is it"
step chat "calculate (3 + 4) * 5"
step chat "roll two dice"
step chat "list the planets"
step chat "where is the brandenburg gate"
printf '\n\033[1m$ printf "my name is ada\\nwhat is my name\\n" | susi chat --json\033[0m\n'
printf 'my name is ada\nwhat is my name\n' | "$susi" chat --json
step skills test --bundled
step skills search joke
step skills try jokes 2
step skills rate jokes 5
step rate jokes 4
step rate jokes
printf '\n\033[1m$ susi rate jokes 6   # refused, exit 64, nothing stored\033[0m\n'
"$susi" rate jokes 6 || echo "(exit $?)"
step skills info jokes
step config set speech.rate 1.25
step config list
printf '\n\033[1m$ susi config set speech.rate 1000   # refused, exit 64\033[0m\n'
"$susi" config set speech.rate 1000 || echo "(exit $?)"
