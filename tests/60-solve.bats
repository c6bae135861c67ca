#!/usr/bin/env bats
# shellcheck disable=SC2154 # stderr: set by run --separate-stderr
# 60-solve.bats - 2048-solve: moves, explanations, whole games (equal to
# the pipe loop), parallel games, summaries and the tournament merge.
# One file of over 500 lines: one bats file a tool (tests/NN-tool.bats).
load helper
bats_require_minimum_version 1.5.0

EXAMPLES=$ROOT_DIR/examples

# only up can move: the bottom row is full and has no pair
up_only() {
	board '. . . .' '. . . .' '. . . .' '2 4 8 16'
}

dead() {
	board '2 4 2 4' '4 2 4 2' '2 4 2 4' '4 2 4 2'
}

# the summary table without its timing lines
table() {
	grep -v -e '^moves/s' -e '^ms/move' -e '^nodes/s' -e '^deepened' \
	    -e '^evaluator'
}

SOLVE=$FIXTURES/solve

# --explain without the time, which is never the same
untimed() {
	sed -e 's/ time .*//' -e '/^  evaluator /d'
}

# the value --explain gives direction $1 (its lines on stdin)
explained() {
	awk -v d="$1" '$1 == d { print $2 }'
}

# the nodes on the --explain line of the search (its lines on stdin)
nodes() {
	sed -n 's/.* nodes \([0-9]*\).*/\1/p'
}

# near A B: A is B to a millionth (values summed in another order)
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; m = b < 0 ? -b : b
	    exit !(a == b || d * d <= 1e-12 * (m > 1 ? m * m : 1)) }' ||
	    { echo "$1 is not $2"; return 1; }
}

# crowded: four legal moves, one empty cell (move 1448 of game 2 of --fast)
crowded() {
	board '2048 128 16 4' '512 32 8 .' '256 4 4 4' '128 2 2 2'
}

# right leaves a board that a 4 in the gap ends; down does not
losing() {
	board '2 4 2 4' '4 2 4 2' '2 4 2 4' '8 16 8 .'
}

# two_deep DIR [2048-eval options] < board: what a search two moves deep
# sees after the move DIR, from the other tools alone: a line per spawn
# (2048-spawn --all), "PROB TILE BEST HERE": its probability and tile, the
# best heuristic after a second move (none: no move) and its own heuristic
two_deep() {
	local dir=$1 d t=$BATS_TEST_TMPDIR/deep
	shift
	2048-move -q -c "$dir" > "$t.moved"
	2048-spawn --all -c < "$t.moved" > "$t.spawns"
	2048-eval "$@" -k total < "$t.spawns" > "$t.here"
	for d in up down left right; do
		2048-move -q -c "$d" < "$t.spawns" > "$t.$d.moved" || :
		cut -d' ' -f1 "$t.$d.moved" > "$t.$d"
		2048-eval "$@" -k total < "$t.$d.moved" > "$t.$d.value"
	done
	sed 's/.*prob=\([^ ]*\).*/\1/' "$t.spawns" |
	    paste -d' ' <(cut -d' ' -f1 "$t.spawns") - "$t.here" "$t.up" \
	    "$t.up.value" "$t.down" "$t.down.value" "$t.left" "$t.left.value" \
	    "$t.right" "$t.right.value" |
	    awk -v moved="$(cut -c1-16 "$t.moved")" '{
		best = "none"
		for (i = 4; i <= 10; i += 2)
			if ($i != $1 && (best == "none" || $(i + 1) > best + 0))
				best = $(i + 1)
		for (c = 1; c <= 16; c++)
			if (substr($1, c, 1) != substr(moved, c, 1))
				tile = substr($1, c, 1) == "1" ? 2 : 4
		print $2, tile, best, $3
	    }'
}

# expectimax two moves deep: the mean over the spawns of the best second
# move; a board with none is lost (0), or with $1 = heuristic scored so
expected_value() {
	awk -v lost="${1:-lost}" '{ v = $3 != "none" ? $3 : lost == "lost" ? 0 : $4
	    s += $1 * v } END { printf "%.6f\n", s }'
}

# pipe_game N [2048-solve options] < board: the loop of
# examples/autoplay.sh (2048-solve | 2048-move | 2048-spawn) from the
# board read, for at most N moves, in the compact form: the boards that
# 2048-solve --play --compact writes first
pipe_game() {
	local n=$1 board m
	shift
	read -r board
	echo "$board"
	while [ "$n" -gt 0 ] && m=$(2048-solve -q "$@" <<<"$board"); do
		board=$(2048-move -c "$m" <<<"$board" | 2048-spawn -c)
		echo "$board"
		n=$((n - 1))
	done
}

# minimax two moves deep: the worst 2 of the best second move
minimax_value() {
	awk '$2 == 2 { v = $3 == "none" ? "-inf" : $3
	    if (n++ == 0 || v == "-inf" || (min != "-inf" && v + 0 < min + 0)) min = v }
	    END { print min }'
}

@test "--help and --version" {
	run 2048-solve --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"--algo"* ]]
	run 2048-solve --version
	[ "$status" -eq 0 ]
	[[ "$output" == "2048-solve (2048-tools) "* ]]
}

