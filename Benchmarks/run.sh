#!/usr/bin/env bash
# Runs issue #7's benchmarks (see docs/benchmarks.md): checks that the checked-in generated view
# models (W3's diamond, W7's pair) are what the root's vmgen generates today, builds in release, and runs every workload in
# one process, with the machine's load before and after. Arguments go to vmgen-bench
# (--only W1,W3, --rounds N). ALLOCS=1 also counts allocations per operation (allocs.sh).
# CMO=1 builds everything with -cross-module-optimization (in Benchmarks/.build-cmo): what the
# numbers become when the runtime's generic code is specialized for its callers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# The generated view models must be current: vmgen check prints a diff and exits 1 when it is not.
swift build --product vmgen >/dev/null
"$(swift build --show-bin-path)/vmgen" check Benchmarks/Specs --output Benchmarks/Sources/DiamondViewModel

build=(swift build -c release --package-path Benchmarks)
if [[ "${CMO:-0}" == 1 ]]; then
    build+=(-Xswiftc -cross-module-optimization --scratch-path Benchmarks/.build-cmo)
fi
"${build[@]}"
bench="$("${build[@]}" --show-bin-path)/vmgen-bench"
echo "# build: ${build[*]}"

echo "# uptime before: $(uptime)"
"$bench" "$@"
echo "# uptime after: $(uptime)"

if [[ "${ALLOCS:-0}" == 1 ]]; then
    BENCH_BINARY="$bench" "$root/Benchmarks/allocs.sh"
fi
