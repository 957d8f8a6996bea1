#!/usr/bin/env bash
# Builds the PushBridge fuzz targets with libFuzzer and runs them.
#
#   Fuzz/run.sh [--no-laws] [TARGET] [SECONDS]
#
# TARGET is FuzzJSON, FuzzDecode, FuzzTranslate, FuzzBridge, FuzzSend, FuzzHTTPResponse, FuzzJournalScan or all
# (default all); SECONDS is the time per target (default 60). Prints executions, crashes and law violations
# per target and exits 1 when any target stopped (a crash, hang, leak, out-of-memory input or broken law is
# written to the artifacts directory).
#
# The semantic laws (FuzzDecode, FuzzTranslate: deterministic decode, idempotent round trips, an adapter
# claims its own encoding, same-vendor identity, the target claims a translation, the owner keeps its
# payload) are checked by default, for every vendor in BuiltInVendors.all; --no-laws (or
# PUSHBRIDGE_FUZZ_LAWS=0) checks only crash-freedom and the JSON round trips.
#
# Seeds: FuzzSend takes the send requests of Tests/SendTests/Corpus and Conformance/send-cases; the others take
# the `payload` of every case in Conformance/cases, examples/payloads, Fuzz/corpus-seeds/real
# (25 payloads from public SDKs), Fuzz/corpus-seeds/json and Fuzz/corpus-regressions (every input a fuzzer
# stopped on); FuzzHTTPResponse takes HTTP responses from
# Fuzz/corpus-seeds/http and http.dict instead. The corpus each target grows is kept between runs in
# $FUZZ_WORK/corpus/TARGET.
#
# Environment: FUZZ_WORK (default /tmp/pushbridge-fuzz), FUZZ_SCRATCH (the build's scratch path,
# default /tmp/build-fuzz), FUZZ_MAX_LEN (longest input tried, default 16384), FUZZ_SKIP_BUILD=1,
# PUSHBRIDGE_FUZZ_LAWS=0 (as --no-laws).
set -euo pipefail

FUZZ_DIR="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$FUZZ_DIR/.." && pwd)"
if [ "${1:-}" = "--no-laws" ]; then
    export PUSHBRIDGE_FUZZ_LAWS=0
    shift
else
    export PUSHBRIDGE_FUZZ_LAWS="${PUSHBRIDGE_FUZZ_LAWS:-1}"
fi
TARGETS=(FuzzJSON FuzzDecode FuzzTranslate FuzzBridge FuzzSend FuzzHTTPResponse FuzzJournalScan)
TARGET="${1:-all}"
SECONDS_PER_TARGET="${2:-60}"
WORK="${FUZZ_WORK:-/tmp/pushbridge-fuzz}"
SCRATCH="${FUZZ_SCRATCH:-/tmp/build-fuzz}"
MAX_LEN="${FUZZ_MAX_LEN:-16384}"
export SWIFT_BACKTRACE=enable=no

if [ "$TARGET" != "all" ]; then
    case " ${TARGETS[*]} " in
        *" $TARGET "*) TARGETS=("$TARGET") ;;
        *) echo "run.sh: unknown target '$TARGET' (expected all or one of: ${TARGETS[*]})" >&2; exit 2 ;;
    esac
fi
case "$SECONDS_PER_TARGET" in
    ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, got '$SECONDS_PER_TARGET'" >&2; exit 2 ;;
esac
if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

if [ "${FUZZ_SKIP_BUILD:-0}" != "1" ]; then
    echo "== building fuzz targets (release, --sanitize=fuzzer)" >&2
    (cd "$FUZZ_DIR" && swift build -c release --sanitize=fuzzer --scratch-path "$SCRATCH" >&2)
fi
BIN="$(cd "$FUZZ_DIR" && swift build -c release --sanitize=fuzzer --scratch-path "$SCRATCH" --show-bin-path)"

# Seed corpus: one compact JSON file per conformance case payload, plus the bundled payloads.
SEEDS="$WORK/seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS"
python3 - "$ROOT/Conformance/cases" "$SEEDS" <<'PY'
import json, os, sys
cases_dir, out = sys.argv[1], sys.argv[2]
count = 0
for folder, _, files in os.walk(cases_dir):
    for name in sorted(files):
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"run.sh: skipping {name}: {error}", file=sys.stderr)
            continue
        for index, case in enumerate(document.get("cases", [])):
            if not isinstance(case, dict) or "payload" not in case:
                continue
            ident = str(case.get("id", f"{name}-{index}")).replace("/", "_")
            with open(os.path.join(out, f"case-{ident}.json"), "w", encoding="utf-8") as handle:
                json.dump(case["payload"], handle, ensure_ascii=False, separators=(",", ":"))
            count += 1
