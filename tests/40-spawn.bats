#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines, stderr: set by run
# 2048-spawn: the random streams (--seed for the run, else each board's
# own), --all with its probabilities, --at/--value, --four, full boards.
load helper
bats_require_minimum_version 1.5.0

setup() {
	in=$BATS_TEST_TMPDIR/in
}

empty() {
	board '. . . .' '. . . .' '. . . .' '. . . .'
}

@test "2048-spawn --help and --version" {
	run --separate-stderr 2048-spawn --help
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "usage: 2048-spawn [-acq] [-s SEED] [-f P] [--at ROW,COL [--value V]] [FILE ...]" ]]
	[ "$stderr" = "" ]
	run 2048-spawn --version
	[ "$output" = "2048-spawn (2048-tools) 0.1.0" ]
}

@test "new | move left | spawn | move up | spawn: the same bytes as the model" {
	run bash -c '2048-new --seed 7 | 2048-move left | 2048-spawn |
	    2048-move up | 2048-spawn'
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$FIXTURES/chain-seed7.txt")" ]
	# the same in the compact form, and mixing the forms
	run bash -c '2048-new --seed 7 -c | 2048-move -c left | 2048-spawn |
	    2048-move up | 2048-spawn -c'
	[ "$output" = "2010010000000000 4 2 move=up seed=7 draws=8" ]
}

@test "150 moves of a seeded game, one process per step, equal the model" {
	local b out d k=0 moves=0 moved dirs=(left down right up)
	b=$(2048-new --seed 2048)
	while [ "$moves" -lt 150 ]; do
		moved=0
		for _ in 1 2 3 4; do
			d=${dirs[k % 4]}
			k=$((k + 1))
			if out=$(printf '%s\n' "$b" | 2048-move -q "$d"); then
				b=$(printf '%s\n' "$out" | 2048-spawn)
				moved=1
				break
			fi
		done
		[ "$moved" = 1 ] || break
		moves=$((moves + 1))
	done
	[ "$b" = "$(cat "$FIXTURES/game-seed2048.txt")" ] || {
		echo "$b"
		false
	}
}

@test "a board's own stream: one run over many boards = one run per board" {
	2048-new --seed 50 --count 40 | 2048-move -q -c down > "$in" || true
	run 2048-spawn -c "$in"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 40 ]
	[ "$output" = "$(while read -r line; do
		echo "$line" | 2048-spawn -c; done < "$in")" ]
	# and a board's stream goes on: draws grow by 2 for each spawn
	[[ ${lines[0]} == *" seed=50 draws=6" ]]
}

@test "--seed: one generator for the run, boards draw from it in order" {
	2048-new --seed 1 --count 3 -c > "$in"
	run 2048-spawn -c --seed 9 "$in"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" seed=9 draws=2" ]]
	[[ ${lines[1]} == *" seed=9 draws=4" ]]
	[[ ${lines[2]} == *" seed=9 draws=6" ]]
	# the same as a chain of processes, each board continuing the last
	# board's position in the stream of seed 9
	first=$(sed -n 1p "$in" | 2048-spawn -c -s 9)
	[ "$first" = "${lines[0]}" ]
	second=$(sed -n 2p "$in" | sed 's/seed=2 draws=4/seed=9 draws=2/' |
	    2048-spawn -c)
	[ "$second" = "${lines[1]}" ]
	third=$(sed -n 3p "$in" | sed 's/seed=3 draws=4/seed=9 draws=4/' |
	    2048-spawn -c)
	[ "$third" = "${lines[2]}" ]
	# and the same bytes every run
	[ "$(2048-spawn -c --seed 9 "$in")" = "$output" ]
}

