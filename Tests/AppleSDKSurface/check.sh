#!/usr/bin/env bash
# Checks PushBridge's Apple glue (Sources/PushBridgeApple) and the iOS example (examples/iOS) against
# stand-in UserNotifications and UIKit modules that reproduce Apple's SDK declarations (see README.md),
# in Swift 6 mode with warnings as errors. Runs on Linux; needs only the Swift toolchain.
#
#   Tests/AppleSDKSurface/check.sh              check the glue and the example
#   Tests/AppleSDKSurface/check.sh --self-test  prove the check fails on known API misuses (SelfTest/)
#
# Options: --glue DIR / --examples DIR check other folders (e.g. a copy with edited fences).
# Environment: SURFACE_SCRATCH = SwiftPM scratch path for the PushBridge modules (default .build-surface in
# the package root; never the package's own .build), SWIFT = the swift driver to use (default: swift on PATH).
#
# "Type-check" here means: parse, type-check and run the compiler's mandatory SIL passes, because Swift 6's
# data-race diagnostics ("sending ... risks causing data races") are only emitted there (`-typecheck` alone
# misses them). Nothing is linked.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
glue="$root/Sources/PushBridgeApple"
examples="$root/examples/iOS"
mode=check
while [ $# -gt 0 ]; do
    case "$1" in
        --self-test) mode=self-test ;;
        --glue) glue="$(cd "$2" && pwd)"; shift ;;
        --examples) examples="$(cd "$2" && pwd)"; shift ;;
        -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "apple-surface: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

swift="${SWIFT:-swift}"
swiftc="$(dirname "$(command -v "$swift")")/swiftc"
scratch="${SURFACE_SCRATCH:-$root/.build-surface}"
work="$(mktemp -d "${TMPDIR:-/tmp}/apple-surface.XXXXXX")"
trap 'rm -rf "$work"' EXIT
start=$SECONDS

fail() { echo "apple-surface: FAILED: $*" >&2; exit 1; }

# Flags shared by every compile: Swift 6 (complete strict concurrency), warnings are errors, Objective-C
# interop on (for `@objc optional` protocol requirements), the stand-in Clang modules and built modules.
common=(-swift-version 6 -warnings-as-errors -Xfrontend -enable-objc-interop
    -I "$here/ObjCRoot" -I "$here/UserNotifications" -I "$here/UIKit" -I "$work/sdk"
    -module-cache-path "$work/module-cache")
# The Foundation an iOS build sees: Linux keeps URLSession in FoundationNetworking, and lacks some Apple-only
# API (Foundation/AppleFoundationAdditions.swift). Both are imported implicitly into the glue and the example.
apple_foundation=(-Xfrontend -import-module -Xfrontend FoundationNetworking
    -Xfrontend -import-module -Xfrontend AppleFoundationAdditions)
# Xcode 26's settings for new app and extension targets: main-actor default isolation plus "approachable
# concurrency" (the upcoming features Swift 6 mode does not already enable).
xcode26=(-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
    -enable-upcoming-feature InferIsolatedConformances)

# compile LOG MODULE [flags...] -- FILES...: type-check FILES as MODULE through the mandatory SIL passes.
compile() {
    local log="$1" module="$2"; shift 2
    local flags=()
    while [ "$1" != "--" ]; do flags+=("$1"); shift; done
    shift
    # The SIL goes to a file in the work folder: the compiler replaces its -o path by renaming a temporary
    # file over it, which would turn /dev/null into a regular file.
    "$swiftc" -wmo -parse-as-library -module-name "$module" "${common[@]}" "${flags[@]}" \
        -emit-sil -o "$work/$module.sil" "$@" >"$log" 2>&1
}

# 1. The stand-in SDK modules. They share a package name, so that what they share (`package` declarations such
# as SecureCodingStandIn's `init(standIn:)`) is invisible to the glue, the example and the self-test fixtures.
mkdir -p "$work/sdk"
build_sdk() {
    compile "$work/sdk-foundation.log" AppleFoundationAdditions -emit-module -emit-module-path "$work/sdk/AppleFoundationAdditions.swiftmodule" \
        -- "$here/Foundation/"*.swift || { cat "$work/sdk-foundation.log" >&2; fail "stand-in Foundation additions"; }
    compile "$work/sdk-base.log" AppleSDKStandInBase -package-name AppleSDKStandIn -emit-module -emit-module-path "$work/sdk/AppleSDKStandInBase.swiftmodule" \
        -- "$here/ObjCRoot/"*.swift || { cat "$work/sdk-base.log" >&2; fail "stand-in base module"; }
    compile "$work/sdk-un.log" UserNotifications -package-name AppleSDKStandIn -emit-module -emit-module-path "$work/sdk/UserNotifications.swiftmodule" \
        -- "$here/UserNotifications/"*.swift || { cat "$work/sdk-un.log" >&2; fail "stand-in UserNotifications"; }
    compile "$work/sdk-uikit.log" UIKit -package-name AppleSDKStandIn -emit-module -emit-module-path "$work/sdk/UIKit.swiftmodule" \
        -- "$here/UIKit/"*.swift || { cat "$work/sdk-uikit.log" >&2; fail "stand-in UIKit"; }
}

