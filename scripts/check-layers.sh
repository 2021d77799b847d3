#!/bin/sh
# Fails when a command module reaches past the service seam: a module target
# (Sources/Modules/<Name>) may not import the embedded backend (SusiLocal),
# the store, the engine, or another module, in its sources or in Package.swift.
set -eu
cd "$(dirname "$0")/.."
forbidden='SusiLocal|SusiStore|SusiEngine|[A-Za-z]+Module'
status=0
for dir in Sources/Modules/*/; do
    name=$(basename "$dir")
    own="${name}Module"
    # `import X`, `@testable import X`, `import struct X.Y` ...
    hits=$(grep -nE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?($forbidden)\b" -r "$dir" \
        | grep -vE "import[[:space:]]+$own\b" || true)
    if [ -n "$hits" ]; then
        echo "error: module $name imports what only the host may use:" >&2
        echo "$hits" >&2
        status=1
    fi
    deps=$(tr -d '\n' < Package.swift | grep -oE "\.target\(name: \"$own\", dependencies: \[[^]]*\]" | grep -oE '"[A-Za-z]+"' | tr -d '"' | grep -v "^$own$" || true)
    for dep in $deps; do
        if echo "$dep" | grep -qE "^($forbidden)$"; then
            echo "error: Package.swift: $own depends on $dep" >&2
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "layers: no module reaches past the service seam"
exit "$status"
