#!/usr/bin/env bats
# 85-pipes.bats - many processes at once: seeded pipelines of every stream
# tool, run side by side on the machine's cores, each give the bytes of
# the same pipeline run alone.  (bench/soak.sh runs 64.)
load helper

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