@test "a board without a stream gets a fresh seed, written, that replays it" {
	run bash -c 'board() { printf "%s\n" "$@"; }
	    board ". . . ." ". . . ." ". . . ." ". . . ." | 2048-spawn'
	[ "$status" -eq 0 ]
	[[ ${lines[2]} == "seed "* ]]
	[ "${lines[3]}" = "draws 2" ]
	seed=${lines[2]#seed }
	{ echo "seed $seed"; empty; } > "$in"
	[ "$(2048-spawn "$in")" = "$output" ]
	[ "$(empty | 2048-spawn -c | cut -d' ' -f4)" != \
	    "$(empty | 2048-spawn -c | cut -d' ' -f4)" ]
}

@test "a spawn adds one 2 or 4 on an empty cell, nothing else changes" {
	2048-new --seed 3 --count 300 -c > "$in"
	run bash -c "2048-spawn -c '$in' | paste -d' ' '$in' - |
	    awk '{ d = 0; for (i = 1; i <= 16; i++) {
		a = substr(\$1, i, 1); b = substr(\$6, i, 1)
		if (a != b) { d++; if (a != \"0\" || (b != \"1\" && b != \"2\")) bad++ }
	    } if (d != 1) bad++ } END { print NR, bad + 0 }'"
	[ "$output" = "300 0" ]
}

@test "--four 0 gives only 2s, --four 1 only 4s" {
	empty > "$in"
	run bash -c "for i in \$(seq 200); do cat '$in'; echo; done |
	    2048-spawn -c -s 1 --four 0 | cut -c1-16 | tr -d 0 | sort -u"
	[ "$output" = "1" ]
	run bash -c "for i in \$(seq 200); do cat '$in'; echo; done |
	    2048-spawn -c -s 1 -f 1 | cut -c1-16 | tr -d 0 | sort -u"
	[ "$output" = "2" ]
}

@test "a full board: written unchanged, exit 1, a message unless -q" {
	board 'score 4' '2 4 2 4' '4 2 4 2' '2 4 2 4' '4 2 4 2' > "$in"
	run --separate-stderr 2048-spawn -c "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "1212212112122121 4 0" ]
	[ "$stderr" = "2048-spawn: $in:1: board is full" ]
	run --separate-stderr 2048-spawn -q --seed 3 "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(board 'score 4' 'moves 0' '2 4 2 4' '4 2 4 2' \
	    '2 4 2 4' '4 2 4 2')" ]
	[ "$stderr" = "" ]
	run --separate-stderr 2048-spawn --all "$in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "2048-spawn: $in:1: board is full" ]
	[ "${#lines[@]}" -eq 6 ]
	# in a stream the other boards get their tile; the run exits 1
	{ empty; echo; cat "$in"; echo; empty; } > "$in.3"
	run --separate-stderr 2048-spawn -c -s 1 "$in.3"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[1]}" = "1212212112122121 4 0" ]
	[ "$stderr" = "2048-spawn: $in.3:6: board is full" ]
}

@test "--all: every outcome, reading order, 2 before 4, probabilities" {
	board '. 2 . .' '4 2 8 16' '32 64 128 256' '512 1024 2048 4096' > "$in"
	run 2048-spawn --all -c "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' \
	    '1100213456789abc 0 0 prob=0.3' \
	    '2100213456789abc 0 0 prob=0.03333333333333333' \
	    '0110213456789abc 0 0 prob=0.3' \
	    '0120213456789abc 0 0 prob=0.03333333333333333' \
	    '0101213456789abc 0 0 prob=0.3' \
	    '0102213456789abc 0 0 prob=0.03333333333333333')" ] || {
		echo "$output"
		false
	}
}

@test "--all: probabilities sum to 1 and multiply an input prob" {
	2048-new --seed 4 > "$in"
	run bash -c "2048-spawn -a -c '$in' | sed 's/.*prob=//' |
	    awk '{ s += \$1 } END { printf \"%d %.12f\", NR, s }'"
	[ "$output" = "28 1.000000000000" ]
	sed 's/^score 0$/prob 0.5/' "$in" > "$in.p"
	run bash -c "2048-spawn -a -c '$in.p' | sed 's/.*prob=//' |
	    awk '{ s += \$1 } END { printf \"%d %.12f\", NR, s }'"
	[ "$output" = "28 0.500000000000" ]
	# a chance node twice: 28 * 26 outcomes, summing to 1
	run bash -c "2048-spawn -a -c '$in' | 2048-spawn -a -c | sed 's/.*prob=//' |
	    awk '{ s += \$1 } END { printf \"%d %.12f\", NR, s }'"
	[ "$output" = "728 1.000000000000" ]
}