print(f"== {count} conformance case payloads", file=sys.stderr)
PY
for dir in "$ROOT/examples/payloads" "$FUZZ_DIR/corpus-seeds/real" "$FUZZ_DIR/corpus-seeds/json"; do
    prefix="$(basename "$dir")"
    for file in "$dir"/*.json; do
        [ -e "$file" ] && cp "$file" "$SEEDS/$prefix-$(basename "$file")"
    done
done
# Every input a fuzzer ever stopped on (kept as tests in Tests/HostileInputTests/FuzzRegressionTests.swift).
for file in "$FUZZ_DIR/corpus-regressions"/*; do
    if [ -f "$file" ] && [ "$(basename "$file")" != "README.md" ]; then cp "$file" "$SEEDS/regression-$(basename "$file")"; fi
done
echo "== $(find "$SEEDS" -type f | wc -l | tr -d ' ') seed inputs in $SEEDS" >&2

if [ "$PUSHBRIDGE_FUZZ_LAWS" = "0" ]; then echo "== laws off" >&2; else echo "== laws on" >&2; fi

status=0
total_execs=0
total_crashes=0
total_violations=0
RESULTS=()
for target in "${TARGETS[@]}"; do
    corpus="$WORK/corpus/$target"
    artifacts="$WORK/artifacts/$target"
    log="$WORK/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    seeds="$SEEDS"
    dict="$FUZZ_DIR/json.dict"
    if [ "$target" = "FuzzHTTPResponse" ]; then
        seeds="$FUZZ_DIR/corpus-seeds/http"
        dict="$FUZZ_DIR/http.dict"
    fi
    if [ "$target" = "FuzzSend" ]; then
        # Send requests: the send corpus and the request of every send case.
        seeds="$WORK/send-seeds"
        rm -rf "$seeds"
        mkdir -p "$seeds"
        cp "$ROOT"/Tests/SendTests/Corpus/*.json "$seeds/"
        python3 - "$ROOT/Conformance/send-cases" "$seeds" <<'PY'
import json, os, sys
cases_dir, out = sys.argv[1], sys.argv[2]
for folder, _, files in os.walk(cases_dir):
    for name in sorted(files):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                request = json.load(handle)["request"]
            with open(os.path.join(out, "case-" + os.path.basename(folder) + "-" + name), "w", encoding="utf-8") as handle:
                json.dump(request, handle, ensure_ascii=False, separators=(",", ":"))
PY
    fi
    before="$(find "$artifacts" -type f | wc -l)"
    echo "== $target for ${SECONDS_PER_TARGET}s (log: $log)" >&2
    set +e
    "$BIN/$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len="$MAX_LEN" \
        -dict="$dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
        "$corpus" "$seeds" >"$log" 2>&1
    code=$?
    set -e
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    if [ -z "$execs" ]; then execs="$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)"; fi
    execs="${execs:-0}"
    after="$(find "$artifacts" -type f | wc -l)"
    crashes=$((after - before))
    if [ "$code" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
    violations=0
    if [ "$crashes" -ne 0 ] && grep -q "fuzz invariant broken" "$log"; then
        violations="$crashes"
        crashes=0
    fi
    if [ "$crashes" -ne 0 ] || [ "$violations" -ne 0 ]; then
        status=1
        echo "!! $target stopped (exit $code); newest artifact:" >&2
        ls -t "$artifacts" | head -n 1 | sed "s|^|   $artifacts/|" >&2
        grep -m 3 -E "Fatal error|ERROR: libFuzzer|fuzz invariant" "$log" | sed 's/^/   /' >&2 || true
        echo "   reproduce: SWIFT_BACKTRACE=enable=no $BIN/$target ARTIFACT" >&2
    fi
    total_execs=$((total_execs + execs))
    total_crashes=$((total_crashes + crashes))
    total_violations=$((total_violations + violations))
    RESULTS+=("$(printf '%-16s %8s %14s %8s %10s' "$target" "$SECONDS_PER_TARGET" "$execs" "$crashes" "$violations")")
done

printf '%-16s %8s %14s %8s %10s\n' target seconds executions crashes violations
for line in "${RESULTS[@]}"; do echo "$line"; done
printf '%-16s %8s %14s %8s %10s\n' total "$((SECONDS_PER_TARGET * ${#TARGETS[@]}))" "$total_execs" "$total_crashes" \
    "$total_violations"
exit "$status"
