#!/usr/bin/env bash
# Groups libFuzzer's crash artifacts by the first VMGenCore frame of their stack, and prints
# one reproducer per group:  Fuzz/triage.sh [ARTIFACT...]  (default: Fuzz/artifacts/crash-*)
# BUILD=asan uses the AddressSanitizer build of `ASAN=1 Fuzz/run.sh`.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzzer="Fuzz/.build/${BUILD:-fuzzer}/release/VMGenFuzz"
export SWIFT_BACKTRACE=enable=no
shopt -s nullglob
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(Fuzz/artifacts/crash-* Fuzz/artifacts/timeout-* Fuzz/artifacts/oom-*)
declare -A seen
for file in "${files[@]}"; do
  log=$(timeout 120 "$fuzzer" -runs=1 "$file" 2>&1)
  reason=$(grep -m1 -E 'Fatal error|runtime failure|ERROR: ' <<<"$log" | sed 's/^==[0-9]*== *//; s/ on address.*//')
  if grep -q 'stack-overflow' <<<"$reason"; then
    # The top frame of a runaway recursion is wherever it ran out: key on the function that recurs most.
    frame=$(grep -o 'in \$s9VMGenCore[^ ]*' <<<"$log" | sort | uniq -c | sort -s -k1,1rn | awk 'NR == 1 { print $3 }')
  else
    frame=$(grep -m1 -o 'in \$s9VMGenCore[^ ]* [^ ]*' <<<"$log" || true)
  fi
  key="${reason%%:*} ${frame:-$reason}"
  if [ -z "${seen[$key]:-}" ]; then
    seen[$key]="$file"
    echo "== $file"
    echo "   $reason"
    echo "   ${frame:-no VMGenCore frame}"
  fi
done
echo "${#files[@]} artifacts, ${#seen[@]} distinct"