@test "usage errors exit 2" {
	run 2048-solve --bogus </dev/null
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: unrecognized option '--bogus'"$'\n'"Try '2048-solve --help'." ]
	run 2048-solve --algo alphago </dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"--algo: expected expectimax, minimax, greedy, random or exact: 'alphago'"* ]]
	run 2048-solve --depth 0 </dev/null
	[ "$status" -eq 2 ]
	run 2048-solve --depth 16 </dev/null
	[ "$status" -eq 2 ]
	run 2048-solve --heuristic nosuch </dev/null
	[ "$status" -eq 2 ]
	run 2048-solve --games 2 somefile
	[ "$status" -eq 2 ]
	for bad in 0.99,1,12 3,1,12,1e-4 0.99,1,16,1e-4 0.99,1,12,0.7 x; do
		run 2048-solve --deepen "$bad" </dev/null
		[ "$status" -eq 2 ]
		[ "${#lines[@]}" -eq 2 ]
		[[ "$output" == "2048-solve: --deepen"* ]]
		[ "${lines[1]}" = "Try '2048-solve --help'." ]
	done
}

@test "every algorithm takes the only legal move" {
	local a
	for a in expectimax minimax greedy random; do
		run 2048-solve --algo "$a" < <(up_only)
		echo "$a: $output"
		[ "$status" -eq 0 ]
		[ "$output" = up ]
	done
	run 2048-solve --fast < <(up_only)
	[ "$output" = up ]
}

@test "every algorithm chooses by its own rule, where the rules disagree" {
	local d expectimax minimax
	# expectimax: the mean over the spawns of the best second move;
	# minimax: the best second move after the worst 2; the heuristic as
	# 2048-eval gives it (--no-corner)
	expectimax=$(2048-solve --depth 2 --no-corner --explain < <(crowded))
	minimax=$(2048-solve --algo minimax --depth 2 --explain < <(crowded))
	[ "$(head -n 1 <<<"$expectimax")" = down ]
	[ "$(head -n 1 <<<"$minimax")" = up ]
	for d in up down left right; do
		crowded | two_deep "$d" > "$BATS_TEST_TMPDIR/$d"
		near "$(explained "$d" <<<"$expectimax")" \
		    "$(expected_value < "$BATS_TEST_TMPDIR/$d")"
		near "$(explained "$d" <<<"$minimax")" \
		    "$(minimax_value < "$BATS_TEST_TMPDIR/$d")"
	done
	# greedy: the score of the move; left and right tie, the heuristic
	# after the move chooses
	run 2048-solve --algo greedy --explain < <(crowded)
	[ "${lines[0]}" = left ]
	for d in up down left right; do
		v=$(crowded | 2048-move -c "$d" | cut -d' ' -f2)
		near "$(explained "$d" <<<"$output")" "$v"
	done
	[ "$(crowded | 2048-move left | 2048-eval -k total | cut -d. -f1)" -gt \
	    "$(crowded | 2048-move right | 2048-eval -k total | cut -d. -f1)" ]
	# random: each legal move, drawn from the board's stream
	local s
	for s in $(seq 1 40); do
		printf 'seed %s\n' "$s"
		crowded
		echo
	done > "$BATS_TEST_TMPDIR/seeds"
	run 2048-solve --algo random "$BATS_TEST_TMPDIR/seeds"
	[ "${#lines[@]}" -eq 40 ]
	[ "$(sort -u <<<"$output" | tr '\n' ' ')" = "down left right up " ]
	[ "$(2048-solve --algo random "$BATS_TEST_TMPDIR/seeds")" = "$output" ]
}

@test "a board with no legal move: no move, a message, exit 1" {
	run 2048-solve < <(dead)
	[ "$status" -eq 1 ]
	[ "$output" = "2048-solve: <stdin>:1: no legal move" ]
	run 2048-solve -q < <(dead)
	[ "$status" -eq 1 ]
	[ -z "$output" ]
}

@test "one move a board, in order; a dead board in between gives none" {
	run 2048-solve -q < <(up_only; echo; dead; echo; up_only)
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf 'up\nup')" ]
}

@test "greedy takes the move that scores most" {
	# left/right merge 2+2 (4); up/down merge 8+8 (16), up keeps the
	# row of the 2s whole, down too: the heuristic breaks the tie
	run 2048-solve --algo greedy --explain < <(board '2 2 . .' '8 . . .' \
	    '8 . . .' '. . . .')
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == up || "${lines[0]}" == down ]]
	[ "${lines[1]}" = "  up    16.000" ]
	[ "${lines[3]}" = "  left  4.000" ]
}

@test "--explain: a value per legal move, - for the others, the statistics" {
	run 2048-solve --depth 2 --explain < <(up_only)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[1]}" =~ ^\ \ up\ +[0-9.]+$ ]]
	[ "${lines[2]}" = "  down  -" ]
	[ "${lines[3]}" = "  left  -" ]
	[ "${lines[4]}" = "  right -" ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ 2\ nodes\ [0-9]+\ time\ [0-9.]+\ ms$ ]]
}

