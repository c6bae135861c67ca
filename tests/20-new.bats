#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines, stderr: set by run
# 2048-new: new games, seeded or not, one or many, every option.
load helper
bats_require_minimum_version 1.5.0

@test "2048-new --help and --version" {
	run --separate-stderr 2048-new --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: 2048-new [-c] [-s SEED] [-n N] [-f P] [--size RxC]" ]
	[ "$stderr" = "" ]
	run --separate-stderr 2048-new --version
	[ "$status" -eq 0 ]
	[ "$output" = "2048-new (2048-tools) 0.1.0" ]
	[ "$stderr" = "" ]
}

@test "2048-new --seed 7: the game of the independent model" {
	run 2048-new --seed 7
	[ "$status" -eq 0 ]
	[ "$output" = "$(board 'score 0' 'moves 0' 'seed 7' 'draws 4' \
	    '. . . .' '. . . 2' '. . . .' '. 2 . .')" ]
	run 2048-new -s 7 -c
	[ "$output" = "0000000100000100 0 0 seed=7 draws=4" ]
	run 2048-new --compact --seed=7
	[ "$output" = "0000000100000100 0 0 seed=7 draws=4" ]
}

@test "2048-new: every game is an empty board with two tiles of 2 or 4" {
	# the ranks of the tiles in reading order, counted
	run bash -c 'set -o pipefail; 2048-new --seed 100 --count 2000 -c |
	    cut -c1-16 | tr -d 0 | sort | uniq -c'
	[ "$status" -eq 0 ]
	# three outcomes: 11, 12 or 21, 22; never another count or rank
	[ "$(awk '{ printf "%s ", $2 }' <<< "$output")" = "11 12 21 22 " ]
	[ "$(awk '{ n += $1 } END { print n }' <<< "$output")" -eq 2000 ]
	# and both sizes occur (a 4 about one game in five)
	local fours
	fours=$(awk '$2 != 11 { n += $1 } END { print n }' <<< "$output")
	[ "$fours" -gt 300 ]
	[ "$fours" -lt 460 ]
}

@test "2048-new --count: game i is the game of seed SEED+i" {
	run 2048-new --seed 10 --count 3
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-new --seed 10; echo; 2048-new --seed 11; echo;
	    2048-new --seed 12)" ]
	run 2048-new -n 3 -s 10 -c
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[2]}" = "$(2048-new --seed 12 -c)" ]
	run 2048-new --seed 10 --count 0
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	run 2048-new --seed 18446744073709551615 --count 2 -c
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" seed=18446744073709551615 draws="* ]]
	[[ ${lines[1]} == *" seed=0 draws="* ]]
}

@test "2048-new --four 0 and --four 1" {
	run bash -c '2048-new --seed 1 --count 500 --four 0 -c | cut -c1-16 |
	    tr -d 0 | sort -u'
	[ "$output" = "11" ]
	run bash -c '2048-new --seed 1 --count 500 -f 1 -c | cut -c1-16 |
	    tr -d 0 | sort -u'
	[ "$output" = "22" ]
	# the cells do not depend on P: the value draw comes after the cell
	run bash -c "diff <(2048-new -s 5 -n 50 -c -f 0 | cut -d' ' -f1 | tr 2 1) \
	    <(2048-new -s 5 -n 50 -c -f 1 | cut -d' ' -f1 | tr 2 1)"
	[ "$status" -eq 0 ]
}

@test "2048-new without --seed: a fresh seed, written, that remakes the game" {
	run 2048-new
	[ "$status" -eq 0 ]
	seed=$(sed -n 's/^seed //p' <<< "$output")
	[ -n "$seed" ]
	[ "$output" = "$(2048-new --seed "$seed")" ]
	[ "$(2048-new -c | cut -d' ' -f4)" != "$(2048-new -c | cut -d' ' -f4)" ]
}

@test "2048-new: usage errors exit 2 with a line naming the tool, then where to read more" {
	for args in "--seed x" "--seed -1" "--seed 18446744073709551616" \
	    "--count x" "--count -2" "--four 1.5" "--four -0.1" "--four x" \
	    "--size 9x4" "--size 4x1" "--size 1" "--size 4x" "--size x4" \
	    "--size 4x4x4" "--size 44" "--size 0" "--size 4X4" \
	    "extra" "--bogus" "-x" "--seed"; do
		# shellcheck disable=SC2086
		run --separate-stderr 2048-new $args
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[[ ${stderr_lines[0]} == "2048-new: "* ]]
		[ "${#stderr_lines[@]}" -eq 2 ]
		[ "${stderr_lines[1]}" = "Try '2048-new --help'." ]
	done
	run --separate-stderr 2048-new --seed x
	[ "${stderr_lines[0]}" = "2048-new: --seed: expected an integer from 0 to 18446744073709551615: 'x'" ]
	run --separate-stderr 2048-new --four 2
	[ "${stderr_lines[0]}" = "2048-new: --four: expected a number from 0 to 1: '2'" ]
	run --separate-stderr 2048-new extra
	[ "${stderr_lines[0]}" = "2048-new: unexpected argument 'extra'" ]
}

