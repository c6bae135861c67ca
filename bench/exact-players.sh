#!/bin/sh
# bench/exact-players.sh - our players against the optimum on a small
# board (bench/EXACT.md): the games of 2048-new --size SIZE --seed 1..N,
# each played to its end by every player, and for each its mean final
# score with a 95% interval (normal, the games' standard deviation) and
# the share of games reaching each tile with a 95% Wilson interval.  The
# exact player is 2048-solve --algo exact with the table of TABLES (a
# score table of the board: 2048-table --size SIZE, or make tables); its
# mean must match the table's start value (2048-table --info).
# PLAYERS_GAMES (1000), PLAYERS_SIZE (3x3), PLAYERS_TABLES (tables/) and
# PLAYERS_TILES (128 256 512 1024) size it.
set -eu
BIN_DIR=${BIN_DIR:-$(cd "$(dirname "$0")/.." && pwd)/bin}
games=${PLAYERS_GAMES:-1000}
size=${PLAYERS_SIZE:-3x3}
tables=${PLAYERS_TABLES:-$(cd "$(dirname "$0")/.." && pwd)/tables}
tiles=${PLAYERS_TILES:-128 256 512 1024}
# the heuristic at --fast too: a net of the 4x4 board does not fit
export G2048_NET=

# final PLAYER-OPTIONS...: the last board of every game, compact
final() {
	"$BIN_DIR/2048-new" --size "$size" --seed 1 -n "$games" -c |
	    "$BIN_DIR/2048-solve" --play --final -c -q "$@"
}

# row NAME: the table's row of the final boards on stdin (compact: the
# rows of rank digits 0-9 a-z A-Z, the score, ...)
row() {
	awk -v name="$1" -v tiles="$tiles" '
	BEGIN {
		digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		nt = split(tiles, tile, " ")
	}
	{
		n++
		s = $2 + 0
		sum += s
		sq += s * s
		max = 0
		for (i = 1; i <= length($1); i++) {
			r = index(digits, substr($1, i, 1)) - 1
			if (r > max)
				max = r
		}
		for (k = 1; k <= nt; k++)
			if (2 ^ max >= tile[k])
				reach[k]++
	}
	END {
		mean = sum / n
		sd = sqrt((sq - n * mean * mean) / (n - 1))
		half = 1.96 * sd / sqrt(n)
		printf "| %s | %d | %.1f (%.1f-%.1f) |", name, n, mean,
		    mean - half, mean + half
		for (k = 1; k <= nt; k++) {
			p = reach[k] / n
			z = 1.96
			c = (p + z * z / (2 * n)) / (1 + z * z / n)
			h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
			h /= 1 + z * z / n
			lo = c - h
			hi = c + h
			if (lo < 0)
				lo = 0
			if (hi > 1)
				hi = 1
			printf " %.1f%% (%.1f-%.1f) |", 100 * p, 100 * lo,
			    100 * hi
		}
		printf "\n"
	}'
}

printf '| player | games | mean score (95%%) |'
for t in $tiles; do
	printf ' %s reached (95%%) |' "$t"
done
printf '\n| --- | --- | --- |'
for t in $tiles; do
	printf ' --- |'
done
printf '\n'
final --no-tables | row "expectimax (default)"
final --no-tables --fast | row "expectimax --fast"
final --no-tables --algo greedy | row "greedy"
final --algo exact --tables "$tables" | row "exact (--algo exact)"
# the table's own figures: the optimum the players are measured against
"$BIN_DIR/2048-table" --info "$tables/$size.tbl" | awk -v tiles="$tiles" '
	BEGIN { nt = split(tiles, tile, " ") }
	$1 == "start" { start = $2 }
	$1 == "reach" { pol[$2] = $4 }
	END {
		printf "| optimum (the table) | - | %.2f |", start
		for (k = 1; k <= nt; k++)
			printf " %.2f%% |", 100 * pol[tile[k]]
		printf "\n"
	}'