@test "--deepen: a second, deeper search when the value falls below R x heuristic" {
	# every value is below twice the heuristic: always deepened, to 3
	run 2048-solve --depth 2 --deepen 2,-15,3,0 --explain < <(up_only)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ 3\ \(deepened\)\ nodes ]]
	# the move and values are those of the deeper search alone
	[ "$(sed -n 1,5p <<<"$output")" = \
	    "$(2048-solve --depth 3 --explain < <(up_only) | sed -n 1,5p)" ]
	# none is below a thousandth of it: never
	run 2048-solve --depth 2 --deepen 0.001,-15,3,0 --explain < <(up_only)
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ 2\ nodes ]]
	# --summary counts the deepened moves, as --explain shows them
	local n
	n=$(2048-solve --games 1 --seed 3 --depth 2 --deepen 1.02,-15,3,0 --compact |
	    2048-solve --depth 2 --deepen 1.02,-15,3,0 --explain -q |
	    grep -c deepened) || true
	[ "$n" -gt 0 ]
	run 2048-solve --games 1 --seed 3 --depth 2 --summary
	[[ "$output" == *"deepened      0 moves, 0.00%"* ]]
	run 2048-solve --games 1 --seed 3 --depth 2 --deepen 1.02,-15,3,0 --summary
	[[ "$output" == *"deepened      $n moves,"* ]]
}

@test "the default search is the one the page states" {
	# 13 distinct tiles: depth 13 - 2 = 11, which a cap of 10 would cut
	chain13() {
		board '16384 8192 4096 2048' '128 256 512 1024' '64 32 16 8' \
		    '. . . 4'
	}
	run 2048-solve --no-deepen --explain < <(chain13)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ 11\ nodes ]]
	# the values and nodes of the stated setting, to the last digit
	[ "$(2048-solve --explain < <(chain13) | sed 's/ time .*//')" = \
	    "$(2048-solve --adaptive 3,2,15 --cutoff 0.000125 \
	    --deepen 0.995,1,15,0.0001 --explain < <(chain13) |
	    sed 's/ time .*//')" ]
}

@test "bad input: exit 2 with the line, after the boards before it" {
	run 2048-solve < <(up_only; echo; board '2 2 2' '. . . .' '. . . .' '. . . .')
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[1]}" == "2048-solve: <stdin>:"* ]]
}

@test "the same choice whatever the thread count" {
	local one two
	one=$(2048-new --seed 4 | 2048-solve --play --final --depth 3 --threads 1)
	two=$(2048-new --seed 4 | 2048-solve --play --final --depth 3 --threads 4)
	[ "$one" = "$two" ]
}

@test "--play equals the pipe loop, board for board (examples/autoplay.sh)" {
	local seed opts n=0
	# a game a setting, three processes a move (seed 24's game of
	# --depth 1 is one of the short ones, 130 moves)
	while read -r seed opts; do
		# shellcheck disable=SC2086
		"$EXAMPLES/autoplay.sh" "$seed" $opts < /dev/null \
		    > "$BATS_TEST_TMPDIR/loop"
		# shellcheck disable=SC2086
		2048-new --seed "$seed" | 2048-solve --play $opts \
		    > "$BATS_TEST_TMPDIR/play"
		cmp "$BATS_TEST_TMPDIR/loop" "$BATS_TEST_TMPDIR/play"
		n=$((n + 1))
	done <<-EOF
	5 --algo random
	24 --depth 1 --deepen 1,-15,3,0
	24 --depth 1
	EOF
	[ "$n" -eq 3 ]
	# a real game: many boards, each with its move, the last one over
	[ "$(grep -c '^move ' "$BATS_TEST_TMPDIR/play")" -gt 50 ]
	awk 'BEGIN { RS = "" } { last = $0 } END { print last }' \
	    "$BATS_TEST_TMPDIR/play" > "$BATS_TEST_TMPDIR/last"
	run 2048-solve -q "$BATS_TEST_TMPDIR/last"
	[ "$status" -eq 1 ]
}

@test "--final writes the trace's last board" {
	2048-new --seed 3 | 2048-solve --play --depth 1 --compact > "$BATS_TEST_TMPDIR/trace"
	run 2048-solve --play --final --depth 1 --compact < <(2048-new --seed 3)
	[ "$status" -eq 0 ]
	[ "$output" = "$(tail -n 1 "$BATS_TEST_TMPDIR/trace")" ]
	# every board after the first has its move in the header
	[ "$(grep -vc ' move=' "$BATS_TEST_TMPDIR/trace")" -eq 1 ]
}

@test "--games N --seed S plays the games of 2048-new --seed S, S+1, ..." {
	local a b c
	a=$(2048-new --seed 7 --count 4 | 2048-solve --play --final --depth 2 --threads 1)
	b=$(2048-solve --games 4 --seed 7 --final --depth 2 --threads 1)
	c=$(2048-solve --games 4 --seed 7 --final --depth 2 --threads 3)
	[ "$a" = "$b" ]
	[ "$b" = "$c" ]
	[ "$(grep -c '^score' <<<"$a")" -eq 4 ]
}

