#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines, stderr: set by run
# 2048-move: the rules on hand-worked fixtures (tests/fixtures/move/NAME.in
# and its result NAME.DIR), illegal moves, options, exit statuses, streams.
load helper
bats_require_minimum_version 1.5.0

setup() {
	in=$BATS_TEST_TMPDIR/in
}

@test "2048-move --help and --version" {
	run --separate-stderr 2048-move --help
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "usage: 2048-move [-cq] DIR [FILE ...]" ]
	[ "$stderr" = "" ]
	run 2048-move --version
	[ "$status" -eq 0 ]
	[ "$output" = "2048-move (2048-tools) 0.1.0" ]
}

@test "the rules: every fixture in every direction it has" {
	local n=0 f want dir
	for want in "$FIXTURES"/move/*.left "$FIXTURES"/move/*.right \
	    "$FIXTURES"/move/*.up "$FIXTURES"/move/*.down; do
		f=${want%.*}.in
		dir=${want##*.}
		run 2048-move "$dir" "$f"
		echo "${want##*/}: status $status"
		[ "$status" -eq 0 ]
		[ "$output" = "$(cat "$want")" ] || { echo "$output"; false; }
		n=$((n + 1))
	done
	[ "$n" -ge 10 ]
}

@test "u, d, l, r are up, down, left, right" {
	local d
	for d in up down left right; do
		[ "$(2048-move "${d:0:1}" "$FIXTURES/move/merges.in")" = \
		    "$(2048-move "$d" "$FIXTURES/move/merges.in")" ]
	done
}

@test "merges from the front, not re-merged, across gaps, in each direction" {
	# rows "4 4 8 8" and "2 . 2 2", then the same as columns
	board '4 4 8 8' '2 . 2 2' '. . . .' '. . . .' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "3400210000000000 28 1 move=left" ]
	run 2048-move -c right "$in"
	[ "$output" = "0034001200000000 28 1 move=right" ]
	board '4 2 . .' '4 . . .' '8 2 . .' '8 2 . .' > "$in"
	run 2048-move -c up "$in"
	[ "$output" = "3200410000000000 28 1 move=up" ]
	run 2048-move -c down "$in"
	[ "$output" = "0000000031004200 28 1 move=down" ]
}

@test "32768+32768 is 65536, 65536+65536 is 131072, two 131072 stay" {
	board '32768 32768 . .' '65536 65536 . .' '131072 131072 . .' \
	    '. . . .' > "$in"
	run 2048-move -c left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "g000h000hh000000 196608 1 move=left" ]
	board '131072 131072 . .' '. . . .' '. . . .' '. . . .' > "$in"
	run --separate-stderr 2048-move -c left "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "hh00000000000000 0 0" ]
}

@test "an illegal move: board written unchanged, exit 1, a message" {
	run --separate-stderr 2048-move left "$FIXTURES/move/stuck.in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(board 'score 8' 'moves 2' 'move up' \
	    '131072 131072      4      2' '     2      4      2      4' \
	    '     4      2      4      2' '     2      4      2      4')" ]
	[ "$stderr" = "2048-move: $FIXTURES/move/stuck.in:1: cannot move left" ]
	run --separate-stderr 2048-move -q up "$FIXTURES/move/stuck.in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "" ]
	run --separate-stderr 2048-move --quiet -c down "$FIXTURES/move/stuck.in"
	[ "$status" -eq 1 ]
	[ "$output" = "hh21121221211212 8 2 move=up" ]
	[ "$stderr" = "" ]
}

@test "a stream with some illegal boards: all written, exit 1, each named" {
	{
		board '2 . . .' '. . . .' '. . . .' '. . . .'
		echo
		board '. . . 2' '. . . .' '. . . .' '. . . .'
		echo
		echo "0000000000000001 5 5"
	} > "$in"
	run --separate-stderr 2048-move -c left "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '%s\n' '1000000000000000 0 0' \
	    '1000000000000000 0 1 move=left' '0000000000001000 5 6 move=left')" ]
	[ "$stderr" = "2048-move: $in:1: cannot move left" ]
	run --separate-stderr 2048-move -c right "$in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "$(printf '%s\n' "2048-move: $in:6: cannot move right" \
	    "2048-move: $in:11: cannot move right")" ]
}

