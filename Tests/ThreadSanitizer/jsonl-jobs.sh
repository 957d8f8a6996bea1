#!/usr/bin/env bash
# bridge-cli's JSON Lines commands on several threads, built with ThreadSanitizer: every bundled example
# (each 40 times, with bad lines between) through detect, normalize, translate --report and validate with
# --jobs 4. Fails on any race report, and when the output differs from --jobs 1's.
#
# Usage: Tests/ThreadSanitizer/jsonl-jobs.sh   (from anywhere; scratch path .build-tsan, as CI's TSAN tests)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
swift build --sanitize=thread --scratch-path .build-tsan --product bridge-cli >&2
cli="$(swift build --sanitize=thread --scratch-path .build-tsan --show-bin-path)/bridge-cli"
work="$(mktemp -d "${TMPDIR:-/tmp}/pushbridge-tsan.XXXXXX")"
trap 'rm -rf "$work"' EXIT
python3 - "$work/lines.jsonl" examples/payloads/*.json <<'PY'
import json, sys
out, paths = sys.argv[1], sys.argv[2:]
payloads = [json.dumps(json.load(open(p)), separators=(",", ":"), ensure_ascii=False) for p in paths]
with open(out, "w") as f:
    for round_ in range(40):
        for index, line in enumerate(payloads):
            f.write(line + "\n")
            if (round_ + index) % 17 == 0:
                f.write("{not json\n")
PY
lines=$(wc -l < "$work/lines.jsonl")
if [ "$lines" -lt 400 ]; then
    echo "FAIL: only $lines input lines (examples/payloads/*.json missing?): nothing would be checked" >&2
    exit 1
fi
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
status=0
for command in "detect" "normalize" "translate --to buzzkit --report" "validate"; do
    # Exit 1 is expected (the bad lines); 66 is a race report.
    $cli $command --jsonl --jobs 1 "$work/lines.jsonl" > "$work/one.out" 2> "$work/one.err" || [ $? -eq 1 ]
    set +e
    $cli $command --jsonl --jobs 4 "$work/lines.jsonl" > "$work/four.out" 2> "$work/four.err"
    code=$?
    set -e
    if [ "$code" -ne 1 ] || grep -q "ThreadSanitizer" "$work/four.err"; then
        echo "FAIL: $command --jobs 4 exited $code" >&2
        grep -A20 "ThreadSanitizer" "$work/four.err" | head -40 >&2 || true
        status=1
    elif ! cmp -s "$work/one.out" "$work/four.out" || ! cmp -s "$work/one.err" "$work/four.err"; then
        echo "FAIL: $command --jobs 4 prints other output than --jobs 1" >&2
        status=1
    elif [ "$(wc -l < "$work/four.out")" -ne "$lines" ]; then
        echo "FAIL: $command --jobs 4 printed $(wc -l < "$work/four.out") lines for $lines" >&2
        status=1
    else
        echo "ok: $command --jsonl --jobs 4 ($(wc -l < "$work/four.out") lines, no race reported)"
    fi
done
exit $status
