#!/usr/bin/env bash
# Allocations per operation on the steady path, counted by valgrind's memcheck (its "total heap
# usage: N allocs" line counts every malloc/calloc/realloc/new). Each variant runs twice, with
# COUNT and 2*COUNT operations (COUNT per case below, times SCALE); setup and teardown are the
# same in both runs, so (allocs(2*COUNT) - allocs(COUNT)) / COUNT is what one more operation
# allocates. ONLY="W1 W6" restricts the count to those workloads.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
built="${BENCH_BINARY:-$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/vmgen-bench}"
scale="${SCALE:-1}"
# valgrind 3.19 cannot read the DWARF 5 debug info swiftc writes ("Possibly corrupted debuginfo
# file ... Giving up"): count on a copy without it.
bench="$(mktemp -d)/vmgen-bench"
trap 'rm -rf "$(dirname "$bench")"' EXIT
strip --strip-debug -o "$bench" "$built"

allocs() {
    valgrind --tool=memcheck --leak-check=no "$bench" --alloc "$1" "$2" --variant "$3" 2>&1 \
        | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

# workload, variant, operations (valgrind runs ~100x slower than native: kept small).
for case in "W1 ours 20000" "W1 producer 20000" "W1 baseline 20000" "W1 peer 20000" "W2 ours 2000" \
    "W2 peer 2000" "W3 ours 5000" "W3 baseline 5000" "W3 peer 2000" "W4 ours 2000" "W4 peer 2000" "W6 ours 2000" \
    "W6 execute 2000" "W6 producer_work 2000" "W9 ours 2000" "W9 unobserved 2000" "W9 peer 2000" "W10 ours 2000" "W10 peer 2000" \
    "W7 ours 2000" "W7 execute 2000" "W7 baseline 5000" "W7 peer 2000" "W12 ours 1000" "W12 execute 1000" \
    "W12 update 1000" "W12 macro 1000" "W12 stored 1000" "W3B ours 5000" "W3B observable 5000" "W3T ours 2000" \
    "W3T macro 2000" "W3T observable 2000" "W8B ours 2000" "W8T ours 1000" "W8T macro 1000" "W13 ours 200" \
    "W13 peer 200"; do
    set -- $case
    # ONLY="W6 W9" counts only those workloads.
    if [[ -n "${ONLY:-}" && " $ONLY " != *" $1 "* ]]; then continue; fi
    count=$(($3 * scale))
    single=$(allocs "$1" "$count" "$2")
    double=$(allocs "$1" $((2 * count)) "$2")
    if [[ -z "$single" || -z "$double" ]]; then
        echo "allocs.sh: valgrind gave no count for $case" >&2
        exit 1
    fi
    per=$(awk -v a="$single" -v b="$double" -v n="$count" 'BEGIN { printf "%.3f", (b - a) / n }')
    echo "ALLOCS $1 $2 per_operation=$per (allocs: $single at $count, $double at $((2 * count)))"
    if [[ "$1 $2" == "W1 ours" && "$single" != "$double" ]]; then steady_path_allocates=W1; fi
    # Issue 24, item 2: a generated command run the way a button runs it allocates nothing.
    if [[ "$1 $2" == "W7 ours" && "$single" != "$double" ]]; then steady_path_allocates=W7; fi
done
# The issues' requirements: W1's steady path and W7's command allocate nothing.
if [[ -n "${steady_path_allocates:-}" ]]; then
    echo "allocs.sh: $steady_path_allocates's steady path allocates" >&2
    exit 1
fi
