#!/usr/bin/env bats
# 60-solve.bats - 2048-solve: moves, explanations, whole games (equal to
# the pipe loop), parallel games, summaries and the tournament merge.
load helper

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
	[ "$output" = "2048-solve: unrecognized option '--bogus'" ]
	run 2048-solve --algo alphago </dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"unknown algorithm 'alphago'"* ]]
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
		[ "${#lines[@]}" -eq 1 ]
		[[ "$output" == "2048-solve: --deepen"* ]]
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
	[[ "${lines[5]}" =~ ^\ \ depth\ 2\ nodes\ [0-9]+\ time\ [0-9.]+\ ms$ ]]
}

@test "--deepen: a second, deeper search when the value falls below R x heuristic" {
	# every value is below twice the heuristic: always deepened, to 3
	run 2048-solve --depth 2 --deepen 2,-15,3,0 --explain < <(up_only)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ depth\ 3\ \(deepened\)\ nodes ]]
	# the move and values are those of the deeper search alone
	[ "$(sed -n 1,5p <<<"$output")" = \
	    "$(2048-solve --depth 3 --explain < <(up_only) | sed -n 1,5p)" ]
	# none is below a thousandth of it: never
	run 2048-solve --depth 2 --deepen 0.001,-15,3,0 --explain < <(up_only)
	[[ "${lines[5]}" =~ ^\ \ depth\ 2\ nodes ]]
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
	[[ "${lines[5]}" =~ ^\ \ depth\ 11\ nodes ]]
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
	local seed opts
	for seed in 1 2; do
		for opts in "--depth 1" "--algo random" "--depth 1 --deepen 1,-15,3,0"; do
			# shellcheck disable=SC2086
			"$EXAMPLES/autoplay.sh" "$seed" $opts > "$BATS_TEST_TMPDIR/loop"
			# shellcheck disable=SC2086
			2048-new --seed "$seed" | 2048-solve --play $opts \
			    > "$BATS_TEST_TMPDIR/play"
			cmp "$BATS_TEST_TMPDIR/loop" "$BATS_TEST_TMPDIR/play"
		done
	done
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

@test "a board without a stream plays reproducibly with --seed" {
	local a b
	a=$(board '2 . . .' '. . . .' '. . 2 .' '. . . .' |
	    2048-solve --play --final --depth 1 --seed 9)
	b=$(board '2 . . .' '. . . .' '. . 2 .' '. . . .' |
	    2048-solve --play --final --depth 1 --seed 9)
	[ "$a" = "$b" ]
	[[ "$a" == *"seed 9"* ]]
}

@test "minimax with Xu's heuristic and weights plays whole games" {
	run 2048-solve --games 2 --seed 1 --algo minimax --depth 2 \
	    --heuristic xu --weights monotonicity=1.5 --summary
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "games         2" ]
}

@test "integer options take integers only, with the range in the message" {
	local opt
	for opt in "--depth 3.9" "--tt-bits 4.5" "--threads 2.5" "--time 10.5" \
	    "--depth 1e1" "--depth +3"; do
		# shellcheck disable=SC2086
		run 2048-solve $opt < <(up_only)
		echo "$opt: $output"
		[ "$status" -eq 2 ]
		[ "${#lines[@]}" -eq 1 ]
		[[ "$output" == "2048-solve: ${opt% *}: expected an integer from "*" to "*": '${opt#* }'" ]]
	done
	run 2048-solve --adaptive 3,2.5,8 < <(up_only)
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: --adaptive SUB: expected an integer from -15 to 15: '2.5'" ]
}

@test "the tool's ranges are the library's: a cutoff up to 0.5 everywhere" {
	run 2048-solve --cutoff 0.5 < <(up_only)
	[ "$status" -eq 0 ]
	for opt in "--cutoff 0.51" "--crowded 2,0.51" "--deepen 1,1,15,0.51"; do
		# shellcheck disable=SC2086
		run 2048-solve $opt < <(up_only)
		[ "$status" -eq 2 ]
		[[ "$output" == *"from 0 to 0.5: '0.51'" ]]
	done
}