@test "--summary counts what the final boards show" {
	2048-solve --games 6 --seed 20 --depth 2 --final --compact \
	    > "$BATS_TEST_TMPDIR/finals"
	run 2048-solve --games 6 --seed 20 --depth 2 --summary
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "games         6" ]
	# scores, max tiles and moves, counted from the compact boards
	local max sum moves n512 n1024
	read -r max sum moves n512 n1024 < <(awk '
	    BEGIN { ranks = "0123456789abcdefgh" }
	    { top = 0
	      for (i = 1; i <= 16; i++) {
	        r = index(ranks, substr($1, i, 1)) - 1; if (r > top) top = r }
	      if ($2 > max) max = $2; sum += $2; moves += $3
	      if (top >= 9) n9++; if (top >= 10) n10++ }
	    END { print max, sum, moves, n9 + 0, n10 + 0 }' "$BATS_TEST_TMPDIR/finals")
	[[ "$output" == *"score max     $max"* ]]
	[[ "$output" == *"moves         $moves"* ]]
	[[ "$output" == *"score mean    $(awk -v s="$sum" 'BEGIN { printf "%.1f", s / 6 }')"* ]]
	[[ "$output" =~ 512\ +$n512\  ]]
	[[ "$output" =~ 1024\ +$n1024\  ]]
	[[ "$output" =~ 131072\ +0\ +0\.0\ +0\.0-39\.0 ]]
}

@test "--tally of the final boards gives the --summary table" {
	2048-solve --games 5 --seed 30 --depth 2 --final > "$BATS_TEST_TMPDIR/finals"
	2048-solve --games 5 --seed 30 --depth 2 --summary | table \
	    > "$BATS_TEST_TMPDIR/summary"
	run 2048-solve --tally "$BATS_TEST_TMPDIR/finals"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$BATS_TEST_TMPDIR/summary")" ]
}

@test "the tournament (GNU parallel -j2) merges to the single-process table" {
	command -v parallel >/dev/null || skip "GNU parallel is not installed"
	JOBS=2 CHUNK=3 run "$EXAMPLES/tournament.sh" 8 40 -- --depth 2
	[ "$status" -eq 0 ]
	[ "$(table <<<"$output")" = \
	    "$(2048-solve --games 8 --seed 40 --depth 2 --summary | table)" ]
	[[ "$output" == *"moves/s"* ]]
}

@test "--log: one line per decision, with every value" {
	2048-new --seed 5 | 2048-solve --play --depth 1 --compact \
	    --log "$BATS_TEST_TMPDIR/log" > "$BATS_TEST_TMPDIR/trace"
	# a decision per board: the last one finds no move
	[ "$(wc -l < "$BATS_TEST_TMPDIR/log")" -eq \
	    "$(wc -l < "$BATS_TEST_TMPDIR/trace")" ]
	[[ "$(tail -n 1 "$BATS_TEST_TMPDIR/log")" == *"	none	up=- down=- left=- right=- "* ]]
	head -n 1 "$BATS_TEST_TMPDIR/log" |
	    grep -qE '	(up|down|left|right)	up=[-0-9.e+]+ down=[-0-9.e+]+ left=[-0-9.e+]+ right=[-0-9.e+]+ depth=1 nodes=[0-9]+ eval=lines$'
}

@test "--log is not opened before every option is read: a usage error leaves the file as it was" {
	echo kept >"$BATS_TEST_TMPDIR/log"
	run -2 2048-solve --log "$BATS_TEST_TMPDIR/log" --depth 99
	[ "$(cat "$BATS_TEST_TMPDIR/log")" = kept ]
	run -2 2048-solve --log "$BATS_TEST_TMPDIR/log" --explain --play
	[ "$(cat "$BATS_TEST_TMPDIR/log")" = kept ]
}

@test "--log on a full disk is an error that says why" {
	run bash -c "2048-new --seed 5 | 2048-solve --play --depth 1 --final \
	    --log /dev/full"
	[ "$status" -eq 2 ]
	[ "${lines[-1]}" = "2048-solve: --log: write error: No space left on device" ]
}

@test "a board without a stream plays reproducibly with --seed" {
	local a b
	a=$(board '2 . . .' '. . . .' '. . 2 .' '. . . .' |
	    2048-solve --play --final --depth 1 --seed 9)
	b=$(board '2 . . .' '. . . .' '. . 2 .' '. . . .' |
	    2048-solve --play --final --depth 1 --seed 9)
	[ "$a" = "$b" ]
	[[ "$a" == *"seed 9"* ]]
}

@test "minimax with Xu's heuristic and weights: its values and its games" {
	local d v xu=(--algo minimax --heuristic xu --weights monotonicity=1.5)
	# two moves deep: the best second move after the worst 2, each board
	# scored by 2048-eval with the same heuristic and weights
	run 2048-solve "${xu[@]}" --depth 2 --explain < <(crowded)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = down ]
	for d in up down left right; do
		v=$(crowded | two_deep "$d" "${xu[@]:2}" | minimax_value)
		near "$(explained "$d" <<<"$output")" "$v"
	done
	# the weight counts: right leads to a board that is not monotone
	[ "$(2048-solve --algo minimax --heuristic xu --depth 2 --explain \
	    < <(crowded) | explained right)" = 3.400 ]
	[ "$(explained right <<<"$output")" = -1.600 ]
	# whole games, each move the one chosen for its board alone
	2048-solve --games 2 --seed 1 "${xu[@]}" --depth 2 --compact \
	    > "$BATS_TEST_TMPDIR/games"
	[ "$(grep -c ' 0 0 seed=' "$BATS_TEST_TMPDIR/games")" -eq 2 ]
	head -n 1 "$BATS_TEST_TMPDIR/games" | pipe_game 15 "${xu[@]}" --depth 2 \
	    > "$BATS_TEST_TMPDIR/loop"
	cmp "$BATS_TEST_TMPDIR/loop" <(head -n 16 "$BATS_TEST_TMPDIR/games")
	# ... to the end: the last board of each game has no move
	run 2048-eval -k over <(awk 'NR > 1 && / 0 0 seed=/ { print prev }
	    { prev = $0 } END { print prev }' "$BATS_TEST_TMPDIR/games")
	[ "$output" = "$(printf 'yes\nyes')" ]
}

