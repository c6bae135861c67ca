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
RULE="tiles are powers of two from 2 to the board's largest (131072 on 4x4), and . or 0 is an empty cell"


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
	[ "$stderr" = "2048-move: $in.bad:2: expected 2 to 8 rows, found 1" ]
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

@test "bad input: a ragged grid names the line of the odd row" {
	bad '2 . . .\n2 .\n' '<stdin>:2: expected 4 cells, found 2 (every row of a board has as many cells as its first)'
	bad '2 . .\n. . .\n. . . .\n' '<stdin>:3: expected 3 cells, found 4 (every row of a board has as many cells as its first)'
	bad 'score 1\n. . . . .\n. . . . .\n. . . .\n. . . . .\n' \
	    '<stdin>:4: expected 5 cells, found 4 (every row of a board has as many cells as its first)'
	bad '2 . . .\n\n. . . .\n' '<stdin>:2: expected 2 to 8 rows, found 1'
	bad '2 . . .\n' '<stdin>:1: unexpected end of input: expected 2 to 8 rows, found 1'
	bad '2 . . .\nscore 1\n' '<stdin>:2: expected 2 to 8 rows, found 1'
	bad 'score 1\nmoves 2\n' '<stdin>:2: expected the rows of a board after its header, found the end of input (a line that starts with a letter is a header line)'
	bad 'hello\n' '<stdin>:1: expected the rows of a board after its header, found the end of input (a line that starts with a letter is a header line)'
}

@test "bad input: a size past 8, or below 2" {
	bad '2 . . . . . . . .\n' '<stdin>:1: expected 2 to 8 cells in a row, found 9'
	bad 'score 5\n2\n2\n' '<stdin>:2: expected 2 to 8 cells in a row, found 1'
	bad "$(printf '. . .\\n%.0s' 1 2 3 4 5 6 7 8 9)" \
	    '<stdin>:9: expected 2 to 8 rows, found more'
	bad '000/000/000/000/000/000/000/000/000 0 0\n' \
	    "<stdin>:1: '000/000/000/000/000/000/...' is not a compact board: 2 to 8 rows of 2 to 8 rank digits each, all of one length, separated by '/'"
	bad '000000000/000000000 0 0\n' \
	    "<stdin>:1: '000000000/000000000' is not a compact board: 2 to 8 rows of 2 to 8 rank digits each, all of one length, separated by '/'"
	bad '000/00/000 0 0\n' \
	    "<stdin>:1: '000/00/000' is not a compact board: 2 to 8 rows of 2 to 8 rank digits each, all of one length, separated by '/'"
	run --separate-stderr 2048-new --size 9x4
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "2048-new: --size: expected ROWSxCOLS, each from 2 to 8, as 4x4 or 3x5: '9x4'" ]
}

@test "bad input: a tile too large for its board names the tile's line" {
	# the cap is 2^(cells + 1): 32 on 2x2, 1024 on 3x3, 131072 on 4x4
	bad '2 64\n. .\n' '<stdin>:1: 64 is larger than 32, the largest tile of a 2x2 board'
	bad 'score 4\n. . .\n. . 2048\n. . .\n\n' \
	    '<stdin>:3: 2048 is larger than 1024, the largest tile of a 3x3 board'
	bad '. . . .\n. . 262144 .\n. . . .\n. . . .\n' \
	    '<stdin>:2: 262144 is larger than 131072, the largest tile of a 4x4 board'
	bad '00/06 0 0\n' \
	    "<stdin>:1: rank digit '6' (64) is larger than 5 (32), the largest tile of a 2x2 board"
	bad '4611686018427387904 . . .\n' \
	    '<stdin>:1: 4611686018427387904 is larger than 2305843009213693952, the largest tile of any board'
	# at the cap itself: read, written, and two of them do not merge
	printf '32 32\n. .\n' > "$in"
	run 2048-move -q left "$in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(board 'score 0' 'moves 0' '32 32' ' .  .')" ]
}

