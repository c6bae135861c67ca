#!/usr/bin/env bats
# 61-solve-variants.bats - 2048-solve on boards of every size and spawn
# odds: every algorithm on 2x2, 3x3, 2x4, 5x5 and boards with `four`,
# chance nodes weighted by the board's own odds (against the other
# tools), games equal to the pipe loop, new games of a size and odds,
# the tables of finished games, and a net's 4x4 boards.
load helper

# expectimax two moves deep from the other tools alone: after the move
# $1, each spawn of 2048-spawn --all (with its probability, from the
# board's odds), the best 2048-eval total after a second move (a board
# with none is lost: 0); prints the mean
two_deep() {
	local dir=$1 d t=$BATS_TEST_TMPDIR/deep
	2048-move -q -c "$dir" > "$t.moved"
	2048-spawn --all -c < "$t.moved" > "$t.spawns"
	for d in up down left right; do
		2048-move -q -c "$d" < "$t.spawns" > "$t.$d.moved" || :
		cut -d' ' -f1 "$t.$d.moved" > "$t.$d"
		2048-eval -k total < "$t.$d.moved" > "$t.$d.value"
	done
	sed 's/.*prob=\([^ ]*\).*/\1/' "$t.spawns" |
	    paste -d' ' <(cut -d' ' -f1 "$t.spawns") - "$t.up" "$t.up.value" \
	    "$t.down" "$t.down.value" "$t.left" "$t.left.value" "$t.right" \
	    "$t.right.value" |
	    awk '{ best = "none"
		for (i = 3; i <= 9; i += 2)
			if ($i != $1 && (best == "none" || $(i + 1) > best + 0))
				best = $(i + 1)
		s += $2 * (best == "none" ? 0 : best) }
	    END { printf "%.3f\n", s }'
}

# the value --explain gives direction $1 (its lines on stdin)
explained() {
	awk -v d="$1" '/^  / && $1 == d { print $2 }'
}

# boards of the sizes of the issue, new games with one move made, one of
# them with a four header
sized_boards() {
	local size
	for size in 2x2 3x3 2x4 5x5; do
		2048-new --seed 11 --size "$size" -c | 2048-move -cq left |
		    2048-spawn -c
	done
	2048-new --seed 11 --size 3x3 --four 0.2 -c
	2048-new --seed 11 --four 0.9 -c
}

@test "every algorithm on 2x2, 3x3, 2x4, 5x5 and boards with four: a legal move each" {
	local algo b m
	sized_boards > "$BATS_TEST_TMPDIR/boards"
	for algo in expectimax minimax greedy random; do
		while read -r b; do
			m=$(2048-solve --algo "$algo" <<<"$b")
			[[ " $(2048-eval -k legal <<<"$b") " == *" $m "* ]]
		done < "$BATS_TEST_TMPDIR/boards"
		# one run over the stream: a move a board, in order (-q: the
		# sizes change on purpose, no warning)
		run 2048-solve -q --algo "$algo" --fast "$BATS_TEST_TMPDIR/boards"
		[ "$status" -eq 0 ]
		[ "${#lines[@]}" -eq 6 ]
	done
}

@test "every algorithm on every size: the only legal move; greedy the most score" {
	local algo
	for algo in expectimax minimax greedy random; do
		run 2048-solve --algo "$algo" < <(board '2 4 8' '4 8 2' '. . .')
		[ "$output" = down ]
		run 2048-solve --algo "$algo" < <(board '2 4 8 16' '. . . .')
		[ "$output" = down ]
		run 2048-solve --algo "$algo" < <(board '. . . . .' '. . . . .' \
		    '. . . . .' '. . . . .' '2 4 8 16 32')
		[ "$output" = up ]
		run 2048-solve --algo "$algo" < <(board '2 4' '2 8')
		[[ "$output" == up || "$output" == down ]]
	done
	# left and right score 20 (4 and 16), up and down nothing
	run 2048-solve --algo greedy --explain < <(board '2 2 4' '. . .' '8 8 .')
	[[ "${lines[0]}" == left || "${lines[0]}" == right ]]
	[ "$(explained left <<<"$output")" = 20.000 ]
	[ "$(explained up <<<"$output")" = 0.000 ]
}

