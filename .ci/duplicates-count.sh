#!/usr/bin/env bash
# How much the tree repeats itself: prints the first line of `duplicates --most 200 --seconds 120` (how many pairs
# of places share six or more lines) and how many of the listed rows are not marked boilerplate. CI runs it and
# developers run the same thing before and after a clean-up:
#
#   .ci/duplicates-count.sh
#
# Informational only: it always exits 0, and when the `duplicates` command is not installed it says so and stops.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v duplicates >/dev/null 2>&1; then
    echo "duplicates: not installed, no count"
    exit 0
fi
report=$(duplicates --most 200 --seconds 120 2>&1)
echo "$report" | head -n 1
rows=$(echo "$report" | grep -cE '^D[0-9]+ ')
plain=$(echo "$report" | grep -E '^D[0-9]+ ' | grep -vc ' boilerplate')
echo "duplicates: $plain of the $rows rows listed are not marked boilerplate"
# Rows past the 200 listed, and anything not read in time, are not in the counts above: say so.
echo "$report" | grep -E '^(\(\+[0-9]+ more pairs\)|incomplete:)' || true
exit 0
