#!/bin/sh
# autoplay.sh - play one seeded game through the pipe, a move at a time:
# 2048-solve picks the move, 2048-move makes it, 2048-spawn adds the tile.
# Writes every board of the game, the same trace as
# `2048-new --seed SEED | 2048-solve --play [OPTIONS]`.
#   usage: examples/autoplay.sh SEED [2048-solve OPTIONS ...]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 SEED [2048-solve options]" >&2; exit 2; }
seed=$1
shift
board=$(2048-new --seed "$seed")
printf '%s\n' "$board"
while m=$(printf '%s\n' "$board" | 2048-solve -q "$@"); do
	board=$(printf '%s\n' "$board" | 2048-move "$m" | 2048-spawn)
	printf '\n%s\n' "$board"
done