# The committed expected output (tests/fixtures/solve/) was written by
# this code; a change of behaviour shows as a diff, and so does a machine
# or a build that computes otherwise.  The boards are in boards.txt, two
# of them with moves that tie to the last bit.  After a change meant to
# change them, write them again:
#   2048-solve --explain boards.txt | untimed > explain-default.txt
#   2048-solve --fast --explain boards.txt | untimed > explain-fast.txt
#   2048-solve --play [--fast] --final -c < X-game.txt > X-game.final
@test "--explain of fixed boards: the committed moves, values and nodes" {
	2048-solve --explain "$SOLVE/boards.txt" | untimed > "$BATS_TEST_TMPDIR/out"
	diff -u "$SOLVE/explain-default.txt" "$BATS_TEST_TMPDIR/out"
	2048-solve --explain --threads 1 "$SOLVE/boards.txt" | untimed |
	    cmp - "$SOLVE/explain-default.txt"
	2048-solve --fast --explain "$SOLVE/boards.txt" | untimed \
	    > "$BATS_TEST_TMPDIR/out"
	diff -u "$SOLVE/explain-fast.txt" "$BATS_TEST_TMPDIR/out"
	2048-solve --fast --explain --threads 4 "$SOLVE/boards.txt" | untimed |
	    cmp - "$SOLVE/explain-fast.txt"
	# the fixtures hold what they are said to: a second search, ties
	grep -q '(deepened)' "$SOLVE/explain-default.txt"
	[ "$(grep -c '^  search depth' "$SOLVE/explain-default.txt")" -eq 8 ]
}

# fast-game.txt is move 22000 of game 2 of an earlier --fast (2048-new
# --seed 2), which --fast now plays 4046 moves further to its end;
# default-game.txt is move 5107 of the default's game (no tables) from
# the board '2048 4096 2048 4096' '4096 2048 4096 2048'
# '2048 4096 2048 4096' '. . . .' with two tiles spawned by seed 4
# (2048-spawn -c -s 4 | 2048-spawn -c), 16 moves from its end, where
# most moves are searched a second time.
@test "--fast: the seeded game ends on the committed board; --play is the pipe loop" {
	2048-solve --play --fast --compact < "$SOLVE/fast-game.txt" \
	    > "$BATS_TEST_TMPDIR/play"
	tail -n 1 "$BATS_TEST_TMPDIR/play" | cmp - "$SOLVE/fast-game.final"
	pipe_game 20 --fast < "$SOLVE/fast-game.txt" > "$BATS_TEST_TMPDIR/loop"
	cmp "$BATS_TEST_TMPDIR/loop" <(head -n 21 "$BATS_TEST_TMPDIR/play")
}

@test "the default: the seeded game ends on the committed board; --play is the pipe loop" {
	2048-solve --play --compact < "$SOLVE/default-game.txt" \
	    > "$BATS_TEST_TMPDIR/play"
	tail -n 1 "$BATS_TEST_TMPDIR/play" | cmp - "$SOLVE/default-game.final"
	# its first 12 moves through the pipe, 10 of them searched twice
	pipe_game 12 < "$SOLVE/default-game.txt" > "$BATS_TEST_TMPDIR/loop"
	cmp "$BATS_TEST_TMPDIR/loop" <(head -n 13 "$BATS_TEST_TMPDIR/play")
	[ "$(head -n 12 "$BATS_TEST_TMPDIR/play" | 2048-solve --explain -q |
	    grep -c deepened)" -ge 8 ]
}

@test "--time: iterative deepening, each depth a whole search, to the last depth or the budget" {
	# a budget that never ends: depths 1 to 4 (the --adaptive maximum);
	# the values are those of depth 4 and the nodes those of all four
	run 2048-solve --time 3600000 --adaptive 1,0,4 --explain < <(crowded)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ 4\ nodes\ ([0-9]+)\  ]]
	local total=${BASH_REMATCH[1]} sum=0 d
	[ "$(sed -n 1,5p <<<"$output")" = \
	    "$(2048-solve --depth 4 --explain < <(crowded) | sed -n 1,5p)" ]
	for d in 1 2 3 4; do
		sum=$((sum + $(2048-solve --depth "$d" --explain < <(crowded) | nodes)))
	done
	[ "$total" -eq "$sum" ]
	# depth 15 without a cutoff would take days: the budget ends it
	run timeout 60 2048-solve --time 20 --cutoff 0 --adaptive 1,0,15 \
	    --explain < <(crowded)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ ([0-9]+)\  ]]
	[ "${BASH_REMATCH[1]}" -lt 15 ]
}

