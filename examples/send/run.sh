#!/usr/bin/env bash
# Translates small send logs with `bridge-cli send` (docs/SEND.md): a OneSignal backend's
# POST /notifications bodies into Braze /messages/send requests and into Iterable templates and sends, an FCM
# backend's HTTP v1 messages into Airship /api/push requests, and an Iterable log (templates with their sends)
# into Braze. Prints each translated request, a count of the losses by form field, and the
# target's validation of what was written. BRIDGE_CLI=/path/to/bridge-cli uses a built binary instead of
# running `swift build`. Exits non-zero when a command fails unexpectedly; prints "send example: ok" at the end.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ -n "${BRIDGE_CLI:-}" ]; then
    bin="$BRIDGE_CLI"
else
    [ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
    (cd "$root" && swift build --product bridge-cli >/dev/null)
    bin="$(cd "$root" && swift build --show-bin-path)/bridge-cli"
fi
[ -x "$bin" ] || { echo "examples/send/run.sh: no bridge-cli at $bin" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

translate() {  # translate FROM TO LOG
    local from="$1" to="$2" log="$3"
    echo "=== $from -> $to ($(wc -l <"$log" | tr -d ' ') requests)"
    "$bin" send translate --from "$from" --to "$to" --report --now 1800000000 --jsonl "$log" \
        >"$tmp/$to.jsonl" 2>"$tmp/$to.report"
    cat "$tmp/$to.jsonl"
    echo "--- losses, by reason"
    grep '"type":"loss"' "$tmp/$to.report" | sed -E 's/.*"reason":"([^"]*)".*/\1/' \
        | sort | uniq -c | sort -rn || true
    echo "--- $to validates what was written (exit 1 marks a request the log's source could not carry whole)"
    "$bin" send validate --vendor "$to" --jsonl "$tmp/$to.jsonl" || [ $? -eq 1 ]
}

translate onesignal braze "$here/onesignal-log.jsonl"
translate fcm airship "$here/fcm-log.jsonl"
[ "$(wc -l <"$tmp/braze.jsonl")" -eq 5 ] && [ "$(wc -l <"$tmp/airship.jsonl")" -eq 4 ] \
    || { echo "examples/send/run.sh: a request was not translated" >&2; exit 1; }

# Inline into a template vendor: each line gains the template and campaign to create first.
translate onesignal iterable "$here/onesignal-log.jsonl"
echo "--- what to create in Iterable first, for the first request"
head -n 1 "$here/onesignal-log.jsonl" | "$bin" send provision --from onesignal --to iterable -
[ "$(grep -c '"provision"' "$tmp/iterable.jsonl")" -eq 5 ] \
    || { echo "examples/send/run.sh: a translation into Iterable names no template to create" >&2; exit 1; }
# Out of a template vendor: a bundle of template and send carries the content; a bare send does not.
translate iterable braze "$here/iterable-log.jsonl"
grep -q '"line":4,"path":"$.campaignId"' "$tmp/braze.report" \
    || { echo "examples/send/run.sh: the bare Iterable send's template content is not reported lost" >&2; exit 1; }
echo "send example: ok"