@test "2048-new: a closed stdout ends it quietly; a write error is exit 2" {
	run bash -c "2048-new --seed 1 --count 100000 2>'$BATS_TEST_TMPDIR/err' |
	    head -1"
	[ "$output" = "score 0" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	run bash -c '2048-new --seed 1 >/dev/full'
	[ "$status" -eq 2 ]
	[ "$output" = "2048-new: write error: No space left on device" ]
	run bash -c '2048-new --seed 1 --count 100000 >/dev/full'
	[ "$status" -eq 2 ]
	[ "$output" = "2048-new: write error: No space left on device" ]
}

@test "2048-new: the same bytes on every run, and in both forms" {
	run bash -c '2048-new --seed 99 --count 1000 | cksum'
	[ "$output" = "$(2048-new --seed 99 --count 1000 | cksum)" ]
	[ "$(2048-new --seed 99 --count 1000 -c | 2048-move -q left)" = \
	    "$(2048-new --seed 99 --count 1000 | 2048-move -q left)" ]
}

@test "2048-new --size RxC: an empty board of that size with two tiles" {
	for size in 2x2 3x3 2x4 4x2 5x5 3x8 8x8; do
		r=${size%x*} c=${size#*x}
		run 2048-new --seed 3 --size "$size"
		[ "$status" -eq 0 ]
		[ "$(rows <<< "$output" | wc -l)" -eq "$r" ]
		[ "$(rows <<< "$output" | awk '{ print NF }' | sort -u)" = "$c" ]
		[ "$(rows <<< "$output" | tr ' ' '\n' | grep -c '^[24]$')" -eq 2 ]
		[ "$(rows <<< "$output" | tr ' ' '\n' | grep -c '^\.$')" -eq $((r * c - 2)) ]
		# the compact form: r rows of c rank digits, separated by '/'
		run 2048-new --seed 3 --size "$size" -c
		[[ $output =~ ^([0-2]{$c}/){$((r - 1))}[0-2]{$c}\ 0\ 0\ seed=3\ draws=4$ ]]
	done
	# a square side alone is the size; 4x4 is the classic board, byte for byte
	[ "$(2048-new -s 1 --size 3)" = "$(2048-new -s 1 --size 3x3)" ]
	[ "$(2048-new -s 1 -n 20 --size 4x4)" = "$(2048-new -s 1 -n 20)" ]
	[ "$(2048-new -s 1 -n 20 --size 4 -c)" = "$(2048-new -s 1 -n 20 -c)" ]
}

@test "2048-new --size: the cell of each spawn is one bounded draw over the empty cells" {
	# on 2x2 with --four 0: two 2s, four draws (a cell and a value each)
	run 2048-new --seed 0 --size 2x2 -c --four 0
	[ "$status" -eq 0 ]
	[[ $output =~ ^[01]{2}/[01]{2}\ 0\ 0\ four=0\ seed=0\ draws=4$ ]]
	# the same seed on 4x4 and on 2x8 (16 cells each) picks the same cells
	[ "$(2048-new -s 11 -n 30 -c | cut -c1-16)" = \
	    "$(2048-new -s 11 -n 30 -c --size 2x8 | cut -c1-17 | tr -d /)" ]
}

@test "2048-new --four travels with the board: a four header, kept down the pipe" {
	run 2048-new --seed 4 --size 5x5 --four 0.2
	[ "${lines[2]}" = "four 0.2" ]
	run bash -c '2048-new --seed 4 --size 5x5 --four 0.2 | 2048-move left |
	    2048-spawn | 2048-move -q up | 2048-spawn -c'
	[ "$status" -eq 0 ]
	[[ $output == *" four=0.2 move=up seed=4 draws="* ]]
	# 0.1, the default, is not written: existing files stay byte for byte
	[ "$(2048-new -s 8 --four 0.1)" = "$(2048-new -s 8)" ]
	run bash -c '2048-new -s 8 | grep -c four'
	[ "$output" = 0 ]
	# the odds the board carries are the spawns' odds: over 2000 games of
	# 3x3 at 0.5, about half the tiles are 4s
	run bash -c '2048-new -s 1 -n 2000 --size 3 --four 0.5 -c | cut -c1-11 |
	    tr -d 0/ | fold -w1 | sort | uniq -c | awk "{ print \$1 }" | tr "\n" " "'
	read -r twos fours <<< "$output"
	[ "$twos" -gt 1800 ] && [ "$twos" -lt 2200 ]
	[ "$fours" -gt 1800 ] && [ "$fours" -lt 2200 ]
}