@test "chance nodes weigh spawns by the board's odds: 3x3, 5x5 and 4x4 with four" {
	local b d want got four sizes s n=0
	# every size at 0.2; the ends of the odds, 0 and 1, on two; the
	# board as it is (--no-corner), as two_deep values it
	while read -r four sizes; do
		for s in $sizes; do
			b=$(2048-new --seed 6 --size "$s" --four "$four" -c)
			n=$((n + 1))
			2048-solve --depth 2 --cutoff 0 --tt-bits 0 --no-corner --explain \
			    <<<"$b" > "$BATS_TEST_TMPDIR/explain"
			for d in $(2048-eval -k legal <<<"$b"); do
				want=$(two_deep "$d" <<<"$b")
				got=$(explained "$d" < "$BATS_TEST_TMPDIR/explain")
				[ "$want" = "$got" ] || { echo "$b $d: $got, not $want"; false; }
			done
		done
	done <<-EOF
	0.2 3x3 2x4 5x5 4x4
	1 3x3 4x4
	0 2x4 4x4
	EOF
	[ "$n" -eq 8 ]
}

@test "the odds change the values: a 4x4 board with four 1 is not the default board" {
	local b=$BATS_TEST_TMPDIR/b
	2048-new --seed 6 -c > "$b"
	a=$(2048-solve --depth 2 --explain < "$b" | explained left)
	c=$(sed 's/ 0 0 / 0 0 four=1 /' "$b" | 2048-solve --depth 2 --explain |
	    explained left)
	[ -n "$a" ] && [ -n "$c" ] && [ "$a" != "$c" ]
}

# pipe_game N [2048-solve options] < board: the loop of
# examples/autoplay.sh (2048-solve | 2048-move | 2048-spawn) for at most
# N moves, in the compact form
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

# pipe_game_to_end FROM [2048-solve options] < board: the game 2048-solve
# --play makes from the board ($T/whole), from its FROM'th board on, is
# the pipe loop's from there ($T/play), to a board that cannot move
pipe_game_to_end() {
	local from=$1 T=$BATS_TEST_TMPDIR over=0
	shift
	2048-solve --play "$@" -c > "$T/whole"
	sed -n "${from}p" "$T/whole" > "$T/from"
	[ -s "$T/from" ]
	pipe_game 100000 "$@" < "$T/from" > "$T/loop"
	2048-solve --play "$@" -c < "$T/from" > "$T/play"
	cmp "$T/loop" "$T/play"
	tail -n "+$from" "$T/whole" | cmp - "$T/play"
	2048-solve -q < <(tail -n 1 "$T/play") || over=$?
	[ "$over" -eq 1 ]
}

@test "--play on a 5x5 board with 20% fours is the pipe loop, board for board" {
	local T=$BATS_TEST_TMPDIR
	2048-new --seed 5 --size 5x5 --four 0.2 -c > "$T/start"
	# the default search, the first 25 moves
	pipe_game 25 < "$T/start" > "$T/loop"
	2048-solve --play --moves 25 -c < "$T/start" > "$T/play"
	cmp "$T/loop" "$T/play"
	[ "$(wc -l < "$T/play")" -eq 26 ]
	grep -q ' four=0.2 ' "$T/play"
	# random moves to the game's end, from its 450th board (its first
	# 450 are some 1,350 processes of the loop): the last one over
	pipe_game_to_end 450 --algo random < "$T/start"
	[ "$(wc -l < "$T/whole")" -gt 500 ]
}

@test "--play on 2x2, 3x3 and 2x4: games to their end equal the pipe loop" {
	local T=$BATS_TEST_TMPDIR size from
	# the 3x3 and 2x4 games (193 and 85 boards) from a late board
	while read -r size from; do
		2048-new --seed 8 --size "$size" --four 0.3 -c |
		    pipe_game_to_end "$from" --fast
		[ "$(wc -l < "$T/play")" -gt 10 ]
	done <<-EOF
	2x2 1
	3x3 150
	2x4 50
	EOF
}

@test "--games --size --four plays the games of 2048-new --size --four --seed S, S+1 ..." {
	local a b c
	a=$(2048-new --seed 7 --count 3 --size 3x3 --four 0.2 |
	    2048-solve --play --final --fast --threads 1)
	b=$(2048-solve --games 3 --seed 7 --size 3x3 --four 0.2 --final --fast --threads 1)
	c=$(2048-solve --games 3 --seed 7 --size 3x3 -f 0.2 --final --fast --threads 2)
	[ "$a" = "$b" ]
	[ "$b" = "$c" ]
	[ "$(grep -c '^four 0.2' <<<"$a")" -eq 3 ]
	# the size alone keeps the default odds; 4x4 is the classic game
	[ "$(2048-solve --games 1 --seed 7 --size 4x4 --final --depth 1)" = \
	    "$(2048-solve --games 1 --seed 7 --final --depth 1)" ]
	run 2048-solve --games 1 --seed 7 --size 2x3 --final --depth 1
	[ "${#lines[@]}" -ge 4 ]
	[[ "$output" != *four* ]]
}

