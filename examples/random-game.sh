#!/bin/sh
# random-game.sh [SEED] - play a seeded game of random moves through the
# pipe tools, printing every board.  The same seed gives the same game
# on every machine: the board carries its random stream in its header.
set -eu
# the tools of this tree first, when run from a checkout
here=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$here/bin" ] && PATH=$here/bin:$PATH
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
		if next=$(printf '%s\n' "$board" | 2048-move -q "$dir"); then
			moved=$dir
			break
		fi
	done
	[ -n "$moved" ] || break
	board=$(printf '%s\n' "$next" | 2048-spawn)
	printf '\n%s\n' "$board"
done
echo "game over" >&2
