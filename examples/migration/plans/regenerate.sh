#!/usr/bin/env bash
# Writes the checked-in migration plans (`bridge-cli migrate`, docs/MIGRATION.md) from the package's own
# examples: OneSignal → Braze from the OneSignal templates and send log, Airship → Customer.io from the public
# SDKs' real payloads (every other vendor's payload there is skipped and listed). Run from anywhere after a
# change that alters a plan; `Tests/CLITests/MigratePlanGoldenTests.swift` compares each file byte for byte.
# BRIDGE_CLI=/path/to/bridge-cli uses a built binary instead of running `swift build`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
if [ -n "${BRIDGE_CLI:-}" ]; then
    bin="$BRIDGE_CLI"
else
    swift build --product bridge-cli >/dev/null
    bin="$(swift build --show-bin-path)/bridge-cli"
fi
"$bin" migrate --from onesignal --to braze --payloads examples/migration/templates/onesignal \
    --sends examples/send/onesignal-log.jsonl --out examples/migration/plans/onesignal-braze
"$bin" migrate --from airship --to customerio --payloads examples/migration/templates/airship \
    --out examples/migration/plans/airship-customerio
echo "regenerate.sh: wrote examples/migration/plans/onesignal-braze and airship-customerio"