@test "score adds the merged tiles, moves counts legal moves" {
	board 'score 100' 'moves 41' '2 2 4 4' '8 8 16 16' '. . . .' \
	    '. . . 2' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "2300450000001000 160 42 move=left" ]
	# a move without merges scores nothing but counts
	run bash -c "2048-move left '$in' | 2048-move -c up"
	[ "$status" -eq 0 ]
	[ "$output" = "2300450010000000 160 43 move=up" ]
}

@test "2048-move: usage errors exit 2 with a line naming the tool, then where to read more" {
	run --separate-stderr 2048-move
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-move: missing direction"$'\n'"Try '2048-move --help'." ]
	run --separate-stderr 2048-move north
	[ "$status" -eq 2 ]
	[ "${stderr_lines[0]}" = \
	    "2048-move: expected a direction, up, down, left or right: 'north'" ]
	for args in "--bogus left" "-x left" "L" "lef" "0"; do
		# shellcheck disable=SC2086
		run --separate-stderr 2048-move $args < /dev/null
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[[ ${stderr_lines[0]} == "2048-move: "* ]]
		[ "${#stderr_lines[@]}" -eq 2 ]
		[ "${stderr_lines[1]}" = "Try '2048-move --help'." ]
	done
}

@test "2048-move: empty input is no boards, exit 0" {
	run --separate-stderr 2048-move left < /dev/null
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	printf '\n\n  \n' > "$in"
	run --separate-stderr 2048-move left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
}

@test "2048-move: a closed stdout ends it quietly; a write error is exit 2" {
	run bash -c "2048-new --seed 1 --count 100000 -c |
	    2048-move -q left 2>'$BATS_TEST_TMPDIR/err' | head -1"
	[ "$output" = "score 8" ]
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	run bash -c "2048-new --seed 1 | 2048-move left >/dev/full"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-move: write error: No space left on device" ]
}

@test "a score or moves that would pass 2^64 - 1 is an input error, never wrapped" {
	local max=18446744073709551615
	# up to the top is counted; one past it ends the run after the
	# boards before it, with one message naming the board's line
	run --separate-stderr 2048-move -c left <<EOF2
1100000000000000 18446744073709551611 18446744073709551614
1100000000000000 18446744073709551612 0
1100000000000000 0 0
EOF2
	[ "$status" -eq 2 ]
	[ "$output" = "2000000000000000 $max $max move=left" ]
	[ "$stderr" = "2048-move: <stdin>:2: score would pass $max" ]
	run --separate-stderr 2048-move -c left <<<"1100000000000000 0 $max"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "2048-move: <stdin>:1: moves would pass $max" ]
	# the grid form names the board's first line
	run --separate-stderr 2048-move up < <(board '2 . . .' '2 . . .' \
	    '. . . .' '. . . .' && echo && board "score $max" '2 . . .' \
	    '2 . . .' '. . . .' '. . . .')
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-move: <stdin>:6: score would pass $max" ]
	# a board that cannot move stays exit 1 whatever its counters
	run 2048-move -cq left <<<"1000000000000000 $max $max"
	[ "$status" -eq 1 ]
}

# moved SIZE DIR ROWS... : the rows (spaces between cells, / between rows)
# moved toward DIR, as rows joined by /
moved() {
	local dir=$1 r
	shift
	for r in "$@"; do echo "$r"; done | 2048-move -q "$dir" | rows | paste -sd/
}

@test "every size: the rules on lines of 2 to 8, in each direction" {
	# three equal: the front two merge; four: two merges; gaps do not matter
	[ "$(moved left '2 2' '. .')" = "4 ./. ." ]
	[ "$(moved right '2 2 2' '. . .' '. . .')" = ". 2 4/. . ./. . ." ]
	[ "$(moved up '2 .' '2 .' '2 .')" = "4 ./2 ./. ." ]
	[ "$(moved down '2 . .' '. . .' '2 . .' '2 . .')" = ". . ./. . ./2 . ./4 . ." ]
	[ "$(moved left '2 2 2 2 2' '. . . . .' '. . . . .' '. . . . .' '. . . . .')" = \
	    "4 4 2 . ./. . . . ./. . . . ./. . . . ./. . . . ." ]
	[ "$(moved left '4 4 8 . . 8' '. . . . . .')" = "8 16 . . . ./. . . . . ." ]
	[ "$(moved right '2 . . . . . . 2' '4 4 4 4 4 4 4 4')" = \
	    ". . . . . . . 4/. . . . 8 8 8 8" ]
	[ "$(moved left '2 2 4 4 8 8 16 16' '. . . . . . . .')" = \
	    "4 8 16 32 . . . ./. . . . . . . ." ]
	run bash -c "printf '2 2 4 4 8 8 16 16\n. . . . . . . .\n' | 2048-move -c left"
	[ "$output" = "23450000/00000000 60 1 move=left" ]
}

