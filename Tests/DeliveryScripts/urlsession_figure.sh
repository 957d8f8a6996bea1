#!/usr/bin/env bash
# Measures URLSessionTransport against a 1 GiB answer: builds PushBridgeURLSession in release, compiles a
# small driver that sends one POST and prints the outcome, and runs it under /usr/bin/time -v against
# hostile_collector.py's 1 GiB cases (declared by Content-Length, chunked, read to the close; 127.0.0.1).
# Prints one line per case (and `ok`, a small answer, for the baseline): the outcome, wall-clock seconds and
# peak RSS.
#
#   Tests/DeliveryScripts/urlsession_figure.sh [--before COMMIT]
#
# --before COMMIT also measures the URLSessionTransport.swift of COMMIT (compiled against the same release
# modules), for a before/after figure. Linux only (FoundationNetworking, /usr/bin/time -v).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
before=""
if [ "${1:-}" = "--before" ]; then before="$2"; fi

work=$(mktemp -d)
collector_pid=""
cleanup() {
    if [ -n "$collector_pid" ]; then kill "$collector_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --target PushBridgeURLSession >/dev/null
release=$(swift build -c release --show-bin-path)

cat >"$work/main.swift" <<'SWIFT'
import PushBridgeDelivery
import PushBridgeURLSession

let transport = URLSessionTransport(requestTimeout: 120)
switch transport.send(url: CommandLine.arguments[1], method: "POST", headers: [], body: [], timeout: 120) {
case .success(let response): print("status \(response.status), \(response.body.count) body bytes")
case .failure(let failure): print("\(failure.kind): \(failure.message)")
}
SWIFT

objects=("$release"/PushBridge.build/*.o "$release"/PushBridgeDelivery.build/*.o)
swiftc -O "$work/main.swift" -I "$release/Modules" "${objects[@]}" "$release"/PushBridgeURLSession.build/*.o \
    -o "$work/driver-after"
if [ -n "$before" ]; then
    mkdir -p "$work/before"
    git show "$before:Sources/PushBridgeURLSession/URLSessionTransport.swift" >"$work/before/URLSessionTransport.swift"
    # `package` declarations (DurationText) need the package name SwiftPM compiled with.
    package=$(sed -n '/"-package-name",/{n;s/[ ",]//g;p;q}' "$release/description.json")
    swiftc -O -parse-as-library -package-name "$package" -module-name PushBridgeURLSession -emit-module \
        -emit-module-path "$work/before/PushBridgeURLSession.swiftmodule" \
        -emit-object -wmo -I "$release/Modules" "$work/before/URLSessionTransport.swift" -o "$work/before/transport.o"
    swiftc -O "$work/main.swift" -I "$work/before" -I "$release/Modules" "${objects[@]}" "$work/before/transport.o" \
        -o "$work/driver-before"
fi

python3 Tests/DeliveryScripts/hostile_collector.py --log "$work/log.jsonl" --port-file "$work/port" \
    --max-seconds 600 &
collector_pid=$!
for _ in $(seq 100); do [ -f "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")

for driver in "$work"/driver-*; do
    for name in ok gib-length gib-chunked gib-close; do
        /usr/bin/time -v "$driver" "http://127.0.0.1:$port/case/$name/v1/track" >"$work/out" 2>"$work/time"
        seconds=$(grep "Elapsed (wall clock)" "$work/time" | awk '{print $NF}')
        rss=$(grep "Maximum resident set size" "$work/time" | awk '{print $NF}')
        printf '%-14s %-12s %-60s %s wall, %s KB peak RSS\n' "$(basename "$driver")" "$name" "$(cat "$work/out")" \
            "$seconds" "$rss"
    done
done
