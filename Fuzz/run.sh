#!/usr/bin/env bash
# Builds the fuzzer and runs it for SECONDS (default 60) on one core.
#   Fuzz/run.sh 1900        # a long run
#   Fuzz/run.sh 0 FILE...   # replay FILEs (crash reproducers) once each, no fuzzing
#   ASAN=1 Fuzz/run.sh 600  # the same under AddressSanitizer
#   RANDOM_SPECS=1 Fuzz/run.sh 600  # inputs are seeds of random valid specs (issue #10): each
#                                   # must be accepted, and their outputs compile (in batches)
# The corpus (Fuzz/corpus) is seeded with every spec of the repository and grows across runs;
# crashes, hangs and out-of-memory inputs land in Fuzz/artifacts as crash-*, timeout-*, oom-*;
# invariant violations (see Sources/FuzzSupport) as violation-<rule>-<hash>.vm.yaml + .txt.
# libFuzzer runs in fork mode with one job, so a crash is recorded and the run goes on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

# libyaml (C) gets coverage feedback too. With ASAN=1 both languages also run under
# AddressSanitizer (about 3 times slower; built apart, in Fuzz/.build/asan).
if [ "${ASAN:-0}" = 1 ]; then
  build=asan swift_sanitizers=fuzzer,address c_sanitizers=address,fuzzer-no-link
else
  build=fuzzer swift_sanitizers=fuzzer c_sanitizers=fuzzer-no-link
fi
swift build -c release --package-path Fuzz --scratch-path "Fuzz/.build/$build" --product VMGenFuzz \
  -Xswiftc -sanitize="$swift_sanitizers" -Xcc -fsanitize="$c_sanitizers"
fuzzer="Fuzz/.build/$build/release/VMGenFuzz"

mkdir -p Fuzz/corpus Fuzz/artifacts
export VMGEN_FUZZ_ARTIFACTS=Fuzz/artifacts
# Swift's own crash backtracer takes the signal before libFuzzer sees it, and then no crash
# input is saved: leave crashes to libFuzzer.
export SWIFT_BACKTRACE=enable=no

if [ "$seconds" = 0 ]; then
  exec "$fuzzer" -runs=1 "$@"
fi
if [ "$seconds" -lt 1 ]; then
  echo "usage: Fuzz/run.sh SECONDS | Fuzz/run.sh 0 FILE..." >&2
  exit 2
fi

started=$(date +%s)
if [ "${RANDOM_SPECS:-0}" = 1 ]; then
  # Each input's first 8 bytes are a seed; outputs are type-checked against the main
  # package's Reactive, 60 specs per swiftc run (hence the long per-input timeout).
  swift build --target Reactive
  export VMGEN_FUZZ_RANDOM_SPECS=1 VMGEN_REACTIVE_MODULES="$PWD/.build/debug/Modules"
  mkdir -p Fuzz/corpus-random
  for seed in 1 2 3 4 5 6 7 8; do printf "\\x0$seed" > "Fuzz/corpus-random/seed-$seed"; done
  nice -n 10 "$fuzzer" Fuzz/corpus-random \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout=300 -rss_limit_mb=4096 -max_len=8 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
else
  for spec in Specs/*.vm.yaml Tests/Golden/Specs/*.vm.yaml Tests/Catalogue/*.vm.yaml; do
    seed="${spec//\//_}"
    cp "$spec" "Fuzz/corpus/seed-$seed"
  done
  echo "corpus: $(ls Fuzz/corpus | wc -l) files; fuzzing for $seconds s"
  nice -n 10 "$fuzzer" Fuzz/corpus \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict=Fuzz/vmgen.dict -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1
fi

echo "== fuzzed for $(( $(date +%s) - started )) s; the last '#N' line above is the number of inputs run"
echo "== artifacts (crash-*, timeout-*, oom-*: libFuzzer; violation-*: Sources/FuzzSupport):"
ls Fuzz/artifacts | sed -n 's/^\(crash\|timeout\|oom\|slow-unit\)-.*/&/p'
ls Fuzz/artifacts | sed -n 's/^violation-\(.*\)-[0-9a-f]*\.txt$/\1/p' | sort | uniq -c
echo "== triage crashes with Fuzz/triage.sh"
