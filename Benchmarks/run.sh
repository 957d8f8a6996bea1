#!/usr/bin/env bash
# PushBridge benchmark: bridge-cli against a jq program and a Python script (with the standard library's json
# and with orjson) doing the same key mapping.
#
#   Benchmarks/run.sh [--runs N] [--payloads N] [--sim-runs N] [--keep-outputs] [--only TEXT]...
#
# In one run: builds bridge-cli (release), the FoundationEssentials baseline program and the parse+write
# floor (Benchmarks/Floor with Sources/PushBridge), generates a deterministic corpus (100,000 payloads of
# ~1.1 KB, a quarter per vendor, and the intl, large and zixflow-wide classes; OneSignal payloads in the
# seed, intl and large classes and a 100,000-payload OneSignal stream for the real-vendor direction
# OneSignal → Braze), translates each vendor's part of each class with bridge-cli, the Python peer
# (peer_translate.py) and the jq peer (peer_translate.jq), runs the floors (PushBridge parse+write,
# `jq -c .`, Python json.loads/dumps, `cat`) on the same files, checks the peers' output against
# bridge-cli's, measures the 100,000-payload streams, one `simulate` and the conformance suite, and
# prints a table and every target as met / NOT MET (exit 1 when one is not met). See docs/PERFORMANCE.md.
# --only TEXT runs only the class/direction pairs whose name contains TEXT ("onesignal", "seed: zixflow"),
# the streams of their directions and no simulate or conformance. `--only send` runs only the send logs
# (`send translate --jsonl`, generate_send_log.py) and builds neither the baseline nor the floor; so does
# `--only migrate` (a `migrate` plan over a generated 100,000-payload history).
#
# Environment: BENCH_WORK (corpus and outputs, default $TMPDIR/pushbridge-bench), BENCH_SCRATCH (the
# release build's scratch path, default .build), BRIDGE_CLI (use this binary instead of building one).
# Installs jq and GNU time with apt-get when they are missing, and orjson with pip into BENCH_WORK/venv.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
[ -d /opt/swift/usr/bin ] && export PATH="/opt/swift/usr/bin:$PATH"
work="${BENCH_WORK:-${TMPDIR:-/tmp}/pushbridge-bench}"
scratch="${BENCH_SCRATCH:-$root/.build}"

install_packages() {
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo="sudo"
    echo "== installing $* (apt-get)" >&2
    $sudo apt-get update -qq >/dev/null && $sudo apt-get install -y -qq "$@" >/dev/null
}
command -v python3 >/dev/null || { echo "benchmark: python3 is required" >&2; exit 2; }
command -v jq >/dev/null || install_packages jq
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 || install_packages time

mkdir -p "$work"
# The orjson peer: orjson (PyPI) in a virtual environment under BENCH_WORK, made once and reused. Without network
# the install fails: bench.py then says so and marks the orjson targets "not measured".
venv="$work/venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import orjson" 2>/dev/null; then
    echo "== python3 -m venv $venv && $venv/bin/pip install orjson" >&2
    if ! { python3 -m venv "$venv" >&2 && "$venv/bin/pip" install -q orjson >&2; }; then
        echo "benchmark: could not install orjson (no network?): the orjson peer is not measured" >&2
    fi
fi
orjson_args=()
"$venv/bin/python" -c "import orjson" 2>/dev/null && orjson_args=(--orjson-python "$venv/bin/python")
if [ -n "${BRIDGE_CLI:-}" ]; then
    cli="$BRIDGE_CLI"
else
    echo "== swift build -c release --product bridge-cli" >&2
    swift build -c release --product bridge-cli --package-path "$root" --scratch-path "$scratch" >&2
    cli="$scratch/release/bridge-cli"
fi
# Only send logs selected (every --only names "send"): no baseline, no floor.
send_only=0
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    if [ "${args[i]}" = "--only" ]; then
        send_only=1
        break
    fi
done
if [ "$send_only" = 1 ]; then
    for ((i = 0; i < ${#args[@]}; i++)); do
        if [ "${args[i]}" = "--only" ] && [[ "${args[i + 1]:-}" != send* && "${args[i + 1]:-}" != migrate* ]]; then send_only=0; fi
    done
fi
if [ "$send_only" = 1 ]; then
    exec python3 "$here/bench.py" --cli "$cli" --root "$root" --work "$work" "${orjson_args[@]}" "$@"
fi
echo "== swiftc -O Benchmarks/Baseline/main.swift" >&2
swiftc -O "$here/Baseline/main.swift" -o "$work/baseline" >&2
echo "== swiftc -O -wmo Benchmarks/Floor/main.swift with Sources/PushBridge" >&2
# The core imports the platform shim (Sources/PushBridgeSystem: re-exports only, no code): its module first.
mkdir -p "$work/modules"
swiftc -parse-as-library -swift-version 6 -module-name PushBridgeSystem -emit-module \
    -emit-module-path "$work/modules/PushBridgeSystem.swiftmodule" "$root/Sources/PushBridgeSystem/System.swift" >&2
mapfile -t core < <(find "$root/Sources/PushBridge" -name '*.swift' | sort)
# Linked as a release bridge-cli is on Linux (the Swift runtime in the binary, Package.swift), so the floor and the
# translation pay the same for each runtime call. The baseline stays as issue 8 set it (the runtime shared).
static_runtime=()
if [ "$(uname -s)" = Linux ]; then static_runtime=(-static-stdlib); fi
swiftc -O -wmo -swift-version 6 -module-name PushBridgeFloor -package-name PushBridge -I "$work/modules" \
    "${static_runtime[@]}" "${core[@]}" "$here/Floor/main.swift" -o "$work/floor" >&2

exec python3 "$here/bench.py" --cli "$cli" --baseline "$work/baseline" --floor "$work/floor" --root "$root" \
    --work "$work" "${orjson_args[@]}" "$@"