@test "bad input: odds outside [0,1]" {
	bad 'four 1.5\n. .\n. .\n' "<stdin>:1: bad value for four: '1.5' (the probability of a 4, from 0 to 1)"
	bad 'score 0\nfour -0.1\n. .\n. .\n' "<stdin>:2: bad value for four: '-0.1' (the probability of a 4, from 0 to 1)"
	bad 'four nan\n' "<stdin>:1: bad value for four: 'nan' (the probability of a 4, from 0 to 1)"
	bad '00/00 0 0 four=2\n' "<stdin>:1: bad value for four: '2' (the probability of a 4, from 0 to 1)"
	bad '0000000000000000 0 0 four=x\n' "<stdin>:1: bad value for four: 'x' (the probability of a 4, from 0 to 1)"
	bad 'four 0.2\nfour 0.3\n' "<stdin>:2: duplicate header key 'four'"
}

@test "bad input: cells that are not tiles, with the whole rule" {
	bad '. . . .\n. 3 . .\n' "<stdin>:2: 3 is not a tile: $RULE"
	bad '6 . . .\n' "<stdin>:1: 6 is not a tile: $RULE"
	bad '1 . . .\n' "<stdin>:1: 1 is not a tile: $RULE"
	bad '. -2 . .\n' "<stdin>:1: '-2' is not a tile: $RULE"
	bad '18446744073709551616 . . .\n' \
	    '<stdin>:1: 18446744073709551616 is larger than 2305843009213693952, the largest tile of any board'
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
	    "<stdin>:1: expected 16 rank digits in a compact line, found 9 (a board of another size has its rows separated by '/', as 012/000/100)"
	bad '0000000000000000000000000 4 1\n' \
	    "<stdin>:1: expected 16 rank digits in a compact line, found 25 (a board of another size has its rows separated by '/', as 012/000/100)"
	# a row of four cells is still a row
	bad '1000000 . . .\n' "<stdin>:1: 1000000 is not a tile: $RULE"
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
	# the error is at the draws line, not the grid's
	bad 'draws 5\n. . . .\n. . . .\n. . . .\n. . . .\n' \
	    '<stdin>:1: draws without seed'
	bad '\n\nscore 4\nmoves 1\ndraws 5\n. . . .\n. . . .\n. . . .\n. . . .\n\n' \
	    '<stdin>:5: draws without seed'
	bad '. . . .\n. 02 . .\n. . . .\n. . . .\n' \
	    "<stdin>:2: '02' is not a tile: $RULE"
	bad '. . . .\n. . . 00\n. . . .\n. . . .\n' \
	    "<stdin>:2: '00' is not a tile: $RULE"
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

@test "boards of every size: the grid's shape is the size, both forms" {
	# 2x2, 3x3, 2x4 (not square), 5x5 and 8x8
	board '2 .' '. 4' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "10/20 0 1 move=left" ]
	board '. 2 .' '. . .' '1024 . 2' > "$in"
	run 2048-move left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "$(board 'score 0' 'moves 1' 'move left' \
	    '   2    .    .' '   .    .    .' '1024    2    .')" ]
	run 2048-move -c left "$in"
	[ "$output" = "100/000/a10 0 1 move=left" ]
	board '2 2 . 4' '. . 8 8' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "2200/4000 20 1 move=left" ]
	board '2 . . . 2' '. . . . .' '. . 64 . .' '. . . . .' '4 . . . 4' > "$in"
	run 2048-move -c right "$in"
	[ "$output" = "00002/00000/00006/00000/00003 12 1 move=right" ]
	2048-new --size 8x8 --seed 5 > "$in"
	[ "$(rows < "$in" | wc -l)" -eq 8 ]
	[ "$(rows < "$in" | awk '{ print NF }' | sort -u)" = 8 ]
	run 2048-move -c up "$in"
	[[ ${lines[0]} =~ ^([0-2]{8}/){7}[0-2]{8}\ 0\ 1\ move=up\ seed=5 ]]
}

@test "boards of every size: the compact form's rows are separated by '/'" {
	# rank digits 0-9, a-z, A-Z: the 8x8 board's 2^61 is Z
	echo "0Y/0Y/00000000/00000000/00000000/00000000/00000000/00000000 3 4" > "$in"
	run 2048-move -c down "$in"
	[ "$status" -eq 2 ]
	echo "0YY00000/00000000/00000000/00000000/00000000/00000000/00000000/00000000 3 4" > "$in"
	run 2048-move -c left "$in"
	[ "$status" -eq 0 ]
	[ "$output" = "Z0000000/00000000/00000000/00000000/00000000/00000000/00000000/00000000 2305843009213693955 5 move=left" ]
	run 2048-move left "$in"
	[ "${lines[3]}" = "2305843009213693952                   .                   .                   .                   .                   .                   .                   ." ]
	# a 4x4 board may be written with '/' too; it is written as today
	echo "1000/0000/0000/1000 0 0" > "$in"
	run 2048-move -c up "$in"
	[ "$output" = "2000000000000000 4 1 move=up" ]
}

