#!/usr/bin/env bash
# Runs the receipt-delivery tests (swift test --filter DeliveryTests: real bridge-cli processes, SIGKILLs,
# a flaky Python collector) and prints their figures: receipts recorded, delivered, lost, duplicates seen
# by the collector, crash iterations survived. Exits 1 when a test failed, a receipt was lost, or a
# figure is missing. Extra arguments go to `swift test` (e.g. --scratch-path DIR).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

figures=$(mktemp)
log=$(mktemp)
trap 'rm -f "$figures" "$log"' EXIT

status=0
PUSHBRIDGE_FIGURES="$figures" swift test --filter DeliveryTests "$@" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    grep -E "✘|error:" "$log" | head -40 >&2 || true
    echo "figures: the delivery tests failed (swift test exit $status)" >&2
fi
grep -E "Test run with" "$log" | tail -1 || true

python3 - "$figures" "$status" <<'PY'
import json, sys

path, status = sys.argv[1], int(sys.argv[2])
rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
columns = ["recorded", "delivered", "lost", "duplicates", "crashIterations", "deadLetters"]
titles = ["recorded", "delivered", "lost", "duplicates", "crash iterations", "dead letters"]
width = max([len(row["test"]) for row in rows] + [len("total")])
print("%-*s  %s" % (width, "test", "  ".join(titles)))
totals = {column: 0 for column in columns}
for row in sorted(rows, key=lambda row: row["test"]):
    print("%-*s  %s" % (width, row["test"], "  ".join("%*d" % (len(t), row[c]) for c, t in zip(columns, titles))))
    for column in columns:
        totals[column] += row[column]
print("%-*s  %s" % (width, "total", "  ".join("%*d" % (len(t), totals[c]) for c, t in zip(columns, titles))))
print()
print("receipts recorded:                %d" % totals["recorded"])
print("delivered:                        %d" % totals["delivered"])
print("lost:                             %d" % totals["lost"])
print("duplicates seen by the collector: %d" % totals["duplicates"])
print("crash iterations survived:        %d" % totals["crashIterations"])
print("dead letters (kept, visible):     %d" % totals["deadLetters"])

problems = []
expected = {"two appenders and a flusher", "SIGKILL mid-append and mid-flush", "flaky collector (30% 500, 10% drop)",
            "permanent 4xx"}
missing = expected - {row["test"] for row in rows}
if missing:
    problems.append("no figures from: " + ", ".join(sorted(missing)))
if totals["lost"] != 0:
    problems.append("%d receipts were lost" % totals["lost"])
if totals["crashIterations"] < 20:
    problems.append("only %d crash iterations" % totals["crashIterations"])
for problem in problems:
    print("figures: " + problem, file=sys.stderr)
sys.exit(1 if problems or status != 0 else 0)
PY