@test "--summary and --tally count a small board's tiles up to its largest" {
	local T=$BATS_TEST_TMPDIR
	2048-solve --games 4 --seed 1 --size 3x3 --fast --final -c > "$T/finals"
	run 2048-solve --tally "$T/finals"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "games         4" ]
	# 3x3: 4 ... 1024, the largest tile a 3x3 game can make
	[ "$(grep -c '^[0-9]* *[0-9]* *[0-9.]* *[0-9.]*-' <<<"$output")" -eq 9 ]
	[[ "${lines[6]}" == "4 "* ]]
	[[ "${lines[14]}" == "1024 "* ]]
	[ "$(2048-solve --games 4 --seed 1 --size 3x3 --fast --summary |
	    grep -v -e '^moves/s' -e '^ms/move' -e '^nodes/s' -e '^deepened' \
	    -e '^evaluator')" = "$output" ]
	run 2048-solve --tally --json "$T/finals"
	[[ "$output" == *'"tiles":[{"tile":4,'* ]]
	[[ "$output" == *'{"tile":1024,'* ]]
	# 2x2: 2 ... 32
	run 2048-solve --games 3 --seed 1 --size 2x2 --depth 2 --summary
	[[ "$output" == *$'\n2 '*$'\n32 '* ]]
	[[ "$output" != *$'\n64 '* ]]
}

@test "--explain, --json and --log on a 5x5 board with fours" {
	local T=$BATS_TEST_TMPDIR
	2048-new --seed 2 --size 5x5 --four 0.2 -c > "$T/b"
	run 2048-solve --explain --depth 2 "$T/b"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 8 ]
	[[ "${lines[5]}" == "  search depth 2 nodes "* ]]
	[[ "${lines[6]}" == "  margin "*" over "* ]]
	[ "${lines[7]}" = "  evaluator lines" ]
	run 2048-solve --json --explain --depth 2 "$T/b"
	[[ "$output" == '{"move":"'* ]]
	[[ "$output" == *'"depth":2,'* ]]
	2048-solve --play --moves 3 --log "$T/log" --depth 1 "$T/b" > /dev/null
	[ "$(wc -l < "$T/log")" -eq 3 ]
	grep -q '^[0-9/]* 0 0 four=0.2 seed=2 draws=4	[a-z]*	up=' "$T/log"
}

@test "the switches of the general path: threads, the table, the time budget" {
	local b m
	b=$(2048-new --seed 4 --size 5x5 --four 0.2 -c | 2048-move -c left | 2048-spawn -c)
	m=$(2048-solve --threads 1 --explain --depth 3 <<<"$b" | sed 's/ time .*//')
	[ "$(2048-solve --threads 4 --explain --depth 3 <<<"$b" | sed 's/ time .*//')" = "$m" ]
	# the table saves nodes and keeps the move
	n0=$(2048-solve --tt-bits 0 --explain --depth 4 <<<"$b" | sed -n 's/.* nodes \([0-9]*\).*/\1/p')
	n1=$(2048-solve --explain --depth 4 <<<"$b" | sed -n 's/.* nodes \([0-9]*\).*/\1/p')
	[ "$n1" -lt "$n0" ]
	[ "$(2048-solve --tt-bits 0 --depth 4 <<<"$b")" = "$(2048-solve --depth 4 <<<"$b")" ]
	run 2048-solve --time 50 --explain <<<"$b"
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" == "  search depth "* ]]
	# an 8x8 board at the default: a search within its leaves' budget
	run 2048-solve --explain --threads 1 < <(2048-new --seed 4 --size 8x8)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" =~ ^\ \ search\ depth\ [1-3]\  ]]
}

@test "a net values 4x4 boards: --net on another size is an error; the default net leaves it to the heuristic" {
	local T=$BATS_TEST_TMPDIR
	2048-learn --net 0123 --save "$T/n" --games 1 --seed 1 --threads 1 -q
	{ 2048-new --seed 1; echo; 2048-new --seed 1 --size 3x3; } > "$T/boards"
	run 2048-solve -q --net "$T/n" --depth 1 "$T/boards"
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "${lines[1]}" = "2048-solve: $T/boards:10: --net: the net values 4x4 boards, not 3x3" ]
	run 2048-solve --net "$T/n" --games 1 --size 5x5
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == *"the net values 4x4 boards, not the 5x5 of --size"* ]]
	# the default net (--fast): the 4x4 board by the net, the 3x3 by the
	# heuristic's --fast setting
	run env G2048_NET="$T/n" 2048-solve --fast --explain "$T/boards"
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator net $T/n"* ]]
	[[ "$output" == *"evaluator lines"* ]]
	[ "$(2048-solve --fast < <(2048-new --seed 1 --size 3x3))" = \
	    "$(G2048_NET="$T/n" 2048-solve --fast < <(2048-new --seed 1 --size 3x3))" ]
	run env G2048_NET="$T/n" 2048-solve --fast --games 1 --size 2x2 --summary
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator     lines"* ]]
}