# 2. The package modules the glue and the example import, built by SwiftPM in its own scratch path:
# PushBridgeApple's dependencies (on Linux the target itself compiles to an empty module: its files are
# fenced to platforms with UserNotifications and UIKit) and PushBridgeVendors (the example's vendors).
build_package() {
    local target
    for target in PushBridgeApple PushBridgeVendors; do
        (cd "$root" && "$swift" build --target "$target" --scratch-path "$scratch" >"$work/swiftpm-$target.log" 2>&1) \
            || { cat "$work/swiftpm-$target.log" >&2; fail "swift build --target $target --scratch-path $scratch"; }
    done
    modules="$(cd "$root" && "$swift" build --show-bin-path --scratch-path "$scratch")/Modules"
    [ -e "$modules/PushBridge.swiftmodule" ] || modules="$(dirname "$modules")"
    [ -e "$modules/PushBridge.swiftmodule" ] || fail "no PushBridge.swiftmodule under $modules"
}

if [ "$mode" = self-test ]; then
    build_sdk
    # Each fixture's first line says what it must do: `// expect: pass` or `// expect: fail <text>`, where
    # <text> must appear in the compiler's output. Fixtures only use the stand-in SDK and Foundation.
    total=0
    for fixture in "$here/SelfTest/"*.swift; do
        total=$((total + 1))
        name="$(basename "$fixture" .swift)"
        expect="$(head -n 1 "$fixture" | sed -n 's|^// expect: ||p')"
        [ -n "$expect" ] || fail "$name: first line must be '// expect: pass' or '// expect: fail <text>'"
        if compile "$work/$name.log" "$name" -- "$fixture"; then result=pass; else result=fail; fi
        case "$expect" in
            pass)
                [ "$result" = pass ] || { cat "$work/$name.log" >&2; fail "self-test $name: expected to pass"; } ;;
            fail\ *)
                [ "$result" = fail ] || fail "self-test $name: expected to fail (${expect#fail }) but it passed"
                grep -qF -- "${expect#fail }" "$work/$name.log" \
                    || { cat "$work/$name.log" >&2; fail "self-test $name: failed, but not with '${expect#fail }'"; } ;;
            *) fail "$name: bad expectation '$expect'" ;;
        esac
    done
    echo "apple-surface self-test: $total fixtures behave as expected (misuses fail, correct uses pass) in $((SECONDS - start))s"
    exit 0
fi

build_sdk
build_package

# 3. The glue, as module PushBridgeApple (its module is emitted for the example).
shopt -s nullglob
glue_files=("$glue"/*.swift)
[ ${#glue_files[@]} -gt 0 ] || fail "no Swift files in $glue"
mkdir -p "$work/symbols"
compile "$work/glue.log" PushBridgeApple "${apple_foundation[@]}" -I "$modules" -emit-module -emit-module-path "$work/sdk/PushBridgeApple.swiftmodule" \
    -emit-symbol-graph -emit-symbol-graph-dir "$work/symbols" -- "${glue_files[@]}" || { cat "$work/glue.log" >&2; fail "Sources/PushBridgeApple does not type-check against the stand-in SDK"; }
# A fence that hides the glue from the stand-ins would make the check vacuous: require public symbols.
if ! grep -qs '"precise"' "$work/symbols/PushBridgeApple.symbols.json"; then
    fail "PushBridgeApple compiled to a module with no public symbols: do its #if fences exclude the stand-in SDK?"
fi

# 4. The example (`-I "$work/sdk"` comes first in the search path, so `import PushBridgeApple` finds the
# module checked above, not SwiftPM's empty one): app target files and Notification Service Extension files, each as its own module, in
# Xcode's default settings and in Xcode 26's new-target settings. A file that subclasses the extension base
# class belongs to the extension; one with `@main` or an app delegate belongs to the app; any other file is
# shared by both targets.
example_files=("$examples"/*.swift)
[ ${#example_files[@]} -gt 0 ] || fail "no Swift files in $examples"
app=() ext=()
for f in "${example_files[@]}"; do
    if grep -Eq ':[[:space:]]*(PushBridgeNotificationService|UNNotificationServiceExtension)\b' "$f"; then ext+=("$f")
    elif grep -Eq '^[[:space:]]*@main\b|UIApplicationDelegate' "$f"; then app+=("$f")
    else app+=("$f"); ext+=("$f"); fi
done
targets=0
for target in app ext; do
    if [ "$target" = app ]; then files=("${app[@]}"); module=ExampleApp; else files=("${ext[@]}"); module=ExampleServiceExtension; fi
    [ ${#files[@]} -gt 0 ] || continue
    targets=$((targets + 1))
    for setting in default xcode26; do
        flags=("${apple_foundation[@]}" -I "$modules")
        [ "$setting" = xcode26 ] && flags+=("${xcode26[@]}")
        compile "$work/$module-$setting.log" "$module" "${flags[@]}" -- "${files[@]}" || {
            cat "$work/$module-$setting.log" >&2
            fail "examples/iOS ($module: $(for f in "${files[@]}"; do basename "$f"; done | paste -sd ' '), $setting settings) does not type-check"
        }
    done
done

echo "apple-surface: ${#glue_files[@]} glue files and ${#example_files[@]} example files ($targets targets, default and Xcode 26 isolation settings) type-check against the stand-in SDK (Swift 6, warnings as errors) in $((SECONDS - start))s"
