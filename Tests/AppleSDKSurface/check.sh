#!/usr/bin/env bash
# Checks PushBridge's Apple glue (Sources/PushBridgeApple) and the iOS example (examples/iOS) against
# stand-in UserNotifications and UIKit modules that reproduce Apple's SDK declarations (see README.md),
# in Swift 6 mode with warnings as errors, and enforces what Swift on Linux ignores: the iOS floor of
# Package.swift (an API introduced above it needs an availability guard) and API Apple marks unavailable in
# app extensions (not in extension code: the example's extension and the glue it links); see availability.py.
# Runs on Linux; needs only the Swift toolchain (6.2 or later, for custom availability domains) and python3.
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
        -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
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
fail_all() { local message; message="$(printf '%s; ' "${failures[@]}")"; fail "${message%; }"; }

# iOS availability, which Swift on Linux does not evaluate, is mapped by availability.py onto what it does
# (see there and README.md): each iOS version above the floor in which the stand-in SDK introduces something
# is a custom availability domain, and in extension code `@available(iOSApplicationExtension, unavailable)`
# is `@available(*, unavailable)`. Every Swift file is compiled from such a rewritten copy (same lines).
floor="$(sed -n 's/.*\.iOS(\.v\([0-9_]*\)).*/\1/p' "$root/Package.swift" | head -n 1 | tr _ .)"
[ -n "$floor" ] || fail "no .iOS(.vN) in the platforms of Package.swift"
sdk_sources=("$here/ObjCRoot/"*.swift "$here/UserNotifications/"*.swift "$here/UIKit/"*.swift "$here/Foundation/"*.swift
    "$here/ObjCRoot/"*.h "$here/UserNotifications/"*.h "$here/UIKit/"*.h)
domains="$(python3 "$here/availability.py" domains "$floor" "${sdk_sources[@]}" | paste -sd , -)" \
    || fail "availability.py could not read the stand-in SDK's availability"
# The domains are declared in a Clang module (so that modules built with them can be imported by others), one
# for app code in $work/sdk-app and one for extension code in $work/sdk-extension, where NotInAppExtensions
# (Apple's NS_EXTENSION_UNAVAILABLE) is disabled; it is imported implicitly everywhere.
for target in app extension; do
    mkdir -p "$work/sdk-$target"
    {
        echo '#include <availability_domain.h>'
        echo 'int ios_floor_domain_query(void);'
        for domain in ${domains//,/ }; do echo "CLANG_DYNAMIC_AVAILABILITY_DOMAIN($domain, ios_floor_domain_query);"; done
        if [ "$target" = app ]; then echo 'CLANG_ALWAYS_ENABLED_AVAILABILITY_DOMAIN(NotInAppExtensions);'
        else echo 'CLANG_DISABLED_AVAILABILITY_DOMAIN(NotInAppExtensions);'; fi
    } >"$work/sdk-$target/AppleAvailabilityDomains.h"
    echo 'module AppleAvailabilityDomains { header "AppleAvailabilityDomains.h" export * }' >"$work/sdk-$target/module.modulemap"
done
availability=(-enable-experimental-feature CustomAvailability -Xfrontend -import-module -Xfrontend AppleAvailabilityDomains)
: >"$work/paths.sed"

# rewrite DEST FILES...: copies FILES to DEST, rewritten as above; sets `rewritten` to the copies.
# Diagnostics name the original files (see compile).
rewrite() {
    local dest="$1" file; shift
    python3 "$here/availability.py" rewrite "$floor" "$domains" "$dest" "$@" \
        || fail "availability.py could not rewrite $*"
    rewritten=()
    for file in "$@"; do
        rewritten+=("$dest/$(basename "$file")")
        echo "s|$dest/|$(dirname "$file")/|g" >>"$work/paths.sed"
    done
}

# Flags shared by every compile: Swift 6 (complete strict concurrency), warnings are errors, Objective-C
# interop on (for `@objc optional` protocol requirements), the stand-in Clang modules and built modules.
common=(-swift-version 6 -warnings-as-errors -Xfrontend -enable-objc-interop
    -I "$here/ObjCRoot" -I "$here/UserNotifications" -I "$here/UIKit" -module-cache-path "$work/module-cache"
    "${availability[@]}")
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
    local status=0
    "$swiftc" -wmo -parse-as-library -module-name "$module" "${common[@]}" "${flags[@]}" \
        -emit-sil -o "$work/$module.sil" "$@" >"$log" 2>&1 || status=$?
    # Name the original files, and say what the domains mean.
    sed -i -E -f "$work/paths.sed" \
        -e "s/is only available in NotInAppExtensions/is unavailable in app extensions (Apple marks it NS_EXTENSION_UNAVAILABLE): extension code may use it only inside a declaration marked @available(iOSApplicationExtension, unavailable)/g" \
        -e "s/is only available in (iOS_[0-9_]+)/is introduced in \\1, above the iOS $floor floor, without an availability guard (if #available or @available)/g" \
        -e 's/\biOS_([0-9]+)_([0-9]+)_([0-9]+)\b/iOS \1.\2.\3/g' -e 's/\biOS_([0-9]+)_0\b/iOS \1/g' \
        -e 's/\biOS_([0-9]+)_([0-9]+)\b/iOS \1.\2/g' "$log"
    return $status
}

