#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 92-examples.bats - every script in examples/ runs as a newcomer runs it:
# from a checkout after make, with none of the tools in PATH (the script
# puts the checkout's bin/ first), on a short setting; and with a tool
# missing it stops loudly (exit 2, a message), never with a wrong result.
load helper

# the PATH of a newcomer: the system's commands, none of 2048-tools
SYSTEM_PATH=/usr/bin:/bin

setup() {
	local bin=${BIN_DIR:-$ROOT_DIR/bin}

	# a checkout after make: examples/ and bin/ (the tools under test)
	TREE=$BATS_TEST_TMPDIR/tree
	mkdir -p "$TREE"
	cp -R "$ROOT_DIR/examples" "$TREE/"
	ln -s "$bin" "$TREE/bin"
	# the same without bin/: make not run
	BARE=$BATS_TEST_TMPDIR/bare
	mkdir -p "$BARE"
	cp -R "$ROOT_DIR/examples" "$BARE/"
	if PATH=$SYSTEM_PATH command -v 2048-new >/dev/null; then
		skip "2048-tools are installed in $SYSTEM_PATH"
	fi
}

# example NAME [ARG ...]: run examples/NAME in the checkout, newcomer's PATH
example() {
	local name=$1
	shift
	PATH=$SYSTEM_PATH "$TREE/examples/$name" "$@"
}

# missing NAME TOOL [ARG ...]: examples/NAME without bin/ stops at TOOL
missing() {
	local name=$1 tool=$2
	shift 2
	run env PATH=$SYSTEM_PATH "$BARE/examples/$name" "$@"
	echo "$output"
	[ "$status" -eq 2 ]
	[ "$output" = "$BARE/examples/$name: $tool not found: run make in the checkout (it builds the tools into bin/), or put 2048-tools in PATH" ]
}

@test "every example has its test here" {
	local f name untested=""
	for f in "$ROOT_DIR"/examples/*.sh; do
		name=${f##*/}
		grep -q "@test \"$name " "$BATS_TEST_FILENAME" ||
		    untested="$untested $name"
	done
	echo "untested:$untested"
	[ -z "$untested" ]
}

@test "random-game.sh runs from the checkout: a whole game, the last over" {
	# seed 4: a short game (79 boards)
	example random-game.sh 4 > "$BATS_TEST_TMPDIR/game" 2> "$BATS_TEST_TMPDIR/err"
	[ "$(cat "$BATS_TEST_TMPDIR/err")" = "game over" ]
	[ "$(grep -c '^score' "$BATS_TEST_TMPDIR/game")" -eq 79 ]
	awk 'BEGIN { RS = "" } END { print }' "$BATS_TEST_TMPDIR/game" \
	    > "$BATS_TEST_TMPDIR/last"
	run 2048-eval -k over "$BATS_TEST_TMPDIR/last"
	[ "$output" = yes ]
	missing random-game.sh 2048-new 4
}

@test "autoplay.sh runs from the checkout: the trace of 2048-solve --play" {
	# seed 17 with random moves: a short game (55 boards); no table to
	# clear (--tt-bits 0), as each of its 2048-solve runs is one move
	example autoplay.sh 17 --algo random --tt-bits 0 > "$BATS_TEST_TMPDIR/loop"
	2048-new --seed 17 | 2048-solve --play --algo random \
	    > "$BATS_TEST_TMPDIR/play"
	cmp "$BATS_TEST_TMPDIR/loop" "$BATS_TEST_TMPDIR/play"
	[ "$(grep -c '^score' "$BATS_TEST_TMPDIR/loop")" -eq 55 ]
	missing autoplay.sh 2048-new 17 --algo random
}

@test "autoplay.sh stops at an error of 2048-solve, with its status" {
	run example autoplay.sh 3 --depth 99
	[ "$status" -eq 2 ]
	[[ "$output" == *"2048-solve: --depth: expected an integer from 1 to"* ]]
	# the first board, then nothing more
	[ "$(grep -c '^score' <<<"$output")" -eq 1 ]
}

@test "tournament.sh runs from the checkout: its table counts every game" {
	PATH=$SYSTEM_PATH command -v parallel >/dev/null ||
	    skip "GNU parallel is not installed"
	JOBS=2 CHUNK=2 run example tournament.sh 4 1 -- --depth 1
	[ "$status" -eq 0 ]
	[[ "$output" == "games "*4* ]]
	missing tournament.sh 2048-new 4 1 -- --depth 1
}

