#!/bin/sh
# bench/late-game.sh - 2048-solve with and without exact tables on
# late-game starts (bench/EXACT.md): the first board with a TILE and a
# tile sum of SUM or more of the seeded --fast games of seeds FIRST to
# LAST (seeds never used in building or tuning), each played to its end
# by 2048-solve ARGS, once with --no-tables and once with each tables
# directory named, the configurations side by side (a process each),
# each one's last boards and --summary written to OUT/NAME.txt
# (OUT/NAME-sumSUM.txt with a SUM, OUT/NAME-TAG.txt with a TAG, so each
# kind of start and each ARGS keeps its results apart).
# LATE_FIRST (100001), LATE_LAST (100140), LATE_TILE (16384), LATE_SUM
# (0; 28000 starts at the wall, where the last tiles are built),
# LATE_ARGS (--fast -j 1), LATE_TAG (none; name the ARGS when they are
# not the default's), LATE_OUT (late-game/) set it; the directories of
# tables are the arguments (none: only --no-tables).  The starts are
# made once, two processes at a time, into OUT/starts-FIRST-LAST.txt
# (OUT/starts-FIRST-LAST-sumSUM.txt).
set -eu
BIN_DIR=${BIN_DIR:-$(cd "$(dirname "$0")/.." && pwd)/bin}
first=${LATE_FIRST:-100001}
last=${LATE_LAST:-100140}
tile=${LATE_TILE:-16384}
sum=${LATE_SUM:-0}
args=${LATE_ARGS:---fast -j 1}
out=${LATE_OUT:-late-game}
mkdir -p "$out"
tag=
[ "$sum" -gt 0 ] && tag=-sum$sum
starts=$out/starts-$first-$last$tag.txt
[ -n "${LATE_TAG:-}" ] && tag=$tag-$LATE_TAG

# starts FROM STEP: the start of every STEP'th seed from FROM, in order
starts() {
	s=$1
	while [ "$s" -le "$last" ]; do
		"$BIN_DIR/2048-new" --seed "$s" |
		    "$BIN_DIR/2048-solve" --play --fast -j 1 -c --no-tables |
		    awk -v tile="$tile" -v sum="$sum" '
		    BEGIN { digits = "0123456789abcdefghijklmnopqrstuvwxyz" }
		    {
			big = 0
			total = 0
			for (i = 1; i <= 16; i++) {
				r = index(digits, substr($1, i, 1)) - 1
				if (r == 0)
					continue
				total += 2 ^ r
				if (2 ^ r >= tile)
					big = 1
			}
			if (big && total >= sum) {
				print
				exit
			}
		    }' >"$out/start-$s.txt" || true
		s=$((s + $2))
	done
}

if [ ! -s "$starts" ]; then
	starts "$first" 2 &
	starts $((first + 1)) 2
	wait
	s=$first
	: >"$starts.tmp"
	while [ "$s" -le "$last" ]; do
		cat "$out/start-$s.txt" >>"$starts.tmp"
		rm -f "$out/start-$s.txt"
		s=$((s + 1))
	done
	mv "$starts.tmp" "$starts"
fi
echo "$(wc -l <"$starts") starts with a $tile (tile sum $sum or more) in seeds $first-$last: $starts"

# play NAME OPTIONS...: every start to its end
play() {
	name=$1
	shift
	# shellcheck disable=SC2086
	"$BIN_DIR/2048-solve" --play --final -c -q --summary $args "$@" \
	    <"$starts" >"$out/$name$tag.txt"
}

play none --no-tables &
for dir in "$@"; do
	play "$(basename "$dir")" --tables "$dir" &
done
wait
for name in none "$@"; do
	name=$(basename "$name")
	echo "== $name"
	grep -E "^(tables|score mean|score median|moves/s|16384|32768|65536)" \
	    "$out/$name$tag.txt" || true
done
