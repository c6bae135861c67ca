#!/bin/sh
# autoplay.sh - play one seeded game through the pipe, a move at a time:
# 2048-solve picks the move, 2048-move makes it, 2048-spawn adds the tile.
# Writes every board of the game, the same trace as
# `2048-new --seed SEED | 2048-solve --play [OPTIONS]`.  Three processes
# a move, some 6 to 9 ms of CPU a move for them and the shell, where --play's
# search of depth 1 takes microseconds: --depth 1 (game 7: 365 moves,
# 3.1 s of CPU; 11 s of wall time at a load of about 3, 31 ms a move) is
# a quick look;
# with --fast --no-cache, game 7 is 26,055 moves, 205 s of CPU (3 min 28 s
# at a load of 2 to 3, where --play --fast --no-cache takes 28 s of CPU;
# measured 2026-11-29 with /usr/bin/time -v); the default setting with
# --no-cache, 14,789 moves, where --play takes 419 s of CPU.  With the chain cache empty, a game's
# first chain board first computes its states (bench/CACHE.md).
#   usage: examples/autoplay.sh SEED [2048-solve OPTIONS ...]
set -eu
# shellcheck source=examples/lib/tools.sh
. "$(dirname "$0")/lib/tools.sh"
need 2048-new 2048-solve 2048-move 2048-spawn
[ $# -ge 1 ] || { echo "usage: $0 SEED [2048-solve options]" >&2; exit 2; }
seed=$1
shift
board=$(2048-new --seed "$seed")
printf '%s\n' "$board"
while :; do
	# 1: no legal move, the game is over; anything else but 0 is an error
	status=0
	move=$(printf '%s\n' "$board" | 2048-solve -q "$@") || status=$?
	[ "$status" -ne 1 ] || break
	[ "$status" -eq 0 ] || exit "$status"
	# a step a command, so that set -e stops at the first that fails
	board=$(printf '%s\n' "$board" | 2048-move "$move")
	board=$(printf '%s\n' "$board" | 2048-spawn)
	printf '\n%s\n' "$board"
done