@test "--no-lost: a board that cannot move scores its heuristic, not 0" {
	# two moves deep, right meets a lost board (a 4 in the gap), down none
	local right=$BATS_TEST_TMPDIR/right down
	losing | two_deep right > "$right"
	[ "$(grep -c ' none ' "$right")" -eq 1 ]
	# the heuristic as 2048-eval gives it: --no-corner
	run 2048-solve --depth 2 --no-corner --explain < <(losing)
	near "$(explained right <<<"$output")" "$(expected_value lost < "$right")"
	near "$(explained down <<<"$output")" \
	    "$(losing | two_deep down | expected_value lost)"
	down=$(explained down <<<"$output")
	run 2048-solve --depth 2 --no-corner --explain --no-lost < <(losing)
	near "$(explained right <<<"$output")" \
	    "$(expected_value heuristic < "$right")"
	[ "$(explained down <<<"$output")" = "$down" ]
}

@test "--tt-bits: the table saves nodes, a small one fewer" {
	local none small big
	none=$(2048-solve --depth 5 --tt-bits 0 --explain < <(crowded) | nodes)
	small=$(2048-solve --depth 5 --tt-bits 6 --explain < <(crowded) | nodes)
	big=$(2048-solve --depth 5 --explain < <(crowded) | nodes)
	echo "nodes: $none, $small, $big"
	[ "$none" -gt "$small" ]
	[ "$small" -gt "$big" ]
}

@test "--crowded N,P: the cutoff P on boards with at most N empty cells" {
	# the mid-game board of boards.txt has 5 empty cells
	local opts=(--depth 4 --tt-bits 0 --explain) mid plain fine
	mid=$(sed -n '/^about a mid-game/,/^$/p' "$SOLVE/boards.txt")
	plain=$(2048-solve "${opts[@]}" --cutoff 0.01 <<<"$mid" | untimed)
	fine=$(2048-solve "${opts[@]}" --cutoff 0.0001 <<<"$mid" | untimed)
	[ "$plain" != "$fine" ]
	[ "$(2048-solve "${opts[@]}" --cutoff 0.01 --crowded 5,0.0001 <<<"$mid" |
	    untimed)" = "$fine" ]
	[ "$(2048-solve "${opts[@]}" --cutoff 0.01 --crowded 4,0.0001 <<<"$mid" |
	    untimed)" = "$plain" ]
}

@test "--prune M: a board M under the root's is a leaf, so fewer nodes; a margin no board falls is no change" {
	local opts=(--depth 4 --tt-bits 0 --explain) plain wide narrow
	plain=$(2048-solve "${opts[@]}" < <(crowded) | untimed)
	wide=$(2048-solve "${opts[@]}" --prune 1e12 < <(crowded) | untimed)
	[ "$wide" = "$plain" ]
	narrow=$(2048-solve "${opts[@]}" --prune 1000 < <(crowded) | untimed)
	echo "nodes: $(nodes <<<"$plain") and $(nodes <<<"$narrow")"
	[ "$(nodes <<<"$narrow")" -lt "$(nodes <<<"$plain")" ]
	# the root's own chance nodes are always searched: at depth 2 every
	# node below them is a leaf anyway
	[ "$(2048-solve --depth 2 --explain --prune 1 < <(crowded) | untimed)" = \
	    "$(2048-solve --depth 2 --explain < <(crowded) | untimed)" ]
	for m in -1 1e13 x; do
		run 2048-solve --prune "$m" < <(crowded)
		[ "$status" -eq 2 ]
		[[ "${lines[0]}" == "2048-solve: --prune: expected "* ]]
	done
}

@test "--corner, the default: a board flipped gets the move and values flipped; the heuristic's values change; --no-corner undoes it" {
	local opts=(--depth 3 --explain) plain corner flipped
	plain=$(2048-solve "${opts[@]}" --no-corner < <(crowded) | untimed)
	corner=$(2048-solve "${opts[@]}" --corner < <(crowded) | untimed)
	[ "$corner" != "$plain" ]
	[ "$(2048-solve "${opts[@]}" < <(crowded) | untimed)" = "$corner" ]
	[ "$(2048-solve "${opts[@]}" --corner --no-corner < <(crowded) |
	    untimed)" = "$plain" ]
	# crowded's rows reversed: left and right swap, all else the same
	flipped=$(board '4 16 128 2048' '. 8 32 512' '4 4 4 256' '2 2 2 128' |
	    2048-solve "${opts[@]}" --corner | untimed)
	[ "$(sed -e 's/left/LEFT/' -e 's/right/left/' -e 's/LEFT/right/' \
	    <<<"$flipped" | tr -s ' ' | sort)" = "$(tr -s ' ' <<<"$corner" |
	    sort)" ]
}

