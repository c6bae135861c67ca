#!/bin/sh
# weights-experiment.sh - Xu (2018)'s experiment: alpha-beta minimax with
# the monotonicity/smoothness/empty/max heuristic, 100 games per weight set
# (monotonicity 1.0 and 1.5; smoothness 0.1, empty 2.7, max 1.0), and the
# count of games by their largest tile.  The paper reports 66% and 70% of
# games reaching 2048 or more.  Its 200 games take about 8.5 min of CPU,
# 4.2 min of two cores (depth 5: 2.5 s of CPU a game; GAMES=10, 20 games,
# took 51 s of CPU, 2 min 4 s at a load of 7, 2026-11-28).
#   usage: examples/weights-experiment.sh   (GAMES, SEED, DEPTH, THREADS
#   in the environment change the defaults 100, 1, 5 and all cores)
set -eu
# shellcheck source=examples/lib/tools.sh
. "$(dirname "$0")/lib/tools.sh"
need 2048-solve
games=${GAMES:-100}
seed=${SEED:-1}
depth=${DEPTH:-5}
threads=${THREADS:-}

printf '%-14s %6s %6s %6s %6s %6s %6s %9s\n' weights '<512' 512 1024 2048 \
    4096 8192 '>=2048 %'
for mono in 1.0 1.5; do
	# the final boards first, so that set -e stops at a failed run
	finals=$(2048-solve --games "$games" --seed "$seed" \
	    ${threads:+--threads "$threads"} \
	    --algo minimax --depth "$depth" --heuristic xu \
	    --weights "smoothness=0.1,monotonicity=$mono,empty=2.7,max=1.0" \
	    --final --compact)
	printf '%s\n' "$finals" |
	awk -v label="mono=$mono" '
	BEGIN { ranks = "0123456789abcdefgh" }
	{
		max = 0
		for (i = 1; i <= 16; i++) {
			r = index(ranks, substr($1, i, 1)) - 1
			if (r > max) max = r
		}
		if (max < 9) n["small"]++; else n[max]++
		if (max >= 11) win++
		games++
	}
	END {
		printf "%-14s %6d %6d %6d %6d %6d %6d %8.1f%%\n", label,
		    n["small"], n[9], n[10], n[11], n[12], n[13] + n[14] + n[15],
		    games ? 100 * win / games : 0
	}'
done
