#!/bin/sh
# bench/exact.sh - the figures of bench/EXACT.md: each small board solved
# from the start of a game (states with and without symmetry, the
# expected score, the probability of reaching each tile, time and peak
# memory), then each table named in EXACT_PATTERNS (NAME-TARGET).  GNU
# time (Debian package `time') gives the elapsed time and the peak RSS.
# EXACT_BOARDS, EXACT_PATTERNS, EXACT_FOUR and EXACT_DIR (kept) size it.
set -eu
BIN_DIR=${BIN_DIR:-$(cd "$(dirname "$0")/.." && pwd)/bin}
dir=${EXACT_DIR:-$(mktemp -d)}
mkdir -p "$dir"

# field KEY FILE: the value of KEY in a table's --info
field() {
	"$BIN_DIR/2048-table" --info "$2" | awk -v k="$1" '$1 == k { print $2 }'
}

# timed NAME ARGS...: build with 2048-table ARGS into DIR/NAME.tbl
timed() {
	name=$1
	shift
	/usr/bin/time -f '%e %M %U %S' -o "$dir/$name.time" \
	    "$BIN_DIR/2048-table" -q -o "$dir/$name.tbl" "$@"
	read -r secs rss user sys < "$dir/$name.time"
	rss=$((rss / 1024))
	cpu=$(echo "$user $sys" | awk '{ print $1 + $2 }')
}

echo "| board | four | states | without symmetry | expected score | time (s) | CPU (s) | peak RSS (MB) | reach: tile optimal / under max-score play |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for four in ${EXACT_FOUR:-0.1}; do
	for size in ${EXACT_BOARDS:-2x2 2x3 2x4 3x3}; do
		timed "$size-$four" --size "$size" --four "$four"
		t=$dir/$size-$four.tbl
		reach=$("$BIN_DIR/2048-table" --info "$t" | awk '$1 == "reach" &&
		    $3 < 0.9999995 { printf "%s %.6g / %.6g; ", $2, $3, $4 }')
		echo "| $size | $four | $(field states "$t") |" \
		    "$(field states-plain "$t") | $(field start "$t") | $secs |" \
		    "$cpu | $rss | $reach |"
	done
done
echo
echo "| pattern | target | free cells | states | file (bytes) | start value | pruned moves | dead states | time (s) | CPU (s) | peak RSS (MB) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for p in ${EXACT_PATTERNS:-44-256 432-256 442-128 L3-128}; do
	name=${p%-*}
	target=${p##*-}
	timed "$p" --pattern "$name" -t "$target"
	t=$dir/$p.tbl
	spec=$(field rules "$t" >/dev/null; "$BIN_DIR/2048-table" --info "$t" |
	    awk '$1 == "rules" { print $3 }')
	free=$(printf '%s' "$spec" | tr -cd . | wc -c)
	pruned=$(awk -v p="$(field pruned-moves "$t")" -v m="$(field moves "$t")" \
	    'BEGIN { printf "%.1f%%", 100 * p / m }')
	echo "| $name ($spec) | $target | $free | $(field states "$t") |" \
	    "$(field bytes "$t") | $(field start "$t") | $pruned |" \
	    "$(field pruned-states "$t") | $secs | $cpu | $rss |"
done
[ -n "${EXACT_DIR:-}" ] || rm -rf "$dir"
