#!/bin/sh
# Skill matching with every public English skill loaded (about 58,000 intents).
# Needs ../shared/skill-corpus beside the checkout; skips with a message without it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release/susi-engine-bench"
[ -x "$bin" ] || swift build -c release --static-swift-stdlib --product susi-engine-bench >/dev/null
exec "$bin" "${SUSI_CORPUS:-$root/../shared/skill-corpus}"
