#!/bin/bash
# bench/suite-peak.sh - the test suite's time and memory: runs `make check`
# (TESTS as given: all of it by default; `bench/suite-peak.sh
# tests/60-solve.bats units` runs those) and, every SAMPLE seconds (0.2),
# sums the resident memory (RSS, from /proc) of every process of its tree:
# make, the shells, bats, the tools, the unit tests.  Prints the peak of
# that sum, when it came and which process held the most then, and the
# wall and CPU time of the whole run.  A sum of RSS counts the pages that
# processes share (libc, a table mapped twice) once for each: it is what
# the run can need at most, not less.  `make check`'s own output goes to
# SUITE_LOG (/dev/null); the exit status is make's.
set -u
cd "$(dirname "$0")/.." || exit 2
sample=${SAMPLE:-0.2}
log=${SUITE_LOG:-/dev/null}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# tree_rss ROOT: "KB PROCESSES PID COMM KB" of ROOT and its descendants,
# the sum of their RSS, their count, and the one of the largest RSS
tree_rss() {
	ps -e -o pid=,ppid=,rss=,comm= | awk -v root="$1" '
	    { pid[NR] = $1; ppid[NR] = $2; rss[NR] = $3; comm[NR] = $4 }
	    END {
		in_tree[root] = 1
		# a child is listed after its parent unless pids wrapped:
		# a few passes settle it
		for (pass = 0; pass < 4; pass++)
			for (i = 1; i <= NR; i++)
				if (in_tree[ppid[i]])
					in_tree[pid[i]] = 1
		for (i = 1; i <= NR; i++)
			if (in_tree[pid[i]]) {
				sum += rss[i]; n++
				if (rss[i] > top) {
					top = rss[i]; who = pid[i] " " comm[i]
				}
			}
		printf "%d %d %s %d\n", sum, n, who, top
	    }'
}

TIMEFORMAT='%R %U %S'
start=$(date +%s.%N)
{ time make check ${1+TESTS="$*"} > "$log" 2>&1; } 2> "$tmp/time" &
root=$!
peak=0
peak_line="0 0 - - 0"
while kill -0 "$root" 2>/dev/null; do
	line=$(tree_rss "$root")
	kb=${line%% *}
	if [ "$kb" -gt "$peak" ]; then
		peak=$kb
		peak_line="$line $(date +%s.%N)"
	fi
	sleep "$sample"
done
wait "$root"
status=$?
read -r wall user sys < "$tmp/time"
read -r kb procs pid comm top when <<< "$peak_line"
awk -v kb="$kb" -v procs="$procs" -v pid="$pid" -v comm="$comm" \
    -v top="$top" -v at="${when:-$start}" -v start="$start" -v wall="$wall" \
    -v user="$user" -v sys="$sys" -v status="$status" 'BEGIN {
	printf "make check %s: %.0f s wall, %.0f s CPU (%.0f user, %.0f " \
	    "sys)\n", status == 0 ? "passed" : "FAILED (status " status ")",
	    wall, user + sys, user, sys
	printf "peak total RSS %.0f MB at %.0f s, over %d processes; the " \
	    "largest then: %s (pid %s), %.0f MB\n", kb / 1024, at - start,
	    procs, comm, pid, top / 1024
}'
exit "$status"