@test "--fast with --cache DIR plays by the chain tables it computes: the heuristic, not the default net" {
	local T=$BATS_TEST_TMPDIR
	2048-learn --net 0123 --save "$T/n" --games 1 --seed 1 --threads 1 -q
	2048-new --seed 1 > "$T/board"
	# no cache (G2048_CACHE empty): the default net
	run env G2048_NET="$T/n" 2048-solve --fast --explain "$T/board"
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator net $T/n"* ]]
	# the cache --cache names, wherever it stands, as the default one
	run env G2048_NET="$T/n" 2048-solve --cache "$T/cache" --fast \
	    --explain "$T/board"
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator lines"* ]]
	run env G2048_NET="$T/n" 2048-solve --fast --cache "$T/cache" \
	    --no-cache --explain "$T/board"
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator net $T/n"* ]]
}

@test "--until: a game ends at its first board with the tile, as played whole" {
	local T=$BATS_TEST_TMPDIR s k
	for s in 4 5; do
		2048-solve --games 1 --seed "$s" --size 3x3 --fast -c > "$T/whole"
		# the first board with a 64 (rank 6) or more, not the last
		k=$(awk '$1 ~ /[6-9a-f]/ { print NR; exit }' "$T/whole")
		[ -n "$k" ]
		[ "$k" -lt "$(wc -l < "$T/whole")" ]
		2048-solve --games 1 --seed "$s" --size 3x3 --fast -c \
		    --until 64 | cmp - <(head -n "$k" "$T/whole")
		2048-solve --games 1 --seed "$s" --size 3x3 --fast -c \
		    --until 0 | cmp - "$T/whole"
		# --play stops the same game at the same board
		2048-new --seed "$s" --size 3x3 -c |
		    2048-solve --play --fast -c --until 64 --final |
		    cmp - <(sed -n "${k}p" "$T/whole")
	done
	# --summary counts the games that reached it, and lists no tile
	# past it, which no game could reach; nor does --json
	run 2048-solve --games 2 --seed 4 --size 3x3 --fast --until 64 --summary
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "64            2   100.0  "* ]]
	[[ "$output" != *$'\n128 '* ]]
	run 2048-solve --games 2 --seed 4 --size 3x3 --fast --until 64 --summary -J
	[ "$status" -eq 0 ]
	[ "$(jq -c '[.tiles[].tile] | .[-1]' <<< "$output")" = 64 ]
	# --tally --until: the same table of the games' final boards
	2048-solve --games 2 --seed 4 --size 3x3 --fast --until 64 --final > "$T/final"
	run 2048-solve --tally --until 64 "$T/final"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == "64            2   100.0  "* ]]
	[ "$(2048-solve --tally --until 64 -J "$T/final" |
	    jq -c '[.tiles[].tile] | .[-1]')" = 64 ]
}

@test "--size, --four, --moves and --until: their ranges, and where they apply" {
	for args in "--games 1 --size 9x9" "--games 1 --size 1x4" \
	    "--games 1 --size 4x" "--games 1 --four 1.5" "--games 1 --four -0.1" \
	    "--games 1 --moves 0" "--size 3x3" "--four 0.2" "--moves 5" \
	    "--games 1 --until 2" "--games 1 --until 100" \
	    "--games 1 --until 262144" "--until 64"; do
		# shellcheck disable=SC2086
		run 2048-solve $args < <(2048-new --seed 1)
		[ "$status" -eq 2 ]
		[[ "${lines[0]}" == "2048-solve: "* ]]
	done
}

@test "the pattern tables are of the 4x4 board: other sizes search" {
	local T=$BATS_TEST_TMPDIR b
	mkdir "$T/tables"
	b=$(2048-new --seed 3 --size 3x3 -c)
	# the same search; only the line of why no exact table decided
	# differs (tests/88-solve-tables.bats)
	[ "$(2048-solve --tables "$T/tables" --explain --depth 2 <<<"$b" |
	    sed 's/ time .*//; /^  exact: /d')" = \
	    "$(2048-solve --no-tables --explain --depth 2 <<<"$b" |
	    sed 's/ time .*//; /^  exact: /d')" ]
}