@test "--no-bitboard: the same moves, values and nodes, moving cell by cell" {
	2048-solve --no-bitboard --explain "$SOLVE/boards.txt" | untimed |
	    cmp - "$SOLVE/explain-default.txt"
	# the one difference is the path: on boards of small tiles the
	# engine's exact slide runs with the switch, and never without it (a
	# debugger sees it)
	command -v gdb >/dev/null || skip "gdb is not installed"
	local small=$BATS_TEST_TMPDIR/small exact=(-q -batch -nx -ex
	    'break *g2048_slide_exact' -ex run --args "$(command -v 2048-solve)")
	export ASAN_OPTIONS=detect_leaks=0
	head -n 15 "$SOLVE/boards.txt" > "$small"
	run gdb "${exact[@]}" --depth 2 "$small"
	[[ "$output" == *"Breakpoint 1 at"* ]] || skip "gdb cannot set a breakpoint"
	[[ "$output" == *"exited normally"* ]] || skip "gdb cannot run it: $output"
	[[ "$output" != *"Breakpoint 1, "* ]]
	run gdb "${exact[@]}" --depth 2 --no-bitboard "$small"
	[[ "$output" == *"Breakpoint 1, "*"g2048_slide_exact"* ]]
}

@test "integer options take integers only, with the range in the message" {
	local opt
	for opt in "--depth 3.9" "--tt-bits 4.5" "--threads 2.5" "--time 10.5" \
	    "--depth 1e1" "--depth +3"; do
		# shellcheck disable=SC2086
		run 2048-solve $opt < <(up_only)
		echo "$opt: $output"
		[ "$status" -eq 2 ]
		[ "${#lines[@]}" -eq 2 ]
		[[ "${lines[0]}" == "2048-solve: ${opt% *}: expected an integer from "*" to "*": '${opt#* }'" ]]
	done
	run 2048-solve --adaptive 3,2.5,8 < <(up_only)
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "2048-solve: --adaptive SUB: expected an integer from -15 to 15: '2.5'" ]
}

@test "the tool's ranges are the library's: a cutoff up to 0.5 everywhere" {
	run 2048-solve --cutoff 0.5 < <(up_only)
	[ "$status" -eq 0 ]
	for opt in "--cutoff 0.51" "--crowded 2,0.51" "--deepen 1,1,15,0.51"; do
		# shellcheck disable=SC2086
		run 2048-solve $opt < <(up_only)
		[ "$status" -eq 2 ]
		[[ "${lines[0]}" == *"from 0 to 0.5: '0.51'" ]]
	done
}

@test "--games stopped by a signal: what was written ends at a whole game" {
	local out=$BATS_TEST_TMPDIR/games pid
	2048-solve --games 1000000 --depth 1 --size 3x3 --final --seed 1 \
	    > "$out" &
	pid=$!
	# the shell opens $out in the child: it may not be there yet
	for _ in $(seq 400); do
		[ -e "$out" ] && [ "$(wc -c < "$out")" -ge 20000 ] && break
		sleep 0.05
	done
	kill -TERM "$pid"
	wait "$pid" || true
	[ "$(wc -c < "$out")" -ge 20000 ]
	run 2048-solve --tally "$out"
	[ "$status" -eq 0 ]
	[[ "$output" == *"games"* ]]
}

# interrupt SIGNAL ARGS...: 2048-solve --games 100000 ARGS --final
# --summary, sent SIGNAL once 5 games are written; into $out, $err, $rc
# (the signals set to their default first: a tool keeps a signal ignored
# when it starts, as a suite started in the background has them)
interrupt() {
	local sig=$1
	shift
	out=$BATS_TEST_TMPDIR/out err=$BATS_TEST_TMPDIR/err rc=0
	# job control on: a job in the background keeps SIGINT
	bash -c 'set -m
		sig=$1
		shift
		env --default-signal=INT,TERM "$@" > "$0.out" 2> "$0.err" & pid=$!
		for _ in $(seq 600); do
			[ "$(grep -c "^score [0-9]" "$0.out")" -ge 5 ] && break
			sleep 0.05
		done
		kill "-$sig" "$pid"
		wait "$pid"' "$BATS_TEST_TMPDIR/x" "$sig" 2048-solve \
	    --games 100000 --seed 1 --final --summary "$@" || rc=$?
	mv "$BATS_TEST_TMPDIR/x.out" "$out"
	mv "$BATS_TEST_TMPDIR/x.err" "$err"
}

@test "--games stopped by ^C or SIGTERM: the table of the games finished, marked partial" {
	local n
	interrupt INT --algo random
	[ "$rc" -eq 130 ]
	# the final boards written, then the table of just those games
	n=$(grep -c '^score [0-9]' "$out")
	[ "$n" -ge 5 ]
	grep -qx "partial: interrupted after $n of 100000 games" "$out"
	grep -qx "games         $n" "$out"
	[ "$(cat "$err")" = "2048-solve: interrupted (Interrupt) after $n of 100000 games" ]
	# the table is the one --tally makes of those boards
	[ "$(sed -n '/^partial/,$p' "$out" | sed -n '/^score mean/,/^moves  /p')" = \
	    "$(sed '/^partial:/,$d' "$out" | 2048-solve --tally | sed -n '/^score mean/,/^moves  /p')" ]
	interrupt TERM --algo random -j 1
	[ "$rc" -eq 143 ]
	n=$(grep -c '^score [0-9]' "$out")
	grep -qx "partial: interrupted after $n of 100000 games" "$out"
}