@test "tournament.sh fails when jobs end without their games" {
	PATH=$SYSTEM_PATH command -v parallel >/dev/null ||
	    skip "GNU parallel is not installed"
	# a 2048-new that fails, as on a host where it is not in PATH: the
	# jobs' pipes still end well, with no games
	mkdir -p "$BATS_TEST_TMPDIR/broken"
	ln -s "$TREE/bin/2048-solve" "$BATS_TEST_TMPDIR/broken/"
	printf '#!/bin/sh\nexit 127\n' > "$BATS_TEST_TMPDIR/broken/2048-new"
	chmod +x "$BATS_TEST_TMPDIR/broken/2048-new"
	JOBS=2 CHUNK=2 run env PATH="$BATS_TEST_TMPDIR/broken:$SYSTEM_PATH" \
	    "$BARE/examples/tournament.sh" 4 1 -- --depth 1
	echo "$output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"tournament.sh: 0 of 4 games finished"* ]]
}

@test "weights-experiment.sh runs from the checkout: every game counted" {
	GAMES=3 DEPTH=1 THREADS=1 run example weights-experiment.sh
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	# each row's games, by largest tile, add up to GAMES
	awk 'NR > 1 { s = 0; for (i = 2; i <= 7; i++) s += $i
	    if (s != 3) exit 1 }' <<<"$output"
	GAMES=3 missing weights-experiment.sh 2048-solve
}

@test "weights-experiment.sh stops at an error of 2048-solve, no table of zeros" {
	GAMES=3 DEPTH=99 run example weights-experiment.sh
	[ "$status" -eq 2 ]
	[[ "$output" == *"2048-solve: --depth: expected an integer"* ]]
	[[ "$output" != *"mono="* ]]
}

@test "learning-curve.sh draws a curve; without gnuplot it says so" {
	2048-learn --net 0123,4567 --save "$BATS_TEST_TMPDIR/n" --games 200 \
	    --block 100 --seed 1 --threads 1 -q --log "$BATS_TEST_TMPDIR/c.tsv"
	if PATH=$SYSTEM_PATH command -v gnuplot >/dev/null; then
		run example learning-curve.sh "$BATS_TEST_TMPDIR/c.tsv"
		[ "$status" -eq 0 ]
		[ "$output" = "$BATS_TEST_TMPDIR/c.png" ]
		[ -s "$BATS_TEST_TMPDIR/c.png" ]
	fi
	# an empty PATH: no gnuplot (its check needs no other command)
	mkdir -p "$BATS_TEST_TMPDIR/empty"
	run env PATH="$BATS_TEST_TMPDIR/empty" /bin/sh \
	    "$TREE/examples/learning-curve.sh" "$BATS_TEST_TMPDIR/c.tsv"
	[ "$status" -eq 2 ]
	[[ "$output" == *"gnuplot is not installed"* ]]
}

@test "tournament-plot.sh draws the JSON table of 2048-solve as a PNG" {
	local t=$BATS_TEST_TMPDIR
	PATH=$SYSTEM_PATH command -v jq >/dev/null || skip "jq is not installed"
	2048-solve --games 6 --seed 1 --depth 1 --summary --json > "$t/t.json"
	if PATH=$SYSTEM_PATH command -v gnuplot >/dev/null; then
		run example tournament-plot.sh "$t/t.json"
		[ "$status" -eq 0 ]
		[ "$output" = "$t/t.png" ]
		[ "$(head -c 4 "$t/t.png" | tail -c 3)" = PNG ]
		# from stdin, to a name given
		run example tournament-plot.sh - "$t/u.png" < "$t/t.json"
		[ "$status" -eq 0 ]
		[ -s "$t/u.png" ]
		# the text table is not its input
		2048-solve --games 2 --seed 1 --depth 1 --summary > "$t/text"
		run example tournament-plot.sh "$t/text" "$t/v.png"
		[ "$status" -eq 2 ]
		[[ "$output" == *"is not the JSON table of a tournament"* ]]
		[ ! -e "$t/v.png" ]
	fi
	mkdir -p "$t/empty"
	run env PATH="$t/empty" /bin/sh "$TREE/examples/tournament-plot.sh" "$t/t.json"
	[ "$status" -eq 2 ]
	[[ "$output" == *"is not installed"* ]]
}