@test "every size: 2x2, 3x3, 2x4, 5x5 and 8x8 boards move and score" {
	board 'score 10' '4 4' '4 .' > "$in"
	run 2048-move -c up "$in"
	[ "$output" = "32/00 18 1 move=up" ]
	board '2 4 8' '2 4 8' '2 4 8' > "$in"
	run 2048-move -c down "$in"
	[ "$output" = "000/123/234 28 1 move=down" ]
	board '2 2 2 .' '. 8 . 8' > "$in"
	run 2048-move -c right "$in"
	[ "$output" = "0012/0004 20 1 move=right" ]
	2048-new --size 5x5 --seed 12 > "$in"
	[ "$(2048-move -q left "$in" | 2048-move -q up | 2048-move -q right |
	    rows | awk '{ print NF }' | tr '\n' ' ')" = "5 5 5 5 5 " ]
	2048-new --size 8x8 --seed 12 -c > "$in"
	# two tiles, moved left then up: both in the top left corner
	run bash -c "2048-move -q -c left '$in' | 2048-move -q -c up"
	[[ $output =~ ^[1-3][0-2]0{6}/(0{8}/){6}0{8}\ [04]\ [12]\ move=up\ seed=12\ draws=4$ ]]
}

@test "every size: an illegal move, the cap's tiles do not merge" {
	board '2 4' '4 2' > "$in"
	run --separate-stderr 2048-move left "$in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "2048-move: $in:1: cannot move left" ]
	[ "$output" = "$(board 'score 0' 'moves 0' '2 4' '4 2')" ]
	# 3x3: the cap is 1024; two of them stay, two 512 merge
	board '1024 1024 .' '512 512 .' '. . .' > "$in"
	run 2048-move -c left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "aa0/a00/000 1024 1 move=left" ]
	run 2048-move -c right "$in"
	[ "$output" = "0aa/00a/000 1024 1 move=right" ]
	run 2048-move -q -c up "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "aa0/990/000 0 0" ]
	# on 2x2 the cap is 32
	board '32 32' '16 16' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "55/50 32 1 move=left" ]
}

@test "a board of another size than the first's: one warning, every board moved; --strict refuses it; -q says nothing" {
	# a typed row ". . . ." too many makes the second board 5x4
	{ board '2 2 . .' '. . . .' '. . . .' '. . . .'; echo
	  board '2 2 . .' '. . . .' '. . . .' '. . . .' '. . . .'; echo
	  board '4 4 . .' '. . . .' '. . . .' '. . . .' '. . . .'; } > "$in"
	run --separate-stderr 2048-move -c left "$in"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$stderr" = "2048-move: $in:6: warning: a 5x4 board after 4x4 ones: a row or a cell too many or too few? (said once; --strict refuses it)" ]
	# --strict: an input error at that board, the boards before written
	run --separate-stderr 2048-move -c --strict left "$in"
	[ "$status" -eq 2 ]
	[ "$output" = "2000000000000000 4 1 move=left" ]
	[ "$stderr" = "2048-move: $in:6: a 5x4 board after 4x4 ones (--strict: one size)" ]
	run --separate-stderr 2048-move -q -c left "$in"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
	# one size throughout, in several files: nothing said
	run --separate-stderr 2048-move --strict left "$in" "$in"
	[ "$status" -eq 2 ]
	head -4 "$in" > "$in.4x4"
	cp "$in.4x4" "$in.copy"
	run --separate-stderr 2048-move --strict left "$in.4x4" - < "$in.copy"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
}
