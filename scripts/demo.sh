#!/bin/sh
# A short scripted tour of susi on the embedded default, in a throw-away
# SUSI_HOME so it never touches your own settings. Loopback only: the
# weather service and the smart speaker are local stand-ins built with susi.
set -eu
susi="$1"
bin=$(dirname "$susi")
home=$(mktemp -d)
export SUSI_HOME="$home" SUSI_LOOPBACK_ONLY=1
# Nothing may leave this machine, whatever the settings say.
export SUSI_WEATHER_URL=http://127.0.0.1:9/v1/forecast SUSI_GEOCODING_URL=http://127.0.0.1:9/v1/search
export SUSI_SPEAKER=127.0.0.1:9
cleanup() {
    exec 8>&- 9>&- 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$home"
}
trap cleanup EXIT

step() {
    printf '\n\033[1m$ susi %s\033[0m\n' "$*"
    "$susi" "$@"
}
note() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
# Starts a stand-in that prints its address and runs until its stdin closes.
double() { # fd name program args...
    fd=$1; name=$2; shift 2
    mkfifo "$home/$name.in"
    "$@" <"$home/$name.in" >"$home/$name.out" &
    eval "exec $fd>\"\$home/\$name.in\""
    while [ ! -s "$home/$name.out" ]; do sleep 0.05; done
}

step --version
# First run, from a script: every answer of 'susi onboard' as an option.
step onboard --server local --anonymous --voice en-US --no-speak --yes
step chat "hello"
step chat "what time is it"
step chat "calculate (3 + 4) * 5"
step chat "roll two dice"
note 'printf "my name is ada\nwhat is my name\n" | susi chat --json'
printf 'my name is ada\nwhat is my name\n' | "$susi" chat --json
step skills test --bundled

# Weather: offline it says so; with the local stand-in of Open-Meteo it answers.
step chat "weather in Berlin"
double 8 weather "$bin/susi-weather-double"
eval "export $(sed -n 1p "$home/weather.out") $(sed -n 2p "$home/weather.out")"
step chat "weather in Berlin"
step config set location Paris
step chat "will it rain tomorrow"

# Skills: search, try, rate with the five-star chart, feedback.
step skills search joke
step skills try jokes 2
step skills rate jokes 5
step rate jokes 4
note 'susi rate jokes 6   # refused, exit 64, nothing stored'
"$susi" rate jokes 6 || echo "(exit $?)"
note "printf 'Demo#Pass1\\n' | susi login --signup --email demo@example.org --password-stdin --machine-key"
printf 'Demo#Pass1\n' | "$susi" login --signup --email demo@example.org --password-stdin --machine-key
step rate jokes 5
step feedback jokes "Short and clean; the UDP one got me."
step skills bookmark jokes
step skills info jokes

# SUSI's voice: written to a WAV (this machine may have no sound card).
step voice list --language en
step voice set en-GB
step voice rate 1.25
step voice say "Hello, I am SUSI." --out "$home/hello.wav"

# Speech in, offline: a spoken question in a WAV, recognised with the skills
# grammar and answered (--no-speak: nothing is played here either).
step voice say "What is the biggest planet?" --voice en-us --out "$home/question.wav"
step listen --once --file "$home/question.wav" --no-speak

# A SUSI Smart Speaker (a local stand-in of its setup server) in the kitchen.
double 9 speaker "$bin/susi-speaker-double" --era 7070
note "printf 'wifi-pass-42\\nDemo#Pass1\\n' | susi device setup --speaker http://... --room Kitchen --wifi-ssid HomeNet --wifi-password-stdin --password-stdin"
printf 'wifi-pass-42\nDemo#Pass1\n' | "$susi" device setup --speaker "http://$(sed -n 1p "$home/speaker.out")" \
    --room Kitchen --wifi-ssid HomeNet --wifi-password-stdin --password-stdin || echo "(exit $?)"
step device list
step room list

# Reminders (issue 34): a skill's timer from a one-shot chat is stored, and
# `susi remind watch` fires it at the due second (a desktop notification where
# notify-send and a session bus exist, and a line here), then Ctrl-C.
step chat "set a timer for 2 seconds"
step remind list
note 'susi remind watch   # until the timer has rung, then Ctrl-C'
"$susi" remind watch &
watcher=$!
tries=0
while "$susi" remind list | grep -q 'Time is up' && [ "$tries" -lt 300 ]; do sleep 0.1; tries=$((tries + 1)); done
kill -INT "$watcher"; wait "$watcher" || true
note 'susi remind "x" --at 00:00   # a time that has passed: refused, exit 64'
"$susi" remind "x" --at 00:00 || echo "(exit $?)"

# susi shell: the same commands as lines of a script, one session for all of them.
note "printf 'config get room\\nvoice rate\\nwhat is your name\\n' | susi shell"
printf 'config get room\nvoice rate\nwhat is your name\n' | "$susi" shell || echo "(exit $?)"
note 'susi __complete skills rate jo   # what Tab in bash, zsh and fish asks'
"$susi" __complete skills rate jo

step config list
note 'susi config set speech.rate 1000   # refused, exit 64'
"$susi" config set speech.rate 1000 || echo "(exit $?)"
