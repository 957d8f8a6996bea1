#!/usr/bin/env bash
# Builds the DocC documentation of PushBridge, PushBridgeVendors and PushBridgeConformance offline: the
# compiler emits symbol graphs, the toolchain's `docc convert` turns each catalog and its module's graphs
# into an archive. Any docc warning fails the build. Output: .build-docs/<Module>.doccarchive.
#   docs/build-docc.sh            # build all three
#   DOCC_SKIP_BUILD=1 docs/build-docc.sh   # reuse the symbol graphs of the last run
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -d /opt/swift/usr/bin ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v docc >/dev/null || { echo "build-docc: docc not found (it ships with the Swift toolchain)" >&2; exit 1; }

out=.build-docs
graphs="$out/symbol-graphs"
start=$(date +%s)

# One scratch path of its own: the symbol-graph flags would otherwise rebuild the main .build.
if [ "${DOCC_SKIP_BUILD:-0}" != 1 ]; then
    rm -rf "$graphs"
    mkdir -p "$graphs"
    for target in PushBridgeVendors PushBridgeConformance; do
        swift build --target "$target" --scratch-path "$out/build" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$out/build.log" 2>&1 \
            || { cat "$out/build.log" >&2; echo "build-docc: swift build --target $target failed" >&2; exit 1; }
    done
fi

warnings=0
for entry in PushBridge:Sources/PushBridge/PushBridge.docc \
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
    if ! docc convert "$catalog" --additional-symbol-graph-dir "$dir" \
            --fallback-display-name "$module" --fallback-bundle-identifier "org.pushbridge.$module" \
            --output-path "$out/$module.doccarchive" --warnings-as-errors >"$log" 2>&1; then
        cat "$log" >&2
        echo "build-docc: docc convert $module failed (every warning is an error)" >&2
        exit 1
    fi
    # --warnings-as-errors covers docc's own warnings; fail on any other warning line too.
    if grep -qi "warning:" "$log"; then
        cat "$log" >&2
        warnings=$((warnings + $(grep -ci "warning:" "$log")))
    fi
done
[ "$warnings" -eq 0 ] || { echo "build-docc: $warnings warning(s)" >&2; exit 1; }
echo "docs: 3 archives in $out/ (PushBridge, PushBridgeVendors, PushBridgeConformance), 0 warnings, $(( $(date +%s) - start )) s"
