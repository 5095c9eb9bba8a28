#!/usr/bin/env bash
# Allocations per operation on the steady path, counted by valgrind's memcheck (its "total heap
# usage: N allocs" line counts every malloc/calloc/realloc/new). Each variant runs twice, with
# COUNT and 2*COUNT operations; setup and teardown are the same in both runs, so
# (allocs(2*COUNT) - allocs(COUNT)) / COUNT is what one more operation allocates.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
built="${BENCH_BINARY:-$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/vmgen-bench}"
count="${COUNT:-20000}"
# valgrind 3.19 cannot read the DWARF 5 debug info swiftc writes ("Possibly corrupted debuginfo
# file ... Giving up"): count on a copy without it.
bench="$(mktemp -d)/vmgen-bench"
trap 'rm -rf "$(dirname "$bench")"' EXIT
strip --strip-debug -o "$bench" "$built"

allocs() {
    valgrind --tool=memcheck --leak-check=no "$bench" --alloc "$1" "$2" --variant "$3" 2>&1 \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

for case in "W1 ours" "W1 producer" "W1 peer" "W2 ours" "W3 ours" "W3 baseline" "W3 peer"; do
    set -- $case
    single=$(allocs "$1" "$count" "$2")
    double=$(allocs "$1" $((2 * count)) "$2")
    per=$(awk -v a="$single" -v b="$double" -v n="$count" 'BEGIN { printf "%.3f", (b - a) / n }')
    echo "ALLOCS $1 $2 per_operation=$per (allocs: $single at $count, $double at $((2 * count)))"
done
