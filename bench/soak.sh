#!/bin/sh
# bench/soak.sh - flat memory under load (`make bench-soak`; `make bench`
# runs it last): the peak RSS of 2048-move, 2048-spawn, 2048-eval and
# 2048-solve --depth 1 over SOAK_SMALL and SOAK_BOARDS boards (the two
# equal within a few percent: constant memory), the RSS of
# `2048-solve --games SOAK_GAMES --fast` sampled every second (flat), and
# SOAK_PIPES seeded pipelines run at once, each checked against the same
# pipeline run alone.  The boards come down a pipe from bench/boards,
# never stored.  Peaks are GNU time's (%M, the kernel's maxrss).
# SOAK_SECONDS > 0 stops the games after that many seconds.
set -eu
cd "$(dirname "$0")/.."
: "${BIN_DIR:=$PWD/bin}" "${BENCH_DIR:=$PWD/obj/bench}"
: "${SOAK_SMALL:=100000}" "${SOAK_BOARDS:=10000000}" "${SOAK_GAMES:=1000}"
: "${SOAK_PIPES:=64}" "${SOAK_SECONDS:=0}"
PATH=$BIN_DIR:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# peak N TOOL ARGS...: "KB seconds" of TOOL over N boards on stdin
peak() {
	n=$1
	shift
	"$BENCH_DIR/boards" "$n" compact |
	    /usr/bin/time -f '%M %e' -o "$tmp/time" "$@" >/dev/null 2>&1 || :
	tail -n 1 "$tmp/time"
}

if /usr/bin/time -f %M true >/dev/null 2>&1; then
	echo "== soak: peak RSS over $SOAK_SMALL and $SOAK_BOARDS boards"
	printf '%-26s %12s %12s %7s %9s\n' tool "KB ($SOAK_SMALL)" \
	    "KB ($SOAK_BOARDS)" ratio seconds
	for t in "2048-move -cq left" "2048-spawn -cq --seed 1" "2048-eval" \
	    "2048-solve --depth 1 -q"; do
		# shellcheck disable=SC2086 # the tool and its options
		small=$(peak "$SOAK_SMALL" $t)
		# shellcheck disable=SC2086
		big=$(peak "$SOAK_BOARDS" $t)
		printf '%-26s %12s %12s %7s %9s\n' "$t" "${small% *}" \
		    "${big% *}" "$(awk -v a="${small% *}" -v b="${big% *}" \
		    'BEGIN { printf "%.3f", b / a }')" "${big#* }"
	done
else
	echo "== soak: peak RSS skipped: GNU time (Debian: time) is missing"
fi

echo
echo "== soak: RSS of 2048-solve --games $SOAK_GAMES --fast, every second"
2048-solve --games "$SOAK_GAMES" --fast --seed 1 --final -q \
    >"$tmp/games" 2>/dev/null &
pid=$!
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
	sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' "/proc/$pid/status" \
	    2>/dev/null >>"$tmp/rss" || :
	if [ "$SOAK_SECONDS" -gt 0 ] &&
	    [ $(($(date +%s) - start)) -ge "$SOAK_SECONDS" ]; then
		kill "$pid" 2>/dev/null || :
		echo "(stopped after $SOAK_SECONDS s)"
		break
	fi
	sleep 1
done
wait "$pid" 2>/dev/null || :
# the games' boards come out at the end (a file is block-buffered)
games=$(grep -c '^score' "$tmp/games" || :)
echo "$(($(date +%s) - start)) s, $games games written"
# stats FROM: samples from the FROM-th on, min / median / max
stats() {
	tail -n "+$1" "$tmp/rss" | sort -n | awk -v from="$1" '
		{ v[NR] = $1 }
		END {
			printf "samples %d on: %d, RSS KB min %d, median %d, " \
			    "max %d\n", from, NR, v[1], v[int((NR + 1) / 2)],
			    v[NR]
		}'
}
stats 1
stats 11       # after the first 10 s (start-up: tables, threads)
awk 'NR == 11 { s = $1 } { last = $1 }
	END { printf "at 10 s %d KB, at the end %d KB\n", s, last }' "$tmp/rss"

echo
echo "== soak: $SOAK_PIPES seeded pipelines at once, against each run alone"
pipeline() {
	2048-new --seed "$1" --count 500 | 2048-move -cq left |
	    2048-spawn -cq | 2048-move -cq up | 2048-spawn -cq |
	    2048-solve --depth 1 -q
}
t0=$(date +%s%N)
i=1
while [ "$i" -le "$SOAK_PIPES" ]; do
	pipeline "$i" >"$tmp/at-once.$i" &
	i=$((i + 1))
done
wait
t1=$(date +%s%N)
bad=0
i=1
while [ "$i" -le "$SOAK_PIPES" ]; do
	pipeline "$i" | cmp -s - "$tmp/at-once.$i" || bad=$((bad + 1))
	i=$((i + 1))
done
echo "$SOAK_PIPES pipelines of 500 boards in $(awk -v t="$((t1 - t0))" \
    'BEGIN { printf "%.2f", t / 1e9 }') s; $bad differ from the serial run"
[ "$bad" -eq 0 ]