# A whole game or more, and what it costs: "1 s", "3 min", "an hour" ...
WHOLE='--play|--games [0-9]|autoplay\.sh|tournament\.sh [0-9]|weights-experiment\.sh|random-game\.sh'
COST='([0-9][0-9.,]* ?(ms|s|min|minutes?|h|hours?|seconds?)|an? (second|minute|hour)|hours|minutes|seconds)([^a-z]|$)'
# and what it was measured as: CPU time (user + sys, which the machine's
# load barely changes), or the cores and load it took that long on
BASIS='of CPU|of (a|one|two|all|busy) cores?|of two busy cores|on two (busy )?cores|at a load|a quiet machine'

@test "every whole-game example of README.md says what it costs, on its line" {
	local bad
	bad=$(awk '/^```sh/ { f = 1; next } /^```/ { f = 0 } f' "$ROOT_DIR/README.md" |
	    grep -E -- "$WHOLE" | grep -vE -- "$COST") || true
	echo "$bad"
	[ -z "$bad" ]
	# and says what the time is: CPU time, or what it was measured on
	bad=$(awk '/^```sh/ { f = 1; next } /^```/ { f = 0 } f' "$ROOT_DIR/README.md" |
	    grep -E -- "$WHOLE" | grep -vE -- "$BASIS") || true
	echo "$bad"
	[ -z "$bad" ]
}

@test "every whole-game example of the pages' EXAMPLES says what it costs, in its words" {
	local page bad
	for page in "$ROOT_DIR"/man/*.[1357]; do
		# the words since the last example, then the example: a line of
		# it that plays a game wants a cost in one or the other
		awk -v whole="$WHOLE" -v cost="$COST" -v basis="$BASIS" \
		    -v p="${page##*/}" '
		    /^\.Sh / { ex = $2 == "EXAMPLES"; words = ""; next }
		    !ex { next }
		    /^\.Bd -literal/ { lit = 1; seen = words; next }
		    /^\.Ed/ { lit = 0; words = ""; next }
		    lit || /^\.Dl / {
			if ($0 ~ whole && (seen $0) !~ cost)
				print p ": " $0
			else if ($0 ~ whole && (seen $0) !~ basis)
				print p ": " $0 " (CPU time, or on what?)"
			if (!lit)
				words = ""
			next
		    }
		    { words = words " " $0; seen = words }' "$page"
	done > "$BATS_TEST_TMPDIR/bad"
	bad=$(cat "$BATS_TEST_TMPDIR/bad")
	echo "$bad"
	[ -z "$bad" ]
}

@test "every example script that plays games says what it costs" {
	local f bad=""
	for f in autoplay.sh random-game.sh tournament.sh weights-experiment.sh; do
		sed -n '2,/^[^#]/p' "$ROOT_DIR/examples/$f" | grep -qE -- "$COST" ||
		    bad="$bad $f"
		sed -n '2,/^[^#]/p' "$ROOT_DIR/examples/$f" | tr -s '#\n ' '   ' |
		    grep -qE -- "$BASIS" || bad="$bad $f(CPU time, or on what?)"
	done
	echo "no cost:$bad"
	[ -z "$bad" ]
}

@test "README's and autoplay.sh's move counts of game 7 are the tree's" {
	local depth1 fast nochain flat t=$BATS_TEST_TMPDIR/tables
	flat=$(tr -s ' \n' '  ' < "$ROOT_DIR/README.md")
	depth1=$(($(2048-new --seed 7 | 2048-solve --play --depth 1 --compact | wc -l) - 1))
	[[ "$flat" == *"autoplay.sh 7 --depth 1\` plays game 7 ($depth1 moves)"* ]]
	grep -q "(game 7: $depth1 moves" "$ROOT_DIR/examples/autoplay.sh"
	[ "${SANITIZED:-0}" = 0 ] || skip "two games of --fast: the plain suite's"
	# out of the box: the chain digest of the checkout, no other table
	mkdir "$t"
	ln -s "$ROOT_DIR/tables/chain.digest" "$t/chain.digest"
	fast=$(2048-new --seed 7 | G2048_TABLES=$t 2048-solve --play --fast --compact | wc -l)
	fast=$(printf '%d' $((fast - 1)) | sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta')
	nochain=$(($(2048-new --seed 7 | G2048_TABLES=$t 2048-solve --play --fast --no-chain --compact | wc -l) - 1))
	[[ "$flat" == *"autoplay.sh 7 --fast --no-cache\` plays its $fast moves"* ]]
	[[ "$flat" == *"\`--no-chain\` its $nochain moves"* ]]
	grep -q "with --fast --no-cache, game 7 is $fast moves" "$ROOT_DIR/examples/autoplay.sh"
}