@test "--all with --four 0 and 1: one outcome per empty cell" {
	empty > "$in"
	run bash -c "2048-spawn -a -f 0 -c '$in' | cut -c1-16 | tr -d 0 |
	    sort | uniq -c | tr -s ' '"
	[ "$output" = " 16 1" ]
	run 2048-spawn -a -f 1 -c "$in"
	[ "${lines[0]}" = "2000000000000000 0 0 four=1 prob=0.0625" ]
	[ "${#lines[@]}" -eq 16 ]
}

@test "--at and --value place a chosen tile, the stream untouched" {
	board 'seed 5' 'draws 7' '2 . . .' '. . . .' '. . . .' '. . . .' > "$in"
	run 2048-spawn -c --at 2,3 --value 8 "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "1000003000000000 0 0 seed=5 draws=7" ]
	run 2048-spawn -c --at 4,4 "$in"
	[ "$output" = "1000000000000001 0 0 seed=5 draws=7" ]
	run 2048-spawn -c --at=1,4 --value=131072 "$in"
	[ "$output" = "100h000000000000 0 0 seed=5 draws=7" ]
	run --separate-stderr 2048-spawn -c --at 1,1 "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "1000000000000000 0 0 seed=5 draws=7" ]
	[ "$stderr" = "2048-spawn: $in:1: cell 1,1 is not empty" ]
	run --separate-stderr 2048-spawn --quiet --at 1,1 "$in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
}

@test "2048-spawn: usage errors exit 2 with a line naming the tool, then where to read more" {
	for args in "--at 0,1" "--at 9,1" "--at 1,9" "--at 1" "--at 1,1,1" \
	    "--at x" "--at 4294967297,1" "--at 1,4294967297" "--at 1,1x" \
	    "--at +1,1" "--at 1,1 --value 3" "--at 1,1 --value 0" \
	    "--at 1,1 --value 4611686018427387904" "--value 4" "--all --at 1,1" \
	    "--four 2" "--four x" "--seed x" "--seed -3" "--bogus" "-z" \
	    "--seed"; do
		# shellcheck disable=SC2086
		run --separate-stderr 2048-spawn $args < /dev/null
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[[ ${stderr_lines[0]} == "2048-spawn: "* ]]
		[ "${#stderr_lines[@]}" -eq 2 ]
		[ "${stderr_lines[1]}" = "Try '2048-spawn --help'." ]
	done
	run --separate-stderr 2048-spawn --value 4
	[ "${stderr_lines[0]}" = "2048-spawn: --value needs --at" ]
	run --separate-stderr 2048-spawn --at 9,9
	[ "${stderr_lines[0]}" = \
	    "2048-spawn: --at: expected ROW,COL from 1,1 to 8,8: '9,9'" ]
}

@test "2048-spawn: a closed stdout ends it quietly; a write error is exit 2" {
	run bash -c "2048-new --seed 1 --count 100000 -c |
	    2048-spawn -a 2>'$BATS_TEST_TMPDIR/err' | head -1"
	[ "$output" = "score 0" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	run bash -c "2048-new --seed 1 | 2048-spawn >/dev/full"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-spawn: write error: No space left on device" ]
}

@test "draws that would pass 2^64 - 1 are an input error, never wrapped" {
	local max=18446744073709551615
	# a spawn on a grid of 16 empty cells takes two draws
	run --separate-stderr 2048-spawn -c <<EOF2
0000000000000000 0 0 seed=1 draws=18446744073709551613
0000000000000000 0 0 seed=1 draws=18446744073709551614
EOF2
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == *" seed=1 draws=$max" ]]
	[ "$stderr" = "2048-spawn: <stdin>:2: draws would pass $max" ]
}

# fours: the share of 4s among N spawns on boards of SIZE whose header says
# four P (none: the default), as a count of 4s
fours() {
	local size=$1 p=$2 n=$3
	if [ -n "$p" ]; then
		2048-new --size "$size" --seed 1 --count "$n" --four "$p" -c
	else
		2048-new --size "$size" --seed 1 --count "$n" -c
	fi | 2048-spawn -c |
	    awk '{ print $1 }' | tr -d '0/' | fold -w1 | grep -c 2 || true
}

