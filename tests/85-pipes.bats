#!/usr/bin/env bats
# shellcheck disable=SC2030,SC2031 # status, output: each test's own, set by run
# 85-pipes.bats - many processes at once: seeded pipelines of every stream
# tool, run side by side on the machine's cores, each give the bytes of
# the same pipeline run alone.  (bench/soak.sh runs 64.)
load helper
bats_require_minimum_version 1.5.0

# pipeline SEED: 50 games through two moves and spawns (each game its own
# seeded stream), then the solver's 1-ply move for each board (even
# seeds) or the evaluator's total (odd)
pipeline() {
	2048-new --seed "$1" --count 50 | 2048-move -cq left | 2048-spawn -cq |
	    2048-move -cq up | 2048-spawn -cq |
	    if [ $(($1 % 2)) -eq 0 ]; then
		2048-solve --depth 1 -q
	    else
		2048-eval --field total
	    fi
}

@test "16 seeded pipelines at once give the bytes of each run alone" {
	local T=$BATS_TEST_TMPDIR i
	for i in $(seq 16); do
		pipeline "$i" >"$T/alone.$i"
	done
	for i in $(seq 16); do
		pipeline "$i" >"$T/together.$i" &
	done
	wait
	for i in $(seq 16); do
		[ -s "$T/alone.$i" ]
		cmp "$T/alone.$i" "$T/together.$i"
	done
	# and the pipelines differ from each other: each is its own seed's
	if cmp -s "$T/alone.1" "$T/alone.2"; then false; fi
}

# variant SEED: the pipeline's stream of boards of other sizes with fours
# (3x3 and 2x4 with 20%, 5x5 with 30%), two moves and spawns, then the
# solver's move (even seeds, the 2-ply search) or the evaluator's total
variant() {
	{ 2048-new --seed "$1" --count 10 --size 3x3 --four 0.2 -c
	  2048-new --seed "$1" --count 10 --size 2x4 --four 0.2 -c
	  2048-new --seed "$1" --count 10 --size 5x5 --four 0.3 -c; } |
	    2048-move -cq left | 2048-spawn -cq | 2048-move -cq up |
	    2048-spawn -cq |
	    if [ $(($1 % 2)) -eq 0 ]; then
		2048-solve --depth 2 -q
	    else
		2048-eval --field total
	    fi
}

@test "16 seeded pipelines of 3x3, 2x4 and 5x5 boards with fours at once give the bytes of each alone" {
	local T=$BATS_TEST_TMPDIR i
	for i in $(seq 16); do
		variant "$i" >"$T/alone.$i"
	done
	for i in $(seq 16); do
		variant "$i" >"$T/together.$i" &
	done
	wait
	for i in $(seq 16); do
		[ "$(wc -l < "$T/alone.$i")" -eq 30 ]
		cmp "$T/alone.$i" "$T/together.$i"
	done
	if cmp -s "$T/alone.1" "$T/alone.3"; then false; fi
	if cmp -s "$T/alone.2" "$T/alone.4"; then false; fi
}

# full_then_bad TOOL ARGS...: TOOL on 20000 boards and a bad one, stdout
# on /dev/full: it must stop at the first failed write, with one message,
# never reaching the bad board (nor saying each board's warning first)
full_then_bad() {
	local T=$BATS_TEST_TMPDIR
	[ -s "$T/many" ] || {
		2048-new --seed 1 --count 20000 -c > "$T/many"
		printf '2 4 8\n' >> "$T/many"
	}
	run bash -c '"$@" < "$0" > /dev/full' "$T/many" "$@"
	echo "$*: $status $output"
	[ "$status" -eq 2 ]
	[ "$output" = "$1: write error: No space left on device" ]
}

@test "a failed write to stdout ends the tool at once, with one message" {
	local T=$BATS_TEST_TMPDIR
	2048-table -q -o "$T/2x2.tbl" --size 2x2
	full_then_bad 2048-move left
	full_then_bad 2048-move -c up
	full_then_bad 2048-spawn
	full_then_bad 2048-eval
	full_then_bad 2048-solve -d 1
	full_then_bad 2048-table --table "$T/2x2.tbl"
	# boards that cannot move: no warning before the write error
	for _ in $(seq 4000); do
		board '2 4 8 16' '4 8 16 32' '2 4 8 16' '4 8 16 32' ''
	done > "$T/stuck"
	[ "$(2048-move left "$T/stuck" 2>&1 > /dev/null | wc -l)" -eq 4000 ]
	run bash -c '2048-move left < "$0" > /dev/full' "$T/stuck"
	[ "$status" -eq 2 ]
	# the first board's warning comes before any write
	[ "${lines[0]}" = "2048-move: <stdin>:1: cannot move left" ]
	[ "${lines[1]}" = "2048-move: write error: No space left on device" ]
	[ "${#lines[@]}" -eq 2 ]
	# games: one message, not one for the game and one at the exit
	run bash -c '2048-solve --games 3 -d 1 --seed 1 > /dev/full'
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: write error: No space left on device" ]
	run bash -c '2048-new --seed 1 --count 3 | 2048-solve --play -d 1 > /dev/full'
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: write error: No space left on device" ]
}

@test "a slow search's answers are flushed as they come: a failed write stops it" {
	local T=$BATS_TEST_TMPDIR
	# a whole game's 364 boards, each searched at the default depth:
	# the write that fails comes after the first few, not after all
	2048-new --seed 5 | 2048-solve --play -d 1 > "$T/game"
	run bash -c '2048-solve --log "$0.log" "$0" > /dev/full' "$T/game"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: write error: No space left on device" ]
	[ "$(wc -l < "$T/game.log")" -lt 300 ]
}