# 1. The stand-in SDK modules, into $work/sdk-app for app code and $work/sdk-extension for extension code (where
# what Apple marks unavailable in app extensions is unavailable). They share a package name, so that what they
# share (`package` declarations such as SecureCodingStandIn's `init(standIn:)`) is invisible to the glue, the
# example and the self-test fixtures.
# build_sdk MODE: the four modules for MODE (app or extension).
build_sdk() {
    local mode="$1" sdk="$work/sdk-$1" module dir log
    mkdir -p "$sdk"
    for module in AppleFoundationAdditions:Foundation AppleSDKStandInBase:ObjCRoot UserNotifications:UserNotifications UIKit:UIKit; do
        dir="${module#*:}" module="${module%%:*}" log="$work/sdk-$mode-${module}.log"
        rewrite "$work/src-$mode/$dir" "$here/$dir/"*.swift
        compile "$log" "$module" -I "$sdk" -package-name AppleSDKStandIn -emit-module -emit-module-path "$sdk/$module.swiftmodule" \
            -- "${rewritten[@]}" || { cat "$log" >&2; fail "stand-in $module ($mode)"; }
    done
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
    build_sdk app
    build_sdk extension
    # Each fixture's first line says what it must do: `// expect: pass` or `// expect: fail <text>`, where
    # <text> must appear in the compiler's output. A second line `// target: extension` compiles it as app
    # extension code (default: app code). Fixtures only use the stand-in SDK and Foundation.
    total=0
    for fixture in "$here/SelfTest/"*.swift; do
        total=$((total + 1))
        name="$(basename "$fixture" .swift)"
        expect="$(head -n 1 "$fixture" | sed -n 's|^// expect: ||p')"
        [ -n "$expect" ] || fail "$name: first line must be '// expect: pass' or '// expect: fail <text>'"
        target=app
        sed -n 2p "$fixture" | grep -q '^// target: extension$' && target=extension
        rewrite "$work/src-$target/SelfTest" "$fixture"
        if compile "$work/$name.log" "$name" -I "$work/sdk-$target" -- "${rewritten[@]}"; then result=pass; else result=fail; fi
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

build_sdk app
build_sdk extension
build_package

# 3. The glue, as module PushBridgeApple (its module is emitted for the example), twice: as app code, and as
# extension code, because the service extension links it: there every use of API that is unavailable in app
# extensions must be inside a declaration marked `@available(iOSApplicationExtension, unavailable)`, as
# Xcode's "Require Only App-Extension-Safe API" demands of a library an extension links.
shopt -s nullglob
glue_files=("$glue"/*.swift)
[ ${#glue_files[@]} -gt 0 ] || fail "no Swift files in $glue"
mkdir -p "$work/symbols"
# Both compiles run even when the first fails, so that each reason is reported (an app-code error such as main
# actor isolation would otherwise hide the extension-code one).
failures=()
for target in app extension; do
    rewrite "$work/src-$target/glue" "${glue_files[@]}"
    symbols=()
    [ "$target" = app ] && symbols=(-emit-symbol-graph -emit-symbol-graph-dir "$work/symbols")
    compile "$work/glue-$target.log" PushBridgeApple "${apple_foundation[@]}" -I "$work/sdk-$target" -I "$modules" \
        -emit-module -emit-module-path "$work/sdk-$target/PushBridgeApple.swiftmodule" "${symbols[@]}" -- "${rewritten[@]}" \
        || { cat "$work/glue-$target.log" >&2; failures+=("${glue#"$root"/} does not type-check against the stand-in SDK as $target code"); }
done
[ ${#failures[@]} -eq 0 ] || fail_all
# A fence that hides the glue from the stand-ins would make the check vacuous: require public symbols.
if ! grep -qs '"precise"' "$work/symbols/PushBridgeApple.symbols.json"; then
    fail "PushBridgeApple compiled to a module with no public symbols: do its #if fences exclude the stand-in SDK?"
fi

# 4. The example (`-I "$work/sdk-app"` or `-I "$work/sdk-extension"` comes first in the search path, so
# `import PushBridgeApple` finds the module checked above, not SwiftPM's empty one): app target files (app
# code) and Notification Service Extension files (extension code), each as its own module, in
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
for target in app extension; do
    if [ "$target" = app ]; then files=("${app[@]}"); module=ExampleApp; else files=("${ext[@]}"); module=ExampleServiceExtension; fi
    [ ${#files[@]} -gt 0 ] || continue
    targets=$((targets + 1))
    rewrite "$work/src-$target/example" "${files[@]}"
    for setting in default xcode26; do
        flags=("${apple_foundation[@]}" -I "$work/sdk-$target" -I "$modules")
        [ "$setting" = xcode26 ] && flags+=("${xcode26[@]}")
        compile "$work/$module-$setting.log" "$module" "${flags[@]}" -- "${rewritten[@]}" || {
            cat "$work/$module-$setting.log" >&2
            failures+=("${examples#"$root"/} ($module, $target code: $(for f in "${files[@]}"; do basename "$f"; done | paste -sd ' '), $setting settings) does not type-check")
        }
    done
done
[ ${#failures[@]} -eq 0 ] || fail_all

echo "apple-surface: ${#glue_files[@]} glue files and ${#example_files[@]} example files ($targets targets, default and Xcode 26 isolation settings) type-check against the stand-in SDK (Swift 6, warnings as errors, iOS $floor floor, extension-safe glue and extension) in $((SECONDS - start))s"