@test "a stream may mix sizes: each board has its own" {
	{
		2048-new --seed 1
		echo
		2048-new --seed 2 --size 3x3 -c
		echo
		2048-new --seed 3 --size 2x5
		echo
		2048-new --seed 4 --size 8x2 -c
		2048-new --seed 5 -c
	} > "$in"
	run 2048-spawn -c "$in"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 5 ]
	[[ ${lines[0]} =~ ^[0-2]{16}\  ]]
	[[ ${lines[1]} =~ ^[0-2]{3}/[0-2]{3}/[0-2]{3}\  ]]
	[[ ${lines[2]} =~ ^[0-2]{5}/[0-2]{5}\  ]]
	[[ ${lines[3]} =~ ^([0-2]{2}/){7}[0-2]{2}\  ]]
	[[ ${lines[4]} =~ ^[0-2]{16}\  ]]
	# every board keeps three tiles, its size and its stream
	run bash -c "2048-spawn '$in' | 2048-spawn -c | 2048-move -c -q left"
	[ "${#lines[@]}" -eq 5 ]
}

@test "the four key: written only when not 0.1, the shortest decimal, both forms" {
	board 'four 0.2' '. .' '. 2' > "$in"
	run 2048-move left "$in"
	[ "$output" = "$(board 'score 0' 'moves 1' 'four 0.2' 'move left' '. .' '2 .')" ]
	run 2048-move -c left "$in"
	[ "$output" = "00/10 0 1 four=0.2 move=left" ]
	run bash -c "2048-move -c left '$in' | 2048-move right"
	[ "${lines[2]}" = "four 0.2" ]
	# 0.1 in any spelling is the default, not written
	board 'four 0.10' '. .' '. 2' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "00/10 0 1 move=left" ]
	board 'four 1e-1' '. . . .' '. . . .' '. . . .' '. . . 2' > "$in"
	run 2048-move -c left "$in"
	[ "$output" = "0000000000001000 0 1 move=left" ]
	for p in 0 1 0.25 0.3333333333333333 1e-05 0.123456789; do
		board "four $p" '. .' '. 2' > "$in"
		run 2048-move -c left "$in"
		[ "$output" = "00/10 0 1 four=$p move=left" ]
	done
	board 'four .5' 'four2 x' '2 .' '. .' > "$in"
	run 2048-move -c right "$in"
	[ "$output" = "01/00 0 1 four=0.5 move=right four2=x" ]
	board 'four -0' '2 .' '. .' > "$in"
	run 2048-move -c right "$in"
	[ "$output" = "01/00 0 1 four=0 move=right" ]
}

@test "canonical output holds on every size: parse(format(b)) == b, format is a fixed point" {
	for size in 2x2 2x3 3x3 2x4 4x2 5x5 3x7 8x8 4x4; do
		2048-new --seed 9 --size "$size" --four 0.3 --count 3 > "$in"
		run bash -c "2048-move -q left '$in' | 2048-spawn | 2048-move -q up | 2048-spawn"
		echo "$output" > "$in.grid"
		# grid -> grid, grid -> compact -> grid, compact -> compact
		run 2048-spawn -q --all "$in.grid"
		a=$output
		run bash -c "2048-spawn -q --all -c '$in.grid' | 2048-move -q -c right | 2048-move -q left"
		b=$output
		run bash -c "2048-spawn -q --all '$in.grid' | 2048-move -q -c right | 2048-move -q -c left | 2048-move -q left"
		[ "$output" = "$b" ]
		run bash -c "2048-spawn -q --all -c '$in.grid' | 2048-spawn -q --all -c | sort"
		c=$output
		run bash -c "2048-spawn -q --all '$in.grid' | 2048-spawn -q --all -c | sort"
		[ "$output" = "$c" ]
		[ -n "$a" ]
	done
}
