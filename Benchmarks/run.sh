#!/usr/bin/env bash
# Runs issue #7's benchmarks (see docs/benchmarks.md): checks that the checked-in diamond view
# model is what the root's vmgen generates today, builds in release, and runs every workload in
# one process, with the machine's load before and after. Arguments go to vmgen-bench
# (--only W1,W3, --rounds N). ALLOCS=1 also counts allocations per operation (allocs.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# The generated diamond must be current: vmgen check prints a diff and exits 1 when it is not.
swift build --product vmgen >/dev/null
"$(swift build --show-bin-path)/vmgen" check Benchmarks/Specs --output Benchmarks/Sources/DiamondViewModel

swift build -c release --package-path Benchmarks
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/vmgen-bench"

echo "# uptime before: $(uptime)"
"$bench" "$@"
echo "# uptime after: $(uptime)"

if [[ "${ALLOCS:-0}" == 1 ]]; then
    "$root/Benchmarks/allocs.sh"
fi
