#!/usr/bin/env bash
# Normalises, translates and simulates every bundled example payload with bridge-cli.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
swift build --product bridge-cli >/dev/null
bin="$(swift build --show-bin-path)/bridge-cli"
vendors=$("$bin" vendors | sed -E 's/.*"id":"([^"]+)".*/\1/')
for file in examples/payloads/*.json; do
    vendor=$("$bin" detect "$file") || { echo "=== $file: no vendor claims it"; continue; }
    echo "=== $file ($vendor)"
    echo "--- normalize"
    "$bin" normalize "$file" 2>/dev/null
    for target in $vendors; do
        echo "--- translate --to $target (losses below the payload)"
        "$bin" translate --to "$target" --report "$file" 2>&1 | grep -v '"type":"diagnostic"'
    done
    echo "--- simulate --steps arrive:foreground,open"
    "$bin" simulate --device-token 5f2c0ad1 --steps arrive:foreground,open "$file" 2>/dev/null
    echo "--- validate"
    "$bin" validate "$file" || true
    echo
done
