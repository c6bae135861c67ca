#!/bin/sh
# random-game.sh [SEED] - play a seeded game of random moves through the
# pipe tools, printing every board (game 7, 148 moves: 0.6 s of CPU, some
# 4 ms a move for its processes; 1.9 s of wall time at a load of 2.9, 13 ms
# a move, most of it the processes' start).
# The same seed gives the same game on every machine: the board carries
# its random stream in its header.
set -eu
# shellcheck source=examples/lib/tools.sh
. "$(dirname "$0")/lib/tools.sh"
need 2048-new 2048-move 2048-spawn
seed=${1:-1}
board=$(2048-new --seed "$seed")
printf '%s\n' "$board"
# the moves themselves are drawn from a second, fixed-seed stream
pick=$(2048-new --seed "$seed" --compact | cksum | cut -d' ' -f1)
while :; do
	# try the four directions from a rotating start until one is legal
	start=$((pick % 4))
	pick=$(((pick * 1103515245 + 12345) % 2147483648))
	moved=""
	for i in 0 1 2 3; do
		case $(((start + i) % 4)) in
		0) dir=up ;;
		1) dir=down ;;
		2) dir=left ;;
		*) dir=right ;;
		esac
		# 1: the move is not legal; anything else but 0 is an error
		status=0
		next=$(printf '%s\n' "$board" | 2048-move -q "$dir") || status=$?
		[ "$status" -ne 0 ] || { moved=$dir; break; }
		[ "$status" -eq 1 ] || exit "$status"
	done
	[ -n "$moved" ] || break
	board=$(printf '%s\n' "$next" | 2048-spawn)
	printf '\n%s\n' "$board"
done
echo "game over" >&2
