# Sourced by bench/serve.sh and bench/soak.sh: wrk, and a `susi serve` on a
# free loopback port in a throw-away SUSI_HOME, stopped when the script exits.
# After start_serve: $pid, $port, $out (a scratch folder), $url (chat.json).

need_wrk() {
    command -v wrk >/dev/null 2>&1 && return 0
    echo "$1: installing wrk" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y wrk >/dev/null; else sudo apt-get install -y wrk >/dev/null; fi
}

out=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$out"
}
trap cleanup EXIT
export SUSI_HOME="$out/home" SUSI_LOOPBACK_ONLY=1

# start_serve NAME SUSI: the access log goes to $out/serve.log, as it would
# under a service manager.
start_serve() {
    : >"$out/serve.log"  # before the background job opens it, for the sed below
    "$2" serve --port 0 2>"$out/serve.log" &
    pid=$!
    port=
    for _ in $(seq 1 100); do
        port=$(sed -n 's|^Serving SUSI on http://127.0.0.1:\([0-9]*\)$|\1|p' "$out/serve.log")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "$1: the server did not start" >&2; cat "$out/serve.log" >&2; exit 1; }
    url="http://127.0.0.1:$port/susi/chat.json?q=hello&timezoneOffset=0&language=en"
}
