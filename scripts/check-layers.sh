#!/bin/sh
# The layer check (run by `make test`): every target of Package.swift uses
# only what its layer allows, imports and declared dependencies agree both
# ways, no cycle, and docs/architecture.md's layer table is current.
# --print prints the table; --update-map rewrites it in the map.
# The rules are in scripts/check_layers.py.
set -eu
exec python3 "$(dirname "$0")/check_layers.py" "$@"
