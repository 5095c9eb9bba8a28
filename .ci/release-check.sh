#!/usr/bin/env bash
# Issue 23, item 3: the testing members of generated view models are not public API.
#  1. In a release build, a user's tests of generated view models (Tests/Runtime's
#     ReleaseConsumerTests over the golden view models) reach them through
#     `@_spi(Testing) import`, and ChangeRecorder and the Explorer work: they build and pass.
#  2. App code without the SPI imports cannot see them, nor the runtime's SPI `VMGen`:
#     type-checked against the release modules, each use is an error; with the imports, none.
# The runtime package builds no generator (no swift-syntax), so this takes a minute or two.
# Usage: .ci/release-check.sh   (from anywhere)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
package="$root/Tests/Runtime"
scratch="$root/.build-release"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$package" --scratch-path "$scratch" --build-tests 2>&1 | tee "$work/build.log"
if grep -E '^/.*: warning:' "$work/build.log" | grep -v '/\.build'; then
    echo "release-check: FAILED: the release build printed warnings in our code (above)" >&2
    exit 1
fi
swift test -c release --package-path "$package" --scratch-path "$scratch" --skip-build --filter ReleaseConsumerTests
echo "release-check: ok: a user's tests of generated view models build and pass in release, through @_spi(Testing) import"

modules="$(swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)/Modules"
code() {
    cat <<SWIFT
$1
@MainActor func appCode(_ counter: CounterViewModel) {
    _ = counter._\$outputs
    _ = counter._\$invariants
    _ = counter._\$audit()
    _ = counter._\$transactions
    _ = Reactive.Stored<Int>.self
}
SWIFT
}
code $'import GoldenViewModels\nimport Reactive' >"$work/AppCode.swift"
code $'@_spi(Testing) @_spi(VMGen) import GoldenViewModels\n@_spi(VMGen) import Reactive' >"$work/TestCode.swift"
typecheck() { swiftc -typecheck -swift-version 6 -I "$modules" "$work/$1.swift" >"$work/$1.log" 2>&1; }
if ! typecheck TestCode; then
    echo "release-check: FAILED: the uses with the SPI imports do not type-check against the release modules:" >&2
    grep -E 'error' "$work/TestCode.log" | head -10 >&2
    exit 1
fi
if typecheck AppCode; then
    echo "release-check: FAILED: app code without the SPI imports type-checks: the testing members are public" >&2
    exit 1
fi
missing=0
for pattern in \
    "AppCode\.swift:4:[0-9]+: error: '_\\\$outputs' is inaccessible due to '@_spi' protection level" \
    "AppCode\.swift:5:[0-9]+: error: '_\\\$invariants' is inaccessible due to '@_spi' protection level" \
    "AppCode\.swift:6:[0-9]+: error: '_\\\$audit' is inaccessible due to '@_spi' protection level" \
    "AppCode\.swift:7:[0-9]+: error: '_\\\$transactions' is inaccessible due to '@_spi' protection level" \
    "AppCode\.swift:8:[0-9]+: error: module 'Reactive' has no member named 'Stored'"; do
    if ! grep -qE "$pattern" "$work/AppCode.log"; then
        echo "release-check: missing: $pattern" >&2
        missing=$((missing + 1))
    fi
done
if [ "$missing" != 0 ]; then
    echo "release-check: FAILED: $missing use(s) were not the expected error; the errors were:" >&2
    grep -E 'error' "$work/AppCode.log" | head -10 >&2
    exit 1
fi
echo "release-check: ok: app code without the SPI imports sees no testing member and no runtime SPI (5 of 5 uses are errors)"
