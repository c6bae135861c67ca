#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines, stderr: set by run
# The board format as every tool reads and writes it: both forms, streams,
# the canonical output, and bad input (exit 2, one line naming the tool,
# the input and the line, no partial board).
load helper
bats_require_minimum_version 1.5.0

setup() {
	in=$BATS_TEST_TMPDIR/in
}

# what every message about a cell ends with
RULE='tiles are powers of two from 2 to 131072, and . or 0 is an empty cell'


# bad INPUT MESSAGE: INPUT (printf format) makes both reading tools fail
# with exit 2, nothing on stdout and exactly MESSAGE on stderr
bad() {
	local tool
	# shellcheck disable=SC2059
	printf "$1" > "$in"
	for tool in "2048-move left" "2048-spawn --seed 1"; do
		# shellcheck disable=SC2086 # the tool's arguments
		run --separate-stderr $tool < "$in"
		echo "$tool: status $status, stderr: $stderr"
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[ "$stderr" = "${tool%% *}: $2" ]
	done
}

@test "grid and compact forms of one board read the same" {
	board 'score 12' 'moves 3' 'seed 5' 'draws 9' \
	    '2 . . 4' '. 1024 . .' '. . 131072 .' '65536 . . 8' > "$in"
	run 2048-move -c right "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "0012000a000h00g3 12 4 move=right seed=5 draws=9" ]
	echo "10020a0000h0g003 12 3 seed=5 draws=9" > "$in.c"
	run 2048-move -c right "$in.c"
	[ "$output" = "0012000a000h00g3 12 4 move=right seed=5 draws=9" ]
	run 2048-move right "$in.c"
	[ "$output" = "$(2048-move right "$in")" ]
}

@test "output is canonical: state lines in order, cells padded to the widest" {
	printf '\n  zz  a  b %%\t\r\nmove d\nmoves 1\nscore 4\n2 0 . 4\n' > "$in"
	printf '. . . .\n. . . .\n. . . 16\n\n\n' >> "$in"
	run 2048-move up "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(board 'score 4' 'moves 2' 'move up' 'zz a  b %' \
	    ' 2  .  .  4' ' .  .  . 16' ' .  .  .  .' ' .  .  .  .')" ]
}

@test "unknown keys with spaces and % survive both forms" {
	board 'note two  words 100%' 'k' '2 . . .' '. . . .' '. . . .' \
	    '. . . .' > "$in"
	run 2048-move -c right "$in"
	[ "$output" = "0001000000000000 0 1 move=right note=two%20%20words%20100%25 k=" ]
	run bash -c "2048-move -c right '$in' | 2048-move left"
	[ "$output" = "$(board 'score 0' 'moves 2' 'move left' \
	    'note two  words 100%' 'k' '2 . . .' '. . . .' '. . . .' '. . . .')" ]
}

@test "a mixed stream: grid and compact boards, with and without blank lines" {
	{
		2048-new --seed 1
		echo
		2048-new --seed 2 -c
		2048-new --seed 3 -c
		echo
		echo
		2048-new --seed 4
	} > "$in"
	run 2048-spawn -c "$in"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
	run 2048-spawn "$in"
	[ "$(grep -c '^score' <<< "$output")" -eq 4 ]
	[ "$(grep -c '^$' <<< "$output")" -eq 3 ]
	# the same boards, all compact or all grid, give the same results
	[ "$output" = "$(2048-new --seed 1 --count 4 -c | 2048-spawn)" ]
	[ "$output" = "$(2048-new --seed 1 --count 4 | 2048-spawn)" ]
}

@test "files: several, - for stdin, in order; errors name the file" {
	2048-new --seed 1 > "$in.1"
	2048-new --seed 3 > "$in.3"
	run bash -c "2048-new --seed 2 | 2048-move -c -q left '$in.1' - '$in.3'"
	[ "${#lines[@]}" -eq 3 ]
	[ "$output" = "$(2048-new --seed 1 --count 3 | 2048-move -c -q left)" ]
	printf '2 . . .\n\n' > "$in.bad"
	run --separate-stderr 2048-move -c -q left "$in.1" "$in.bad" "$in.3"
	[ "$status" -eq 2 ]
	[ "$output" = "$(2048-move -c -q left "$in.1")" ]
	[ "$stderr" = "2048-move: $in.bad:2: expected 4 rows, found 1" ]
	run --separate-stderr 2048-move left "$in.1" /nonexistent/board
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-move: /nonexistent/board: No such file or directory" ]
}

