#!/usr/bin/env bash
# The migration walkthrough (docs/MIGRATION.md):
#   1. moves the template store in templates/<vendor>/ from OneSignal to Klaviyo, Iterable to
#      Customer.io and FCM to Braze with `bridge-cli translate --report`, and summarises each loss;
#   2. simulates both vendors' pushes arriving in one app during the switch, into ONE outbox, flushes
#      it to a local collector and shows that each receipt reached its own vendor's path, once.
# `run.sh FROM TO DIR [OUT]` instead writes the migration plan for DIR's payloads (bridge-cli migrate).
# Needs bash, python3 and the package. BRIDGE_CLI=/path/to/bridge-cli uses a built binary instead
# of running `swift build`. Exits non-zero when any step fails; removes its temporary files and stops
# its collector however it ends.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
lib="$here/lib"
templates="$here/templates"
collector_script="$root/Tests/DeliveryScripts/collector.py"
device_token="5f2c0ad1e4b7a9c3d8f6e2b1a0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1"

die() {
    echo "examples/migration/run.sh: $*" >&2
    exit 1
}

command -v python3 >/dev/null || die "python3 is needed"
[ -f "$collector_script" ] || die "the collector is missing: $collector_script"

if [ -n "${BRIDGE_CLI:-}" ]; then
    bin="$BRIDGE_CLI"
    [ -x "$bin" ] || die "BRIDGE_CLI=$bin is not an executable file"