@test "--games stopped by a signal: --json marks the table partial" {
	local out=$BATS_TEST_TMPDIR/j
	bash -c 'set -m
		env --default-signal=INT 2048-solve --games 100000 --algo random \
		    --seed 1 --summary --json > "$0" 2>/dev/null & pid=$!
		sleep 0.5
		kill -INT "$pid"
		wait "$pid"' "$out" || true
	run jq -r '"\(.partial) \(.of) \(.games == (.scores | length))"' "$out"
	[ "$output" = "true 100000 true" ]
}

@test "--games N: memory bounded by the threads, not by N" {
	[ "${SANITIZED:-0}" = 0 ] || skip "ASan reserves more address space than the limit"
	# 300000 games of one move each in 250 MB of address space: the
	# games are a window of slots, the scores a count of each score
	run bash -c 'ulimit -v 250000
		2048-solve --games 300000 --algo random --moves 1 --seed 1 \
		    --summary -j 2'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "games         300000" ]
	run bash -c 'ulimit -v 250000
		2048-solve --games 300000 --algo random --moves 1 --seed 1 \
		    --summary --json -j 2 | jq ".scores | length"'
	[ "$output" = 300000 ]
}

@test "--play and --tally: a counter that would pass 2^64 - 1 is an input error" {
	local max=18446744073709551615
	# the step that would wrap is not made: the game's boards are not
	# written, one message names the board it started from
	run --separate-stderr 2048-solve --play --depth 1 -c <<EOF2
1100000000000000 0 0 seed=1 draws=0
1100000000000000 $max 0 seed=1 draws=0
EOF2
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-solve: <stdin>:2: score would pass $max" ]
	[ "$(2048-solve --play --depth 1 -c <<<"1100000000000000 0 0 seed=1 draws=0")" = "$output" ]
	run --separate-stderr 2048-solve --play --depth 1 --summary \
	    <<<"1100000000000000 0 $max seed=1 draws=0"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "2048-solve: <stdin>:1: moves would pass $max" ]
	run --separate-stderr 2048-solve --play --depth 1 -c \
	    <<<"1100000000000000 0 0 seed=1 draws=18446744073709551614"
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-solve: <stdin>:1: draws would pass $max" ]
	# the table's total of moves
	run --separate-stderr 2048-solve --tally <<EOF2
1100000000000000 0 9223372036854775807
1100000000000000 0 9223372036854775808
1100000000000000 0 1
EOF2
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-solve: <stdin>:3: the moves of all games would pass $max" ]
}

# 2048(7) lists the environment the tools read
@test "a bad G2048_NET is an error that names it, and 2048(7) lists it" {
	run env G2048_NET="$BATS_TEST_TMPDIR/no.net" 2048-solve --depth 1 \
	    < <(2048-new --seed 1)
	[ "$status" -eq 2 ]
	[[ "$output" == "2048-solve: G2048_NET: $BATS_TEST_TMPDIR/no.net: No such file or directory (G2048_NET names the default net; set it empty for none)" ]]
	# the same file by --net is named as given
	run 2048-solve --net "$BATS_TEST_TMPDIR/no.net" < <(2048-new --seed 1)
	[ "$output" = "2048-solve: $BATS_TEST_TMPDIR/no.net: No such file or directory" ]
	sed -n '/^\.Sh ENVIRONMENT/,/^\.Sh /p' "$ROOT_DIR/man/2048.7" > "$BATS_TEST_TMPDIR/env"
	grep -q '^\.It Ev G2048_NET$' "$BATS_TEST_TMPDIR/env"
	run grep -c 'The pipe tools read no environment variable' "$BATS_TEST_TMPDIR/env"
	[ "$output" = 0 ]
}

@test "--help names the installed net in the search order and the --tt-bits default" {
	run 2048-solve --help
	[[ "$output" == *"else share/2048-tools/2048.net"* ]]
	[[ "$output" == *"--tt-bits N"*"(default 20, --fast 16;"* ]]
}

@test "a board of another size than the first's: one warning, every board answered; --strict refuses it; -q says nothing" {
	local in=$BATS_TEST_TMPDIR/in
	# a typed row ". . . ." too many makes the second board 5x4
	{ board '2 2 . .' '. . . .' '. . . .' '. . . .'; echo
	  board '2 2 . .' '. . . .' '. . . .' '. . . .' '. . . .'; echo
	  board '4 4 . .' '. . . .' '. . . .' '. . . .' '. . . .'; } > "$in"
	run --separate-stderr 2048-solve --depth 1 "$in"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "$stderr" = "2048-solve: $in:6: warning: a 5x4 board after 4x4 ones: a row or a cell too many or too few? (said once; --strict refuses it)" ]
	run --separate-stderr 2048-solve --depth 1 --strict "$in"
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 1 ]
	[ "$stderr" = "2048-solve: $in:6: a 5x4 board after 4x4 ones (--strict: one size)" ]
	# --play too: the first game played whole, then the error
	run --separate-stderr 2048-solve --play --algo greedy --final -c --strict "$in"
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 1 ]
	run --separate-stderr 2048-solve -q --depth 1 "$in"
	[ "$status" -eq 0 ]
	[ "$stderr" = "" ]
}