@test "boards before a bad one are written whole, then exit 2" {
	{
		2048-new --seed 1 --count 2
		printf '\nscore 1\n2 . . .\n. . 2 .\n. . x .\n'
	} > "$in"
	run --separate-stderr 2048-move -q down "$in"
	[ "$status" -eq 2 ]
	[ "$output" = "$(2048-new --seed 1 --count 2 | 2048-move -q down)" ]
	[ "$stderr" = "2048-move: $in:22: 'x' is not a tile: $RULE" ]
}

@test "bad input: too few or too many cells, too few rows" {
	bad '2 . . .\n2 .\n' '<stdin>:2: expected 4 cells, found 2'
	bad '2 . . . .\n' '<stdin>:1: expected 4 cells, found 5'
	bad '2 . . .\n. . . .\n. . . .\n' \
	    '<stdin>:3: unexpected end of input: expected 4 rows, found 3'
	bad '2 . . .\n. . . .\n\n. . . .\n' '<stdin>:3: expected 4 rows, found 2'
	bad 'score 1\nmoves 2\n' '<stdin>:2: unexpected end of input after a header'
}

@test "bad input: 3x3 and 5x5 grids" {
	bad '2 . .\n. . .\n. . .\n' '<stdin>:1: expected 4 cells, found 3'
	bad '. . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n' \
	    '<stdin>:1: expected 4 cells, found 5'
	bad '. . . .\n. . . .\n. . . .\n. . . .\n. . . .\n' \
	    '<stdin>:5: expected 4 rows, found more (only 4x4 boards are supported)'
}

@test "bad input: cells that are not tiles, with the whole rule" {
	bad '. . . .\n. 3 . .\n' "<stdin>:2: 3 is not a tile: $RULE"
	bad '6 . . .\n' "<stdin>:1: 6 is not a tile: $RULE"
	bad '1 . . .\n' "<stdin>:1: 1 is not a tile: $RULE"
	bad '. -2 . .\n' "<stdin>:1: '-2' is not a tile: $RULE"
	bad '. . 262144 .\n' \
	    '<stdin>:1: 262144 is larger than 131072, the largest tile'
	bad '18446744073709551616 . . .\n' \
	    '<stdin>:1: 18446744073709551616 is larger than 131072, the largest tile'
	bad '. . . .\n. two . .\n' "<stdin>:2: 'two' is not a tile: $RULE"
	bad '2.0 . . .\n' "<stdin>:1: '2.0' is not a tile: $RULE"
}

@test "bad input: a row with a typo in its first cell is not taken for a header" {
	# a line starting with a letter is a header: with three rows after
	# it, the message names the typo's line, not the end of the grid
	bad 'o . . 2\n. . . .\n. . . .\n. . . .\n' \
	    "<stdin>:1: 'o . . 2' looks like a grid row, but a line starting with a letter is a header: 'o' is not a cell ($RULE)"
	# with four good rows after it, it is not kept as an unknown header
	bad 'score 4\nx 2 . 16\n. . . .\n. . . .\n. . . .\n. . 2 .\n' \
	    "<stdin>:2: 'x 2 . 16' looks like a grid row, but a line starting with a letter is a header: 'x' is not a cell ($RULE)"
	# a header that does not look like a row is still kept
	board 'note 2 4' 'k . . 2 8' '2 . . .' '. . . .' '. . . .' '. . . .' > "$in"
	run 2048-move -c right "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "0001000000000000 0 1 move=right note=2%204 k=.%20.%202%208" ]
}

@test "bad input: a known key in other letter case is an error, not an extra line" {
	bad 'Score 8\n2 . . .\n. . . .\n. . . .\n. . . .\n' \
	    "<stdin>:1: unknown header key 'Score': keys are lower case ('score')"
	bad 'seed 1\nDraws 3\n2 . . .\n. . . .\n. . . .\n. . . .\n' \
	    "<stdin>:2: unknown header key 'Draws': keys are lower case ('draws')"
	bad '0000000000000001 0 0 MOVE=up\n' \
	    "<stdin>:1: unknown header key 'MOVE': keys are lower case ('move')"
}

@test "bad input: a compact line of another size says so" {
	bad '100000000\n' \
	    '<stdin>:1: expected 16 rank digits in a compact line, found 9 (only 4x4 boards are supported)'
	bad '0000000000000000000000000 4 1\n' \
	    '<stdin>:1: expected 16 rank digits in a compact line, found 25 (only 4x4 boards are supported)'
	# a row of four cells is still a row
	bad '1000000 . . .\n' \
	    '<stdin>:1: 1000000 is larger than 131072, the largest tile'
}

