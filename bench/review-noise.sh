#!/bin/sh
# bench/review-noise.sh - how far the search's judgement of a move moves
# when the search looks one move deeper (bench/REVIEW.md), which sets
# 2048-review's default --inaccuracy.  The games of 2048-new --seed
# 1..NOISE_GAMES (NOISE_SIZE, 4x4), each played by 2048-solve --fast for
# NOISE_MOVES moves (2000); one move in NOISE_EVERY (25) reviewed twice
# with no table: at the default setting (A) and one move deeper on every
# board (B, --adaptive 4,1,15).  For each position and each legal move m
# but A's best b, the share A says m loses, (A[b] - A[m]) / A[b], and
# the share B says the same move loses to the same b; the spread is the
# difference of the two.  Prints the pairs, the percentiles of the
# spread, and how often B finds m at least as good as b (the judgement
# overturned) for each band of A's share.
set -eu
BIN_DIR=${BIN_DIR:-$(cd "$(dirname "$0")/.." && pwd)/bin}
games=${NOISE_GAMES:-8}
size=${NOISE_SIZE:-4x4}
moves=${NOISE_MOVES:-2000}
every=${NOISE_EVERY:-25}
# the heuristic, as a checkout without a net plays
export G2048_NET=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the values line of each move: "best v_up v_down v_left v_right", - for
# a move that is not legal
values() {
	jq -r 'select(.move) | [.best, (.values.up // "-"),
	    (.values.down // "-"), (.values.left // "-"),
	    (.values.right // "-")] | map(tostring) | join(" ")'
}

s=1
while [ "$s" -le "$games" ]; do
	"$BIN_DIR/2048-new" --seed "$s" --size "$size" |
	    "$BIN_DIR/2048-solve" --play --fast --moves "$moves" -c -q > "$tmp/game"
	"$BIN_DIR/2048-review" -q -J --no-tables --every "$every" \
	    "$tmp/game" | values > "$tmp/a"
	"$BIN_DIR/2048-review" -q -J --no-tables --every "$every" \
	    --adaptive 4,1,15 "$tmp/game" | values > "$tmp/b"
	paste -d ' ' "$tmp/a" "$tmp/b" >> "$tmp/pairs"
	s=$((s + 1))
done
# the pairs' shares: A's, B's
awk '
function idx(d) { return d == "up" ? 1 : d == "down" ? 2 : d == "left" ? 3 : 4 }
{
	b = idx($1)
	for (m = 1; m <= 4; m++)
		if (m != b && $(1 + m) != "-")
			printf "%.9f %.9f\n", ($(1 + b) - $(1 + m)) / $(1 + b),
			    ($(6 + b) - $(6 + m)) / $(6 + b)
}' "$tmp/pairs" > "$tmp/shares"
echo "$(wc -l < "$tmp/pairs") positions, $(wc -l < "$tmp/shares") pairs (a legal move and A's best)"
awk '{ d = $1 - $2; print d < 0 ? -d : d }' "$tmp/shares" | sort -g |
    awk '{ v[NR] = $1 } END {
	printf "spread of the share lost: median %.3f%%, 75th %.3f%%, 90th %.3f%%, 95th %.3f%%\n",
	    100 * v[int(0.5 * NR + 0.5)], 100 * v[int(0.75 * NR + 0.5)],
	    100 * v[int(0.9 * NR + 0.5)], 100 * v[int(0.95 * NR + 0.5)] }'
awk '{
	band = $1 < 0.001 ? 1 : $1 < 0.003 ? 2 : $1 < 0.01 ? 3 : 4
	n[band]++
	if ($2 <= 0)
		over[band]++
} END {
	split("under 0.1%,0.1% to 0.3%,0.3% to 1%,1% and more", name, ",")
	for (k = 1; k <= 4; k++)
		printf "A: a loss of %s: %d pairs; B finds %d of them (%.0f%%) as good as the best\n",
		    name[k], n[k], over[k], n[k] ? 100 * over[k] / n[k] : 0
}' "$tmp/shares"