else
    [ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
    (cd "$root" && swift build --product bridge-cli >/dev/null) || die "swift build --product bridge-cli failed"
    bin="$(cd "$root" && swift build --show-bin-path)/bridge-cli"
fi

# `run.sh FROM TO DIR [OUT]`: the plan for moving DIR's payloads (a folder of *.json or a .jsonl file, plus
# every send request log in it named sends.jsonl) from FROM to TO, written to OUT (default ./plan) by
# `bridge-cli migrate`, with its checklist printed; nothing else runs.
if [ $# -gt 0 ]; then
    [ $# -ge 3 ] || die "usage: run.sh [FROM TO DIR [OUT]]"
    from="$1" to="$2" input="$3" out="${4:-plan}"
    sends=()
    [ -f "$input/sends.jsonl" ] && sends=(--sends "$input/sends.jsonl")
    "$bin" migrate --from "$from" --to "$to" --payloads "$input" "${sends[@]}" --out "$out" \
        || die "bridge-cli migrate failed"
    python3 -c 'import json,sys; plan=json.load(open(sys.argv[1])); print("\n".join("%d. %s" % (i + 1, s) for i, s in enumerate(plan["checklist"])))' "$out/plan.json"
    echo "plan: $out/plan.json, $out/plan.md, $out/plan.html"
    exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/pushbridge-migration.XXXXXX")"
collector_pid=""
cleanup() {
    local status=$?
    exec 9>&- 2>/dev/null || true           # the collector stops when its stdin closes
    if [ -n "$collector_pid" ]; then
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 "$collector_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill "$collector_pid" 2>/dev/null || true
        wait "$collector_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------------
echo "=== 1. Moving the template store (bridge-cli translate --report)"
echo "    each loss: its kind, what it was, the target adapter's reason, and its bridge-form path"
moves="onesignal:klaviyo iterable:customerio fcm:braze"
for move in $moves; do
    from="${move%%:*}"
    to="${move##*:}"
    echo
    echo "--- $from → $to"
    moved="$work/moves/$from"
    mkdir -p "$moved" "$work/translated/$to"
    found=0
    for file in "$templates/$from"/*.json; do
        [ -f "$file" ] || continue
        found=$((found + 1))
        name="$(basename "$file")"
        claimed="$("$bin" detect "$file" 2>"$work/detect.err")" || die "$file: no vendor claims it: $(head -c 300 "$work/detect.err")"
        [ "$claimed" = "$from" ] || die "$file is claimed by $claimed, not $from"
        out="$work/translated/$to/$name"
        "$bin" translate --to "$to" --report "$file" >"$out" 2>"$moved/$name.report" \
            || die "translate --to $to $name failed: $(grep -v '"type":"loss"' "$moved/$name.report" | head -c 300)"
        [ -s "$out" ] || die "translate --to $to $name printed no payload"
        "$bin" detect "$out" >"$moved/$name.claim" 2>/dev/null || echo "-" >"$moved/$name.claim"
        status=0
        "$bin" validate "$out" >"$moved/$name.validate" 2>/dev/null || status=$?
        [ "$status" -le 1 ] || die "validate of the translated $name failed with exit $status"
    done
    [ "$found" -gt 0 ] || die "no template in $templates/$from"
    python3 "$lib/summarize_move.py" "$from" "$to" "$moved" || die "could not summarise $from → $to"
done

# ---------------------------------------------------------------------------------------------
echo
echo "=== 2. During the switch: both vendors' pushes arrive in one app (one outbox)"
echo "    the app has a universal-link handler (--user-activity); device token ${device_token:0:8}…"
outbox="$work/outbox"

# simulate LABEL STEPS FILE [OPTIONS…]: one push through the bridge, its receipts appended to the outbox;
# its effects are kept in $work/sim and printed together at the end (one python3 start, not one per push).
mkdir -p "$work/sim"
pushes=0
# What the app configures on the vendors' SDKs (bridge-cli vendors --table lists every setting): OneSignal's
# app id (Confirmed Deliveries stays off, the SDK's default) and the signed-in Iterable user (without one
# Iterable tracks no open).
vendor_config=(--vendor-config onesignal.appId=5eb5a37e-b458-11e3-ac11-000c2940e62c
    --vendor-config iterable.email=ann@example.com)
simulate() {
    local label="$1" steps="$2" file="$3" base
    shift 3
    pushes=$((pushes + 1))
    base="$work/sim/$(printf '%02d' "$pushes")"
    printf '%s\n%s\n' "$label" "$steps" >"$base.label"
    "$bin" simulate --device-token "$device_token" --user-activity --steps "$steps" --outbox "$outbox" \
        "${vendor_config[@]}" "$@" "$file" \
        >"$base.effects" 2>"$base.err" \
        || die "simulate $label failed: $(head -c 400 "$base.err")"
    grep -e '"code":"receipt-already-recorded"' -e '"code":"carrier-keys"' "$base.err" >"$base.notes" || true
}

# Customer.io adds the delivery id and the device's token when it sends; a template has neither. This app
# receives Customer.io through FCM (Customer.io's FCM transport), so FCM adds its keys too.
python3 "$lib/as_delivered.py" "$work/translated/customerio/price-drop.json" \
    'CIO-Delivery-ID="RPILAgUBcRhIBqSfeiIwdIYJKxTY"' "CIO-Delivery-Token=\"$device_token\"" \
    'gcm.message_id="1733045500112233"' 'google.c.a.e="1"' 'google.c.sender.id="449451107265"' \
    >"$work/customerio-price-drop.json" 2>"$work/as-delivered.err" \
    || die "could not prepare the Customer.io push: $(cat "$work/as-delivered.err")"
# A template edited by hand that kept OneSignal's marker and gained Klaviyo's; and one that gained Iterable's
# `itbl` with a message id of its own.
python3 "$lib/as_delivered.py" "$templates/onesignal/flash-sale.json" 'body={"_k":{}}' \
    >"$work/two-owners.json" 2>"$work/as-delivered.err" \
    || die "could not prepare the two-owner payload: $(cat "$work/as-delivered.err")"
python3 "$lib/as_delivered.py" "$templates/onesignal/flash-sale.json" 'itbl={"messageId":"it-1"}' \
    >"$work/two-message-ids.json" 2>"$work/as-delivered.err" \
    || die "could not prepare the two-message-id payload: $(cat "$work/as-delivered.err")"

# claims EXPECTED LABEL FILE: what `bridge-cli detect` says of FILE must be EXPECTED ("none": exit 3).
claims() {
    local expected="$1" label="$2" file="$3" got status=0
    got="$("$bin" detect "$file" 2>"$work/detect.err")" || status=$?
    if [ "$status" -eq 3 ]; then
        got="none"
        label="$label: $(sed -e 's/^bridge-cli detect: error: //' -e 's/ (use --vendor.*//' "$work/detect.err" | head -n 1)"
    elif [ "$status" -ne 0 ]; then
        die "detect $file failed with exit $status: $(head -c 300 "$work/detect.err")"
    fi
    [ "$got" = "$expected" ] || die "$label: claimed by $got, expected $expected"
    printf '    %-11s %s\n' "$got" "$label"
}
echo "  who claims each push (bridge-cli detect: one owner; a carrier only when no owner claims)"
claims onesignal "OneSignal flash-sale" "$templates/onesignal/flash-sale.json"
claims klaviyo "the same campaign from Klaviyo (translated)" "$work/translated/klaviyo/flash-sale.json"
claims iterable "Iterable abandoned-cart" "$templates/iterable/abandoned-cart.json"
claims customerio "Customer.io price-drop delivered through FCM (gcm.message_id present)" \
    "$work/customerio-price-drop.json"
claims fcm "FCM match-update (no owner's marker: FCM, the carrier)" "$templates/fcm/match-update.json"
claims braze "Braze match-update (translated)" "$work/translated/braze/match-update.json"
claims onesignal "OneSignal flash-sale with Klaviyo's body._k added (OneSignal claims by its message id)" \
    "$work/two-owners.json"
claims none "OneSignal flash-sale with Iterable's itbl.messageId added" "$work/two-message-ids.json"
echo

simulate "OneSignal push (flash-sale), a tap on its \"Shop now\" button" \
    arrive:service-extension,open:shop_now "$templates/onesignal/flash-sale.json"
simulate "Klaviyo push (the same campaign, translated), a body tap" \
    arrive:service-extension,open "$work/translated/klaviyo/flash-sale.json" \
    --request-id 6A1F3C2E-9B4D-4E7A-8C5B-2D1E0F9A8B7C
simulate "the same OneSignal push again, as the cold-start path sees it" \
    open "$templates/onesignal/flash-sale.json"
simulate "Iterable push (abandoned-cart), a tap on its \"Check out\" button" \
    arrive:service-extension,open:checkout "$templates/iterable/abandoned-cart.json"
simulate "Customer.io push (price-drop, translated), delivered through FCM, a body tap" \
    arrive:service-extension,open "$work/customerio-price-drop.json"
# The FCM and Braze match-update pushes have no mutable-content: iOS runs no service extension for them.
simulate "FCM push (match-update), shown in the foreground, then a body tap" \
    arrive:foreground,open "$templates/fcm/match-update.json"
simulate "Braze push (match-update, translated), a body tap" \
    open "$work/translated/braze/match-update.json" \
    --request-id 0C7E5B1A-3D2F-4A6B-9E8D-7F6A5B4C3D2E
python3 "$lib/effects.py" "$work/sim" || die "could not read the simulated effects"

# ---------------------------------------------------------------------------------------------
echo
echo "=== 3. The next launch: bridge-cli flush to a local collector (loopback only)"
mkfifo "$work/collector.in"
python3 "$collector_script" --log "$work/collector.jsonl" --max-seconds 40 \
    <"$work/collector.in" >"$work/collector.out" 2>"$work/collector.err" &
collector_pid=$!
exec 9>"$work/collector.in"
port=""
for _ in $(seq 1 100); do
    port="$(sed -n 's/^PORT \([0-9][0-9]*\)$/\1/p' "$work/collector.out")"
    [ -n "$port" ] && break
    kill -0 "$collector_pid" 2>/dev/null || die "the collector stopped: $(head -c 300 "$work/collector.err")"
    sleep 0.1
done
[ -n "$port" ] || die "the collector printed no port within 10 s"
echo "  collector on http://127.0.0.1:$port"

status=0
"$bin" flush --outbox "$outbox" --endpoint "http://127.0.0.1:$port" --max-time 20 --request-timeout 5 "${vendor_config[@]}" \
    >"$work/flush.out" 2>"$work/flush.err" || status=$?
[ "$status" -eq 0 ] || die "flush exited $status: $(tail -n 1 "$work/flush.out") $(head -c 300 "$work/flush.err")"
echo "  flush: $(grep '"type":"flush"' "$work/flush.out")"

"$bin" vendors >"$work/vendors.jsonl" || die "bridge-cli vendors failed"
"$bin" flush --help >"$work/flush-help.txt" || die "bridge-cli flush --help failed"
python3 "$lib/receipts_by_vendor.py" "$work/collector.jsonl" "$work/flush.out" "$work/vendors.jsonl" \
    "$work/flush-help.txt" onesignal klaviyo iterable customerio fcm braze \
    || die "a receipt did not reach its own vendor exactly once"

"$bin" flush --outbox "$outbox" --endpoint "http://127.0.0.1:$port" --max-time 20 >"$work/flush2.out" 2>&1 \
    || die "the second flush failed: $(tail -n 1 "$work/flush2.out")"
grep -q '"delivered":0,' "$work/flush2.out" || die "a second flush sent receipts again: $(tail -n 1 "$work/flush2.out")"
echo "  a second flush (the next launch): $(grep '"type":"flush"' "$work/flush2.out")"
echo
echo "migration walkthrough: ok"
