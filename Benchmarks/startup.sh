#!/usr/bin/env bash
# Issue 15, item 6: one `vmgen generate` of one spec against the start-up of a program that only
# reads the same YAML file with Yams (`yams-start`). The build plugin starts one vmgen per spec,
# so this is what each spec of a package costs a build. Both are release builds.
#
#   Benchmarks/startup.sh [spec] [runs]      (default: Specs/DiceGame.vm.yaml, 30 runs)
#
# vmgen runs as the build plugin runs it (`generate <spec> --output-file <file> --quiet --plugin`)
# in two cases: `created`, where the output file does not exist yet (a first build), and
# `unchanged`, where it already holds these bytes (a rebuild after touching the spec). The runs of
# the three programs interleave, so load changes touch all alike. Prints one BENCH line per case:
# medians of wall and CPU (user + system) time in microseconds, and vmgen's over yams-start's.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
spec="${1:-Specs/DiceGame.vm.yaml}"
runs="${2:-30}"

# VMGEN=<path> and YAMS_START=<path> time those executables instead of building them.
vmgen="${VMGEN:-}"
if [[ -z "$vmgen" ]]; then
    swift build -c release --product vmgen >/dev/null
    vmgen="$(swift build -c release --show-bin-path)/vmgen"
fi
yams="${YAMS_START:-}"
if [[ -z "$yams" ]]; then
    swift build -c release --package-path Benchmarks --product yams-start >/dev/null
    yams="$(swift build -c release --package-path Benchmarks --show-bin-path)/yams-start"
fi
echo "# vmgen: $vmgen"
echo "# yams-start: $yams"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "# uptime before: $(uptime)"
# The timing itself: fork and exec each run, wall time from a monotonic clock, CPU time from the
# child's rusage (microseconds; /usr/bin/time rounds to 10 ms, a third of what is measured).
python3 - "$vmgen" "$yams" "$spec" "$runs" "$work" <<'EOF'
import os, statistics, subprocess, sys, time

vmgen, yams, spec, runs, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
unchanged = os.path.join(work, "unchanged.swift")

def vmgen_command(output):
    return [vmgen, "generate", spec, "--output-file", output, "--quiet", "--plugin"]

def timed(command):
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(command)}")
    return wall * 1e6, (usage.ru_utime + usage.ru_stime) * 1e6

# One run of each first, unmeasured: it fills the page cache and writes the unchanged case's file.
timed([yams, spec])
timed(vmgen_command(unchanged))
samples = {"yams": [], "created": [], "unchanged": []}
for run in range(runs):
    samples["yams"].append(timed([yams, spec]))
    samples["created"].append(timed(vmgen_command(os.path.join(work, f"created-{run}.swift"))))
    samples["unchanged"].append(timed(vmgen_command(unchanged)))

def medians(case):
    return statistics.median(s[0] for s in samples[case]), statistics.median(s[1] for s in samples[case])

yams_wall, yams_cpu = medians("yams")
for case in ("created", "unchanged"):
    wall, cpu = medians(case)
    print(f"BENCH startup-{case} ours_wall_us={wall:.0f} ours_cpu_us={cpu:.0f} yams_wall_us={yams_wall:.0f} "
          f"yams_cpu_us={yams_cpu:.0f} wall_ratio={wall / yams_wall:.2f} cpu_ratio={cpu / yams_cpu:.2f} "
          f"runs={runs} spec={spec}")
EOF
echo "# uptime after: $(uptime)"