@test "every size: a spawn uses the board's own odds, from its four header" {
	# 2000 new boards and a spawn: 6000 spawned tiles
	run fours 3x3 0.2 2000
	echo "0.2: $output"
	[ "$output" -gt 1050 ] && [ "$output" -lt 1350 ]
	run fours 5x5 1 2000
	[ "$output" -eq 6000 ]
	run fours 2x4 0 2000
	[ "$output" -eq 0 ]
	run fours 3x3 "" 2000
	echo "default: $output"
	[ "$output" -gt 450 ] && [ "$output" -lt 750 ]
	# the board's odds are kept down the pipe
	run bash -c '2048-new --size 5x5 --four 0.2 -s 9 | 2048-move left |
	    2048-spawn | 2048-spawn | 2048-spawn -c'
	[[ $output == *" four=0.2 "* ]]
}

@test "--four sets the board's odds and records them on it" {
	board '. . .' '. 2 .' '. . .' > "$in"
	run 2048-spawn --seed 1 --four 0.25 "$in"
	[ "${lines[2]}" = "four 0.25" ]
	# the next tool spawns with them, without being told
	[ "$(2048-spawn --seed 2 --four 1 "$in" | 2048-spawn -c | cut -d' ' -f1 |
	    tr -d '0/' | fold -w1 | sort | tr -d '\n')" = "122" ]
	[ "$(2048-spawn --seed 2 --four 0 "$in" | 2048-spawn -c | cut -d' ' -f1 |
	    tr -d '0/')" = "111" ]
	# --four 0.1 is the default: no header
	run 2048-spawn --seed 1 --four 0.1 -c "$in"
	[[ $output != *four* ]]
}

@test "--all on every size: each outcome with the board's probabilities, summing to 1" {
	for size in 2x2 3x3 2x4 5x5 8x8; do
		for p in "" 0.2 0.5; do
			2048-new --size "$size" -s 4 ${p:+--four "$p"} > "$in"
			run bash -c "2048-spawn -a -c '$in' | sed 's/.*prob=//' |
			    awk '{ s += \$1 } END { printf \"%d %.12f\", NR, s }'"
			r=${size%x*} c=${size#*x}
			[ "$output" = "$(( (r * c - 2) * 2 )) 1.000000000000" ]
		done
	done
	# four 0.2 on 2x2 with 2 empty cells: 0.4 each 2, 0.1 each 4
	board 'four 0.2' '2 .' '. 4' > "$in"
	run 2048-spawn -a -c "$in"
	[ "${lines[0]}" = "11/02 0 0 four=0.2 prob=0.4" ]
	[ "${lines[1]}" = "12/02 0 0 four=0.2 prob=0.1" ]
	[ "${lines[2]}" = "10/12 0 0 four=0.2 prob=0.4" ]
	[ "${lines[3]}" = "10/22 0 0 four=0.2 prob=0.1" ]
	[ "${#lines[@]}" -eq 4 ]
	# four 1: one outcome per empty cell
	board 'four 1' '2 .' '. 4' > "$in"
	run 2048-spawn -a -c "$in"
	[ "$output" = "$(printf '%s\n' '12/02 0 0 four=1 prob=0.5' '10/22 0 0 four=1 prob=0.5')" ]
}

@test "--at and --value on other sizes; outside the board or past its cap is exit 2" {
	board '. . .' '. . .' '. . .' > "$in"
	run 2048-spawn -c --at 3,3 --value 1024 "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "000/000/00a 0 0" ]
	run --separate-stderr 2048-spawn -c --at 4,1 "$in"
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-spawn: $in:1: --at 4,1 is outside this 3x3 board" ]
	run --separate-stderr 2048-spawn -c --at 1,1 --value 2048 "$in"
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-spawn: $in:1: --value 2048 is larger than 1024, the largest tile of a 3x3 board" ]
	2048-new --size 8x8 -s 1 > "$in"
	run 2048-spawn -c --at 8,8 --value 2305843009213693952 "$in"
	[ "$status" -eq 0 ]
	[[ $output == *"Z "* ]]
}

@test "--all writes prob in full, as 2048-spawn(1) says why: it reads back as the same double" {
	run sh -c '2048-new --seed 7 | 2048-move left | 2048-spawn --all | sed -n "s/^prob //p"'
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = 0.0071428571428571435 ]
	# 0.1 / 14 exactly, where 0.00714 would not be
	awk -v p="${lines[1]}" 'BEGIN { exit !(p + 0 == 0.1 / 14) }'
	grep -q '^is data, written in full' "$ROOT_DIR/man/2048-spawn.1"
}