@test "bad input: binary bytes, NUL, a 1 MB line" {
	bad '. . . .\n. \0 . .\n' "<stdin>:2: '\\x00' is not a tile: $RULE"
	bad '. \377\376 . .\n' "<stdin>:1: '\\xff\\xfe' is not a tile: $RULE"
	head -c 1048576 /dev/zero | tr '\0' 2 > "$in"
	run --separate-stderr 2048-move left < "$in"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "2048-move: <stdin>:1: line longer than 4096 bytes" ]
	head -c 1048576 /dev/urandom > "$in"
	run --separate-stderr 2048-spawn < "$in"
	[ "$status" -eq 2 ]
	# short: a quoted token is at most 24 bytes (\xNN each), then the rule
	[ "${#stderr}" -lt 300 ]
	[[ $stderr == "2048-spawn: <stdin>:"[0-9]*": "* ]]
	[[ $stderr != *$'\n'* ]]
}

@test "bad input: header values and lines" {
	bad 'score abc\n' "<stdin>:1: bad value for score: 'abc'"
	bad 'moves -1\n' "<stdin>:1: bad value for moves: '-1'"
	bad 'score 18446744073709551616\n' \
	    "<stdin>:1: bad value for score: '18446744073709551616'"
	bad 'move north\n' "<stdin>:1: bad value for move: 'north'"
	bad 'prob 1.5\n' "<stdin>:1: bad value for prob: '1.5'"
	bad 'seed x\n' "<stdin>:1: bad value for seed: 'x'"
	bad '\nscore 1\nscore 2\n' "<stdin>:3: duplicate header key 'score'"
	# at the draws line, not the grid's (defect 11 of issue 30)
	bad 'draws 5\n. . . .\n. . . .\n. . . .\n. . . .\n' \
	    '<stdin>:1: draws without seed'
	bad '\n\nscore 4\nmoves 1\ndraws 5\n. . . .\n. . . .\n. . . .\n. . . .\n\n' \
	    '<stdin>:5: draws without seed'
	bad '. . . .\n. 02 . .\n. . . .\n. . . .\n' \
	    "<stdin>:2: '02' is not a tile: tiles are powers of two from 2 to 131072, and . or 0 is an empty cell"
	bad '. . . .\n. . . 00\n. . . .\n. . . .\n' \
	    "<stdin>:2: '00' is not a tile: tiles are powers of two from 2 to 131072, and . or 0 is an empty cell"
	bad 'a:b c\n' "<stdin>:1: bad header line 'a:b c'"
	bad '0000000000000000 1 x\n' "<stdin>:1: bad moves: 'x'"
	bad '0000000000000000 1 2 k.y=3\n' \
	    "<stdin>:1: expected key=value, found 'k.y=3'"
}

@test "the last line needs no newline; CR LF is read" {
	printf '2 . . .\r\n. . . .\r\n. . . .\r\n. . . 2' > "$in"
	run 2048-move -c left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "1000000000001000 0 1 move=left" ]
}

@test "10,000 boards through each tool, in both forms" {
	# pipefail: the status is every tool's, not wc's alone; 2048-move
	# exits 1 for the boards it cannot move (and writes them unchanged),
	# so only a status above 1 fails it
	run bash -c 'set -o pipefail; 2048-new --seed 1 --count 10000 |
	    2048-spawn | { 2048-move -q left; [ $? -le 1 ]; } | 2048-spawn -c |
	    { 2048-move -q -c up; [ $? -le 1 ]; } | wc -l'
	[ "$status" -eq 0 ]
	[ "$output" -eq 10000 ]
	run bash -c 'set -o pipefail; 2048-new --seed 1 --count 10000 -c |
	    { 2048-move -q down; [ $? -le 1 ]; } | 2048-spawn --seed 3 |
	    grep -c "^score"'
	[ "$status" -eq 0 ]
	[ "$output" -eq 10000 ]
}

@test "endless input ends with an error, not a hang" {
	run --separate-stderr timeout 60 2048-move left < /dev/zero
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-move: <stdin>:1: line longer than 4096 bytes" ]
	run --separate-stderr timeout 60 2048-spawn < /dev/urandom
	[ "$status" -eq 2 ]
	[[ $stderr == "2048-spawn: <stdin>:"* ]]
}
