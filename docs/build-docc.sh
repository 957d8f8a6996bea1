#!/usr/bin/env bash
# Builds the DocC documentation of PushBridge, PushBridgeOutbox, PushBridgeTools, PushBridgeSend, PushBridgeVendors and
# PushBridgeConformance offline: the compiler emits symbol graphs, the toolchain's `docc convert` turns each
# catalog and its module's graphs into an archive. Any docc warning fails the build. Output: .build-docs/<Module>.doccarchive.
#   docs/build-docc.sh            # build all six
#   DOCC_SKIP_BUILD=1 docs/build-docc.sh   # reuse the symbol graphs of the last run
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
if ! command -v docc >/dev/null 2>&1 && command -v xcrun >/dev/null 2>&1; then
    docc() { xcrun docc "$@"; }   # Xcode's toolchain
fi
command -v docc >/dev/null 2>&1 \
    || { echo "build-docc: docc not found (it ships with the Swift toolchain)" >&2; exit 1; }

out=.build-docs
graphs="$out/symbol-graphs"
start=$(date +%s)

# A scratch path of its own: the symbol-graph flags would otherwise rebuild the main .build. The graphs
# are kept between runs: a module that needs no recompiling emits none, and its last ones are current.
if [ "${DOCC_SKIP_BUILD:-0}" != 1 ]; then
    mkdir -p "$graphs"
    : >"$out/build.log"
    for target in PushBridgeOutbox PushBridgeTools PushBridgeSend PushBridgeVendors PushBridgeConformance; do
        swift build --target "$target" --scratch-path "$out/build" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >>"$out/build.log" 2>&1 \
            || { cat "$out/build.log" >&2; echo "build-docc: swift build --target $target failed" >&2; exit 1; }
    done
fi

warnings=0
failed=()
for entry in PushBridge:Sources/PushBridge/PushBridge.docc \
             PushBridgeOutbox:Sources/PushBridgeOutbox/PushBridgeOutbox.docc \
             PushBridgeTools:Sources/PushBridgeTools/PushBridgeTools.docc \
             PushBridgeSend:Sources/PushBridgeSend/PushBridgeSend.docc \
             PushBridgeVendors:Sources/Vendors/PushBridgeVendors.docc \
             PushBridgeConformance:Conformance/Runner/PushBridgeConformance.docc; do
    module=${entry%%:*}
    catalog=${entry#*:}
    # Only this module's graphs (its own and its extensions of other modules), so docc sees one module.
    dir="$out/graphs-$module"
    rm -rf "$dir" && mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$dir/"
    done
    log="$out/$module.log"
    status=0
    docc convert "$catalog" --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.pushbridge.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors >"$log" 2>&1 || status=$?
    # --warnings-as-errors turns docc's warnings into errors; count both, and any failure.
    count=$(grep -cE "^(warning|error):" "$log" || true)
    if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
        cat "$log" >&2
        warnings=$((warnings + count))
        failed+=("$module")
    fi
done
seconds=$(( $(date +%s) - start ))
if [ "${#failed[@]}" -ne 0 ]; then
    echo "docs: FAILED in ${seconds} s, ${warnings} warning(s) in ${failed[*]} (see above; any warning fails)" >&2
    exit 1
fi
echo "docs: 6 archives in $out/ (PushBridge, PushBridgeOutbox, PushBridgeTools, PushBridgeSend, PushBridgeVendors, PushBridgeConformance), 0 warnings, ${seconds} s"
