#!/usr/bin/env bash
# Groups libFuzzer's crash artifacts by the first VMGenCore frame of their stack, and prints
# one reproducer per group:  Fuzz/triage.sh [ARTIFACT...]  (default: Fuzz/artifacts/crash-*)
set -uo pipefail
cd "$(dirname "$0")/.."
fuzzer=Fuzz/.build/fuzzer/release/VMGenFuzz
export SWIFT_BACKTRACE=enable=no
shopt -s nullglob
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(Fuzz/artifacts/crash-* Fuzz/artifacts/timeout-* Fuzz/artifacts/oom-*)
declare -A seen
for file in "${files[@]}"; do
  log=$("$fuzzer" -runs=1 -timeout=10 "$file" 2>&1)
  frame=$(grep -m1 -o 'in \$s9VMGenCore[^ ]* [^ ]*' <<<"$log" || true)
  reason=$(grep -m1 -E 'Fatal error|runtime failure|ERROR: libFuzzer' <<<"$log" | sed 's/^==[0-9]*== //')
  key="${frame:-$reason}"
  if [ -z "${seen[$key]:-}" ]; then
    seen[$key]="$file"
    echo "== $file"
    echo "   $reason"
    echo "   ${frame:-no VMGenCore frame}"
  fi
done
echo "${#files[@]} artifacts, ${#seen[@]} distinct"
