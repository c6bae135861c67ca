#!/usr/bin/env bats
# shellcheck disable=SC2154 # stderr: set by run --separate-stderr
# 80-learn.bats - 2048-learn: options, the net file it writes, same bytes
# from a seed, resuming (also after SIGINT) as if never stopped, progress
# and the learning curve.  Nets here are tiny, trained in a second.
# One file of over 500 lines: one bats file a tool (tests/NN-tool.bats).
load helper
bats_require_minimum_version 1.5.0

setup() {
	T=$(mktemp -d)
}

teardown() {
	rm -rf "$T"
}

# a tiny net: two 4-tuples (2 x 65536 weights, 512 KiB)
TINY=(--net "0123,4567")

header() {
	head -c 4096 "$1" | tr -d '\0'
}

@test "--help and --version" {
	run 2048-learn --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"--save FILE"* ]]
	run 2048-learn --version
	[ "$status" -eq 0 ]
	[[ "$output" == "2048-learn (2048-tools) "* ]]
}

@test "usage errors exit 2 with one message" {
	run 2048-learn --games 10
	[ "$status" -eq 2 ]
	[[ "$output" == *"no --save FILE"* ]]
	run 2048-learn --save "$T/a" --net 0g12
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: tuple '0g12': cells are hex digits 0-f in reading order" ]
	run 2048-learn --save "$T/a" --alpha 2
	[ "$status" -eq 2 ]
	[[ "$output" == *"--alpha: expected a number from"* ]]
	run 2048-learn --save "$T/a" --threads 0
	[ "$status" -eq 2 ]
	[[ "$output" == *"--threads: expected an integer from 1 to 64"* ]]
	run 2048-learn --save "$T/a" --load "$T/a" --net 4x6
	[ "$status" -eq 2 ]
	run 2048-learn --save "$T/a" --stages 32768,16384
	[ "$status" -eq 2 ]
	[[ "$output" == *"larger tile"* ]]
	[ ! -e "$T/a" ]
}

@test "writes a net file with its header: structure and training" {
	run 2048-learn "${TINY[@]}" --save "$T/a.net" --games 300 --seed 5 --threads 1 -q
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	header "$T/a.net" > "$T/h"
	grep -qx '2048-net 2' "$T/h"
	grep -qx 'blocks 4096' "$T/h"
	grep -qx 'tuples 0123 4567' "$T/h"
	grep -qx 'stages 1' "$T/h"
	grep -qx 'weights 131072 f32le' "$T/h"
	grep -qx 'games 300' "$T/h"
	grep -qx 'seed 5' "$T/h"
	grep -qx 'train td alpha=0.1 lambda=0 tc=0 optimistic=0 threads=1' "$T/h"
	grep -q '^checksum [0-9]*$' "$T/h"
	[ "$(stat -c %s "$T/a.net")" -eq $((4096 + 131072 * 4 + 128 * 8)) ]
	# nothing else: no temporary file left
	[ "$(cd "$T" && echo *)" = "a.net h" ]
}

@test "--threads 1 with a seed gives the same bytes; another seed does not" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 400 --seed 9 --threads 1 -q
	2048-learn "${TINY[@]}" --save "$T/b" --games 400 --seed 9 --threads 1 -q
	2048-learn "${TINY[@]}" --save "$T/c" --games 400 --seed 10 --threads 1 -q
	cmp "$T/a" "$T/b"
	run ! cmp -s "$T/a" "$T/c"
}

@test "each switch is recorded and changes what is learnt" {
	local sw n=0
	2048-learn "${TINY[@]}" --save "$T/base" --games 200 --seed 1 --threads 1 -q
	for sw in "--tc" "--lambda 0.5" "--optimistic 50000" "--alpha 0.05" \
	    "--stages 256" "--restart 128,256"; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # the switch and its value
		2048-learn "${TINY[@]}" $sw --save "$T/v$n" --games 200 --seed 1 \
		    --threads 1 -q
		run ! cmp -s "$T/base" "$T/v$n"
	done
	header "$T/v1" | grep -qx 'tc 1'
	header "$T/v1" | grep -q 'alpha=1 lambda=0 tc=1'
	header "$T/v2" | grep -q 'lambda=0.5'
	header "$T/v3" | grep -q 'optimistic=50000'
	header "$T/v5" | grep -qx 'stages 2 256'
	header "$T/v6" | grep -q ' restart=128,256$'
	[ "$(stat -c %s "$T/v1")" -eq $((4096 + 3 * 131072 * 4 + 384 * 8)) ]
	[ "$(stat -c %s "$T/v5")" -eq $((4096 + 2 * 131072 * 4 + 256 * 8)) ]
}

@test "--load goes on: 200 + 200 games equal 400 in one run" {
	local sw
	for sw in "" "--tc" "--lambda 0.5"; do
		rm -f "$T"/*
		# shellcheck disable=SC2086
		2048-learn "${TINY[@]}" $sw --save "$T/whole" --games 400 --seed 3 \
		    --threads 1 -q
		# shellcheck disable=SC2086
		2048-learn "${TINY[@]}" $sw --save "$T/part" --games 200 --seed 3 \
		    --threads 1 -q
		header "$T/part" | grep -qx 'games 200'
		# the file says how it was trained: no need to say it again
		2048-learn --load "$T/part" --save "$T/part" --games 200 \
		    --threads 1 -q
		header "$T/part" | grep -qx 'games 400'
		cmp "$T/whole" "$T/part"
	done
}

@test "--restart: checked, scored on new games only, resumed by --load" {
	run -2 2048-learn "${TINY[@]}" --save "$T/r" --restart 256,128
	[ "${lines[0]}" = "2048-learn: --restart '256,128': expected at most 4 increasing tiles from 4 to 131072, such as 8192,16384" ]
	run -2 2048-learn "${TINY[@]}" --save "$T/r" --restart 2
	run -2 2048-learn "${TINY[@]}" --save "$T/r" --restart 8,16,32,64,128
	# two games in three begin at 128 or 256 once one was made: the
	# block's scores and tiles are those of the games begun new
	2048-learn "${TINY[@]}" --restart 128,256 --save "$T/r" --games 300 \
	    --seed 4 --threads 1 --block 100 --log "$T/curve.tsv" -q
	[ "$(awk -F'\t' 'NR == 4 { print $12 }' "$T/curve.tsv")" -eq 33 ]
	awk -F'\t' 'NR > 1 && ($12 < 33 || $12 > 100) { bad = 1 }
	    END { exit bad }' "$T/curve.tsv"
	2048-learn --load "$T/r" --save "$T/r2" --games 10 --threads 1 -q
	header "$T/r2" | grep -q ' restart=128,256$'
	2048-learn --load "$T/r" --restart 512 --save "$T/r3" --games 10 \
	    --threads 1 -q
	header "$T/r3" | grep -q ' restart=512$'
}

@test "--load with --stages splits a net: each stage starts as the net" {
	2048-learn "${TINY[@]}" --tc --save "$T/one" --games 300 --seed 5 \
	    --threads 1 -q
	2048-learn --load "$T/one" --stages 128 --save "$T/two" --games 0 -q
	header "$T/two" | grep -qx 'stages 2 128'
	header "$T/two" | grep -qx 'games 300'
	header "$T/two" | grep -qx 'tc 1'
	# before training, boards of either stage are valued as by the one stage
	local boards="1234012300120001 0 0
6712300010002001 0 0"
	[ "$(echo "$boards" | 2048-eval --net "$T/one" -k total)" = \
	    "$(echo "$boards" | 2048-eval --net "$T/two" -k total)" ]
	# training then changes the stages apart, and goes on from 300 games
	2048-learn --load "$T/one" --stages 128 --save "$T/trained" --games 100 \
	    --threads 1 -q
	header "$T/trained" | grep -qx 'games 400'
	[ "$(echo "$boards" | 2048-eval --net "$T/one" -k total)" != \
	    "$(echo "$boards" | 2048-eval --net "$T/trained" -k total)" ]
	run -2 2048-learn --load "$T/two" --stages 256 --save "$T/three" -q
	[ "$output" = "2048-learn: $T/two: stages: the net already has stages (2 128); only a net of one stage is split into stages" ]
	run -2 2048-learn --load "$T/one" --net 4x6 --save "$T/three" -q
}

@test "--export writes the net without its training state" {
	2048-learn "${TINY[@]}" --tc --save "$T/full" --export "$T/play" --games 200 \
	    --seed 3 --threads 1 -q
	header "$T/full" | grep -qx 'tc 1'
	header "$T/play" | grep -qx 'tc 0'
	[ "$(stat -c %s "$T/full")" -eq $((4096 + 3 * 131072 * 4 + 384 * 8)) ]
	[ "$(stat -c %s "$T/play")" -eq $((4096 + 131072 * 4 + 128 * 8)) ]
	# the same weights: the same values
	board '2 4 8 16' '. . . 2' '. 4 . .' '. . . .' > "$T/b"
	[ "$(2048-eval --net "$T/full" -k total "$T/b")" = \
	    "$(2048-eval --net "$T/play" -k total "$T/b")" ]
	# --export alone is enough
	run 2048-learn "${TINY[@]}" --export "$T/only" --games 10 -q
	[ "$status" -eq 0 ]
	[ -f "$T/only" ]
}

@test "--every saves along the way; the run's result is unchanged" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 600 --seed 4 --threads 1 -q
	2048-learn "${TINY[@]}" --save "$T/b" --games 600 --seed 4 --threads 1 \
	    --every 100 -q
	cmp "$T/a" "$T/b"
}

@test "SIGINT saves the net; --load then ends where an unbroken run ends" {
	# 8000 games: a few seconds, so that the signal comes in the middle
	2048-learn "${TINY[@]}" --save "$T/whole" --games 8000 --seed 6 --threads 1 -q
	2048-learn "${TINY[@]}" --save "$T/part" --games 8000 --seed 6 --threads 1 \
	    -q 2>"$T/err" &
	local pid=$! games status=0
	sleep 0.5
	kill -INT $pid
	wait $pid || status=$?
	[ "$status" -eq 1 ]
	grep -q "interrupted after [0-9]* games, [0-9]* left; saved to $T/part" "$T/err"
	games=$(header "$T/part" | sed -n 's/^games //p')
	echo "stopped after $games games"
	[ "$games" -gt 0 ] && [ "$games" -lt 8000 ]
	# the message says how to go on, with the games left (--load alone
	# would train 10000)
	grep -qF "go on with --load $T/part --games $((8000 - games))" "$T/err"
	2048-learn --load "$T/part" --save "$T/part" --games $((8000 - games)) \
	    --threads 1 -q
	cmp "$T/whole" "$T/part"
}

@test "SIGTERM with two threads saves a whole file" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 1000000 --threads 2 -q &
	local pid=$! status=0
	sleep 0.5
	kill -TERM $pid
	wait $pid || status=$?
	[ "$status" -eq 1 ]
	2048-learn --load "$T/a" --save "$T/b" --games 1 -q
	# no temporary file left
	[ "$(cd "$T" && echo *)" = "a b" ]
}

@test "a damaged net file is one clear error, exit 2" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 10 --seed 1 -q
	head -c 5000 "$T/a" > "$T/cut"
	run 2048-learn --load "$T/cut" --save "$T/b" --games 1
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: $T/cut: truncated: fewer weights than its header says" ]
	printf 'hello\n' > "$T/text"
	run 2048-learn --load "$T/text" --save "$T/b"
	[ "$status" -eq 2 ]
	[[ "$output" == *"truncated: shorter than a net file's header"* ]]
	run 2048-learn --load "$T/missing" --save "$T/b"
	[ "$status" -eq 2 ]
	[[ "$output" == *"No such file or directory"* ]]
	[ ! -e "$T/b" ]
	# a FIFO is refused, not waited on
	mkfifo "$T/fifo.net"
	run -2 timeout 60 2048-learn --load "$T/fifo.net" --save "$T/b"
	[ "$output" = "2048-learn: $T/fifo.net: not a regular file" ]
	run -2 timeout 60 2048-solve --net "$T/fifo.net" < <(2048-new --seed 1)
	[ "$output" = "2048-solve: $T/fifo.net: not a regular file" ]
}

@test "a save that cannot be written keeps the old file and says so" {
	[ "$(id -u)" -ne 0 ] || skip "root writes into a read-only directory"
	mkdir "$T/ro"
	2048-learn "${TINY[@]}" --save "$T/ro/a" --games 10 --seed 1 -q
	cp "$T/ro/a" "$T/old"
	chmod 555 "$T/ro"
	run 2048-learn "${TINY[@]}" --save "$T/ro/a" --games 10 --seed 2 -q
	chmod 755 "$T/ro"
	[ "$status" -eq 2 ]
	[[ "$output" == *"the previous file is kept"* ]]
	cmp "$T/old" "$T/ro/a"
}

@test "a save cut short by a full disk keeps the old file and says so" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 10 --seed 1 -q
	cp "$T/a" "$T/old"
	# a file size limit of 200 KiB: the new file's write fails midway
	run bash -c "ulimit -f 200; 2048-learn --net 0123,4567 --save '$T/a' --games 10 \
	    --seed 2 -q"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$T/a: File too large (the previous file is kept)" ]]
	cmp "$T/old" "$T/a"
	[ "$(cd "$T" && echo *)" = "a old" ]
}

@test "progress: a line a block, and the learning curve as TSV" {
	run 2048-learn "${TINY[@]}" --save "$T/a" --games 300 --block 100 --seed 1 \
	    --threads 1 --log "$T/curve.tsv"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == "2048-learn: games 100/300  "*" elapsed, "*" left  "*"M moves/s  mean "* ]]
	[[ "${lines[2]}" == *"elapsed, 0:00 left  "*"  2048:"*"%  4096:"*"%  32768:"*"%" ]]
	[ "$(wc -l < "$T/curve.tsv")" -eq 4 ]
	head -n 1 "$T/curve.tsv" | grep -q '^games	moves	moves_per_s	mean	max	2048'
	[ "$(cut -f 1 "$T/curve.tsv" | tail -n 1)" = 300 ]
}

@test "learning works: later games score more than the first" {
	local first last
	2048-learn --net 0123,4567,0145,1256 --save "$T/a" --games 4000 --block 1000 --seed 1 \
	    --threads 1 -q --log "$T/c"
	first=$(sed -n 2p "$T/c" | cut -f 4)
	last=$(sed -n 5p "$T/c" | cut -f 4)
	echo "mean score: first block $first, last block $last"
	awk -v a="$first" -v b="$last" 'BEGIN { exit !(b > 1.5 * a) }'
}

@test "examples/learning-curve.sh draws the curve as a PNG" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed"
	2048-learn "${TINY[@]}" --save "$T/a" --games 300 --block 100 --seed 1 -q \
	    --log "$T/curve.tsv"
	run "$ROOT_DIR/examples/learning-curve.sh" "$T/curve.tsv" "$T/c.png"
	[ "$status" -eq 0 ]
	[ "$output" = "$T/c.png" ]
	[ "$(head -c 8 "$T/c.png" | od -An -c | tr -d ' ')" = "211PNG\r\n032\n" ]
	run "$ROOT_DIR/examples/learning-curve.sh" "$T/a"
	[ "$status" -eq 2 ]
	[[ "$output" == *"not a 2048-learn --log file"* ]]
}

# the trained tiny net of these tests, made once per test that needs it
tiny_net() {
	2048-learn --net 0123,4567,0145,1256 --save "$1" --games "$2" --seed 1 \
	    --threads 1 -q
}

@test "2048-solve --net: the evaluator is named, a move's value adds its score" {
	tiny_net "$T/n" 500
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	run 2048-solve --net "$T/n" --depth 1 --explain "$T/b"
	[ "$status" -eq 0 ]
	[ "${lines[7]}" = "  downgrade 16384" ]
	[ "${lines[8]}" = "  evaluator net $T/n" ]
	# depth 1 with a net: the move's score plus the net's value after it
	local left after
	left=$(sed -n 's/^  left *//p' <<<"$output")
	after=$(2048-move left "$T/b" | 2048-eval --net "$T/n" -k total)
	awk -v l="$left" -v a="$after" 'BEGIN { d = l - (4 + a); exit !(d < 0.01 && d > -0.01) }'
	run 2048-solve --explain "$T/b"
	[ "${lines[7]}" = "  evaluator lines" ]
	run 2048-solve --net "$T/n" --heuristic xu "$T/b"
	[ "$status" -eq 2 ]
	run 2048-solve --net "$T/missing" "$T/b"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: $T/missing: No such file or directory" ]
}

@test "2048-solve --downgrade: from a tile on, a board is valued with its tiles above a gap halved" {
	tiny_net "$T/n" 500
	# 128 32 16 and no 64: from 128 on, valued as 64 32 16
	board '128 32 16 .' '2 . . .' '. . . .' '. . . .' > "$T/b"
	board '64 32 16 .' '2 . . .' '. . . .' '. . . .' > "$T/half"
	value() {	# value FILE MOVE [options]: the move's value at depth 1
		2048-solve --net "$T/n" --depth 1 --explain "${@:3}" "$1" |
		    awk -v d="$2" '$1 == d { print $2 }'
	}
	[ "$(value "$T/b" down --downgrade 128)" = "$(value "$T/half" down)" ]
	[ "$(value "$T/b" right --downgrade 128)" = "$(value "$T/half" right)" ]
	[ "$(value "$T/b" down --downgrade 128)" != "$(value "$T/b" down --downgrade 0)" ]
	# 0: never, the net's own value; the default, 16384, is past this board
	local down
	down=$(2048-move down "$T/b" | 2048-eval --net "$T/n" -k total)
	awk -v l="$(value "$T/b" down --downgrade 0)" -v a="$down" \
	    'BEGIN { d = l - a; exit !(d < 0.01 && d > -0.01) }'
	[ "$(value "$T/b" down)" = "$(value "$T/b" down --downgrade 0)" ]
	[ "$(value "$T/b" down --downgrade 256)" = "$(value "$T/b" down --downgrade 0)" ]
	run -2 2048-solve --net "$T/n" --downgrade 3 "$T/b"
	[ "${lines[0]}" = "2048-solve: --downgrade: expected 0 (never) or a tile from 4 to 131072: '3'" ]
}

@test "a net trained with --halves is valued as it is: no downgrade unless asked" {
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	2048-learn "${TINY[@]}" --halves --save "$T/h" --games 50 --seed 1 \
	    --threads 1 -q
	2048-learn "${TINY[@]}" --save "$T/p" --games 50 --seed 1 --threads 1 -q
	[ "$(2048-solve --net "$T/h" --depth 1 -e "$T/b" | tail -n 2 | head -n 1)" = "  downgrade 0" ]
	[ "$(2048-solve --net "$T/p" --depth 1 -e "$T/b" | tail -n 2 | head -n 1)" = "  downgrade 16384" ]
	[ "$(2048-solve --net "$T/h" --depth 1 --downgrade 8192 -e "$T/b" |
	    tail -n 2 | head -n 1)" = "  downgrade 8192" ]
	# --load goes on with halves: still a net of halves
	2048-learn --load "$T/h" --save "$T/h2" --games 10 --threads 1 -q
	[ "$(2048-solve --net "$T/h2" --depth 1 -e "$T/b" | tail -n 2 | head -n 1)" = "  downgrade 0" ]
}

@test "2048-solve --summary and --log say which evaluator played" {
	tiny_net "$T/n" 200
	run 2048-solve --net "$T/n" --fast --games 2 --seed 1 --summary
	[ "$status" -eq 0 ]
	[[ "$output" == *"evaluator     net $T/n"* ]]
	2048-new --seed 1 | 2048-solve --net "$T/n" --depth 1 --play --log "$T/log" >/dev/null
	grep -q 'eval=net$' "$T/log"
	run ! grep -qv 'eval=net$' "$T/log"
}

@test "the default net: \$G2048_NET, installed, or the checkout's net/2048.net, at --fast and 1-ply" {
	tiny_net "$T/n" 200
	mkdir -p "$T/co/bin" "$T/co/net" "$T/inst/bin" "$T/inst/share/2048-tools"
	cp "$(command -v 2048-solve)" "$T/co/bin/"
	cp "$(command -v 2048-solve)" "$T/inst/bin/"
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	# nothing there: the heuristic
	[ "$(env -u G2048_NET "$T/co/bin/2048-solve" --fast -e "$T/b" | tail -n 1)" = "  evaluator lines" ]
	cp "$T/n" "$T/co/net/2048.net"
	cp "$T/n" "$T/inst/share/2048-tools/2048.net"
	[ "$(env -u G2048_NET "$T/co/bin/2048-solve" --fast -e "$T/b" | tail -n 1)" = \
	    "  evaluator net $T/co/bin/../net/2048.net" ]
	[ "$(env -u G2048_NET "$T/co/bin/2048-solve" -d 1 -e "$T/b" | tail -n 1)" = \
	    "  evaluator net $T/co/bin/../net/2048.net" ]
	[ "$(env -u G2048_NET "$T/inst/bin/2048-solve" --fast -e "$T/b" | tail -n 1)" = \
	    "  evaluator net $T/inst/bin/../share/2048-tools/2048.net" ]
	[ "$(G2048_NET="$T/n" 2048-solve --depth 1 -e "$T/b" | tail -n 1)" = "  evaluator net $T/n" ]
	# set but empty: none; a heuristic asked for: the heuristic
	[ "$(G2048_NET='' "$T/co/bin/2048-solve" --fast -e "$T/b" | tail -n 1)" = "  evaluator lines" ]
	[ "$(env -u G2048_NET "$T/co/bin/2048-solve" --fast -H xu -e "$T/b" | tail -n 1)" = "  evaluator xu" ]
	# with a net, the net's own settings: depth 7 by default, 5 with --fast
	[[ "$(2048-solve --net "$T/n" -e "$T/b" | grep depth)" == "  search depth 7 "* ]]
	[[ "$(G2048_NET="$T/n" 2048-solve --fast -e "$T/b" | grep depth)" == "  search depth 5 "* ]]
}

@test "with a net present, the default setting and other depths use the heuristic unless --net is given" {
	tiny_net "$T/n" 200
	mkdir -p "$T/co/bin" "$T/co/net"
	cp "$(command -v 2048-solve)" "$T/co/bin/"
	cp "$T/n" "$T/co/net/2048.net"
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	run env -u G2048_NET "$T/co/bin/2048-solve" -e "$T/b"
	[ "$status" -eq 0 ]
	[ "${lines[7]}" = "  evaluator lines" ]
	[ "$(env -u G2048_NET "$T/co/bin/2048-solve" -e "$T/b" | sed 's/ time .*//')" = \
	    "$(G2048_NET='' 2048-solve -e "$T/b" | sed 's/ time .*//')" ]
	[ "$(G2048_NET="$T/n" 2048-solve -d 2 -e "$T/b" | tail -n 1)" = "  evaluator lines" ]
	[ "$(G2048_NET="$T/n" 2048-solve --time 5 -e "$T/b" | tail -n 1)" = "  evaluator lines" ]
	[ "$(G2048_NET="$T/n" 2048-solve -d 1 -d 3 -e "$T/b" | tail -n 1)" = "  evaluator lines" ]
	[ "$(G2048_NET="$T/n" 2048-solve --net "$T/n" -e "$T/b" | tail -n 1)" = "  evaluator net $T/n" ]
	# the default loads no net: a corrupt default net does not stop it
	printf 'not a net' > "$T/bad"
	run env G2048_NET="$T/bad" 2048-solve "$T/b"
	[ "$status" -eq 0 ]
	[ "$output" = "$(G2048_NET='' 2048-solve "$T/b")" ]
	run env G2048_NET="$T/bad" 2048-solve --fast "$T/b"
	[ "$status" -eq 2 ]
	# the message names the variable
	[ "$output" = "2048-solve: G2048_NET: $T/bad: truncated: shorter than a net file's header (G2048_NET names the default net; set it empty for none)" ]
	# --summary says which played
	run env G2048_NET="$T/n" 2048-solve --games 1 --seed 1 --depth 2 --summary
	[[ "$output" == *"evaluator     lines"* ]]
	run env G2048_NET="$T/n" 2048-solve --games 1 --seed 1 --depth 1 --summary
	[[ "$output" == *"evaluator     net $T/n"* ]]
}

@test "a trained net plays clearly better than an untrained one" {
	local trained untrained
	tiny_net "$T/n" 3000
	2048-learn --net 0123,4567,0145,1256 --save "$T/zero" --games 0 -q
	trained=$(2048-solve --net "$T/n" --depth 1 --games 20 --seed 100 --summary |
	    sed -n 's/^score mean *//p')
	untrained=$(2048-solve --net "$T/zero" --depth 1 --games 20 --seed 100 --summary |
	    sed -n 's/^score mean *//p')
	echo "mean score: trained $trained, untrained $untrained"
	awk -v a="$trained" -v b="$untrained" 'BEGIN { exit !(a > 3 * b) }'
}

@test "a net trained with each switch plays clearly better than an untrained one" {
	local sw trained untrained
	2048-learn --net 0123,4567,0145,1256 --save "$T/zero" --games 0 -q
	untrained=$(2048-solve --net "$T/zero" --depth 1 --games 20 --seed 100 \
	    --summary | sed -n 's/^score mean *//p')
	for sw in "--tc" "--lambda 0.5" "--optimistic 20000" "--stages 1024" \
	    "--restart 512,1024" "--halves" "--tc --lambda 0.5 --halves"; do
		# shellcheck disable=SC2086 # the switches and their values
		2048-learn --net 0123,4567,0145,1256 $sw --save "$T/n" \
		    --games 2000 --seed 1 --threads 1 -q
		trained=$(2048-solve --net "$T/n" --depth 1 --games 20 --seed 100 \
		    --summary | sed -n 's/^score mean *//p')
		echo "$sw: mean score trained $trained, untrained $untrained"
		awk -v a="$trained" -v b="$untrained" 'BEGIN { exit !(a > 3 * b) }'
	done
}

@test "--halves: the next game begins at the last one's middle; recorded, resumed, same bytes" {
	2048-learn "${TINY[@]}" --halves --save "$T/a" --games 300 --seed 4 \
	    --threads 1 --block 100 --log "$T/curve.tsv" -q
	2048-learn "${TINY[@]}" --halves --save "$T/b" --games 300 --seed 4 \
	    --threads 1 -q
	cmp "$T/a" "$T/b"
	header "$T/a" | grep -q ' halves=1$'
	# most games begin at a half: only the new ones are scored, and
	# each new game of more than 10 moves is halved at least once
	awk -F'\t' 'NR > 1 && ($NF < 2 || $NF > 50) { bad = 1 }
	    END { exit bad }' "$T/curve.tsv"
	2048-learn "${TINY[@]}" --save "$T/plain" --games 300 --seed 4 \
	    --threads 1 -q
	run ! cmp -s "$T/a" "$T/plain"
	# --load goes on halving (from a new game: the half is not saved)
	2048-learn "${TINY[@]}" --halves --save "$T/p" --games 150 --seed 4 \
	    --threads 1 -q
	2048-learn --load "$T/p" --save "$T/p" --games 150 --threads 1 -q
	header "$T/p" | grep -q ' halves=1$'
}

@test "a full disk, a failing fsync or close while saving: the old file is kept, exit 2" {
	2048-learn "${TINY[@]}" --save "$T/a" --games 10 --seed 1 -q
	cp "$T/a" "$T/old"
	# ENOSPC 100 KiB into the new file, as a disk fills
	run faulty FAULT_WRITE_LIMIT=100000 2048-learn --load "$T/a" --save "$T/a" \
	    --games 10 --seed 2 -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: $T/a: No space left on device (the previous file is kept)" ]
	cmp "$T/old" "$T/a"
	run faulty FAULT_FSYNC=1 2048-learn --load "$T/a" --save "$T/a" --games 10 -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: $T/a: Input/output error (the previous file is kept)" ]
	cmp "$T/old" "$T/a"
	# as NFS reports a full disk: only at close
	run faulty FAULT_CLOSE=1 2048-learn --load "$T/a" --save "$T/a" --games 10 -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: $T/a: No space left on device (the previous file is kept)" ]
	cmp "$T/old" "$T/a"
	# the periodic save (--every) too, and no temporary file is left
	run faulty FAULT_WRITE_LIMIT=100000 2048-learn --load "$T/a" --save "$T/a" \
	    --games 20 --every 10 -q
	[ "$status" -eq 2 ]
	cmp "$T/old" "$T/a"
	[ "$(cd "$T" && echo *)" = "a old" ]
	# the shim does fail writes: without a fault the same save works
	run faulty FAULT_PATH=elsewhere FAULT_WRITE_LIMIT=0 2048-learn --load "$T/a" \
	    --save "$T/a" --games 10 -q
	[ "$status" -eq 0 ]
	run ! cmp -s "$T/old" "$T/a"
}

@test "a full tmpfs while saving: the old net is kept whole and still loads" {
	# a disk that really fills: a 768 KiB tmpfs in a mount namespace of
	# its own (as root, or as a user where user namespaces are allowed)
	unshare -rm true 2>/dev/null || unshare -m true 2>/dev/null ||
	    skip "cannot mount a tmpfs here (no mount namespace)"
	mkdir "$T/disk"
	cat >"$T/full.sh" <<SH
mount -t tmpfs -o size=768k tmpfs '$T/disk' || exit 77
2048-learn --net 0123,4567 --save '$T/disk/a' --games 10 --seed 1 -q || exit 3
cp '$T/disk/a' '$T/old'
2048-learn --load '$T/disk/a' --save '$T/disk/a' --games 10 --seed 2 -q \
    2>'$T/err'
echo \$? >'$T/status'
cp '$T/disk/a' '$T/after'
ls -A '$T/disk' >'$T/left'
SH
	run unshare -rm sh "$T/full.sh"
	[ "$status" -ne 0 ] && run unshare -m sh "$T/full.sh"
	[ "$status" -ne 77 ] || skip "mount -t tmpfs is not allowed here"
	[ "$status" -eq 0 ]
	[ "$(cat "$T/status")" = 2 ]
	[ "$(cat "$T/err")" = "2048-learn: $T/disk/a: No space left on device (the previous file is kept)" ]
	cmp "$T/old" "$T/after"
	[ "$(cat "$T/left")" = a ]
	2048-learn --load "$T/after" --save "$T/b" --games 1 -q
}

@test "SIGKILL in the middle of a save leaves the old net or the new, never a torn one" {
	2048-learn "${TINY[@]}" --save "$T/old" --games 10 --seed 1 -q
	# the new file, as an unbroken save writes it (same bytes from a seed)
	2048-learn --load "$T/old" --save "$T/new" --games 10 --seed 2 --threads 1 -q
	local _ pid seen_old=0 seen_new=0
	for _ in 1 2 3 4 5 6; do
		cp "$T/old" "$T/a"
		# a slow disk: 129 writes of 4 KiB, 3 ms each
		# shellcheck disable=SC2086 # FAULT_ENV: words VAR=VALUE
		env $FAULT_ENV FAULT_SLOW=3000 2048-learn --load "$T/a" \
		    --save "$T/a" --games 10 --seed 2 --threads 1 -q &
		pid=$!
		# kill once the new file is being written, at a random point
		until compgen -G "$T/a.tmp*" >/dev/null; do
			kill -0 $pid 2>/dev/null || break
			sleep 0.01
		done
		sleep "$(printf '0.%03d' $((RANDOM % 300)))"
		kill -KILL $pid 2>/dev/null || true
		wait $pid || true
		if cmp -s "$T/a" "$T/old"; then
			seen_old=$((seen_old + 1))
		else
			cmp "$T/a" "$T/new"
			seen_new=$((seen_new + 1))
		fi
		2048-learn --load "$T/a" --save "$T/check" --games 1 -q
		# the next save of a removes what the killed one left
		# (else hundreds of MB stay, for ever)
		2048-learn --load "$T/a" --save "$T/a" --games 1 -q
		run compgen -G "$T/a.tmp*"
		[ "$status" -ne 0 ]
	done
	echo "old $seen_old, new $seen_new"
	# the kills came during the save: most leave the old file
	[ "$seen_old" -gt 0 ]
}

@test "--log on a full disk is an error, the net saved all the same" {
	run 2048-learn "${TINY[@]}" --save "$T/a" --games 20 --block 10 \
	    --log /dev/full -q --seed 1
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: /dev/full: write error: No space left on device" ]
	2048-learn --load "$T/a" --save "$T/b" --games 1 -q
}

@test "a loaded net's games or moves that would pass 2^64 - 1: exit 2, nothing trained" {
	# fixtures: tuple 01, games 2^64 - 6 moves 0; games 10 moves 2^64 - 616
	local max=18446744073709551615 f=$FIXTURES/net-games-max.net
	run --separate-stderr 2048-learn --load "$f" --save "$T/a" --games 6 -q
	[ "$status" -eq 2 ]
	[ "$stderr" = "2048-learn: $f: games 18446744073709551610 and moves 0 would pass $max with --games 6" ]
	[ ! -e "$T/a" ]
	# up to the top: every block reported, the last one ending there
	run 2048-learn --load "$f" --save "$T/a" --games 5 -q --threads 1 \
	    --block 2 --every 3 --log "$T/log"
	[ "$status" -eq 0 ]
	[ "$(cut -f1 "$T/log" | tr '\n' ' ')" = "games 18446744073709551612 18446744073709551614 $max " ]
	f=$FIXTURES/net-moves-max.net
	run --separate-stderr 2048-learn --load "$f" --save "$T/a" --games 1 -q
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"$f: games 10 and moves 18446744073709551000 would pass $max with --games 1" ]]
}

@test "a net of format 1 is still read, and saved again as format 2 plays the same" {
	board '2 4 8 16' '. . . 2' '. 4 . .' '. . . .' > "$T/b"
	head -c 11 "$FIXTURES/format1.net" | grep -qx '2048-net 1'
	2048-learn --load "$FIXTURES/format1.net" --games 0 --save "$T/v2" -q
	header "$T/v2" | grep -qx '2048-net 2'
	[ "$(2048-solve --net "$FIXTURES/format1.net" -d 2 -e "$T/b" | sed '/time\|evaluator/d')" = \
	    "$(2048-solve --net "$T/v2" -d 2 -e "$T/b" | sed '/time\|evaluator/d')" ]
	[ "$(2048-eval --net "$FIXTURES/format1.net" -k total "$T/b")" = \
	    "$(2048-eval --net "$T/v2" -k total "$T/b")" ]
	# a version this build does not know
	{ printf '2048-net 3\n'; tail -c +12 "$T/v2"; } > "$T/v3"
	run -2 2048-solve --net "$T/v3" "$T/b"
	[ "$output" = "2048-solve: $T/v3: net file of another version (this reads versions 1 and 2)" ]
}

# flip BYTE FILE COPY [CHAR]: COPY is FILE with the byte at offset BYTE
# made CHAR (default \377)
flip() {
	cp "$2" "$3"
	printf '%s' "${4:-$(printf '\377')}" |
	    dd of="$3" bs=1 seek="$1" conv=notrunc status=none
}

@test "a corrupt block of a net is refused before any move it valued is written" {
	tiny_net "$T/n" 200
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	# block 0: the weights of tuple 0123's empty row, read by any board
	flip 4100 "$T/n" "$T/bad"
	run -2 2048-solve --net "$T/bad" --depth 1 "$T/b"
	[ "$output" = "2048-solve: $T/bad: corrupt: block 0 of its weights does not match its checksum" ]
	run -2 2048-solve --net "$T/bad" --play "$T/b"
	[ "$output" = "2048-solve: $T/bad: corrupt: block 0 of its weights does not match its checksum" ]
	run -2 2048-solve --net "$T/bad" --games 2 --seed 1 --final --fast
	[ "$output" = "2048-solve: $T/bad: corrupt: block 0 of its weights does not match its checksum" ]
	run -2 2048-eval --net "$T/bad" "$T/b"
	[ "$output" = "2048-eval: $T/bad: corrupt: block 0 of its weights does not match its checksum" ]
	G2048_NET="$T/bad" run -2 2048-solve --fast "$T/b"
	[[ "$output" == *"corrupt: block 0 "* ]]
	# the header or the blocks' checksums: refused at once
	# (the seed trained with, 1, made 2)
	flip $(($(grep -abo 'seed 1' "$T/n" | cut -d: -f1) + 5)) "$T/n" "$T/badhead" 2
	run -2 2048-solve --net "$T/badhead" --depth 1 "$T/b"
	[ "$output" = "2048-solve: $T/badhead: corrupt: the checksum does not match" ]
	flip $(($(stat -c %s "$T/n") - 3)) "$T/n" "$T/badsum"
	run -2 2048-solve --net "$T/badsum" --depth 1 "$T/b"
	[ "$output" = "2048-solve: $T/badsum: corrupt: the checksum does not match" ]
}

@test "a corrupt block no move reads does not stop a move; training reads every block" {
	tiny_net "$T/n" 200
	board '2 2 . .' '. . . .' '. . . .' '. . . .' > "$T/b"
	# the last block: tuple 1256's weights where its cells hold 32768s
	flip $((4096 + 4 * 65536 * 4 - 5)) "$T/n" "$T/bad"
	[ "$(2048-solve --net "$T/bad" --fast -e "$T/b" | sed '/time\|evaluator/d')" = \
	    "$(2048-solve --net "$T/n" --fast -e "$T/b" | sed '/time\|evaluator/d')" ]
	run -2 2048-learn --load "$T/bad" --save "$T/more" --games 1 -q
	[[ "$output" == *"$T/bad: corrupt: block 255 of its weights does not match its checksum"* ]]
	[ ! -e "$T/more" ]
}

# the destination is checked before the training, not after it
@test "--save where nothing can be written fails at once, before training" {
	run timeout 20 2048-learn "${TINY[@]}" --save "$T/no/such/dir/a" \
	    --games 100000000 --seed 1 -q
	[ "$status" -eq 2 ]
	[[ "$output" == "2048-learn: --save $T/no/such/dir/a: cannot write there: No such file or directory" ]]
	mkdir "$T/ro"
	chmod a-w "$T/ro"
	if [ ! -w "$T/ro" ]; then	# root writes anyway
		run timeout 20 2048-learn "${TINY[@]}" --save "$T/ro/a" \
		    --games 100000000 --seed 1 -q
		[ "$status" -eq 2 ]
		[[ "$output" == *"cannot write there: Permission denied" ]]
	fi
	run timeout 20 2048-learn "${TINY[@]}" --save "$T/a" --export "$T/nodir/b" \
	    --games 100000000 --seed 1 -q
	[ "$status" -eq 2 ]
	[[ "$output" == "2048-learn: --export $T/nodir/b: cannot write there: "* ]]
	[ ! -e "$T/a" ]
}

@test "--save on a FIFO or a directory is refused before training; a link is written through" {
	mkfifo "$T/fifo"
	run timeout 20 2048-learn "${TINY[@]}" --save "$T/fifo" \
	    --games 100000000 --seed 1 -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: --save $T/fifo: not a regular file (a device, FIFO or socket): refusing to replace it" ]
	[ -p "$T/fifo" ]
	mkdir "$T/d"
	run timeout 20 2048-learn "${TINY[@]}" --save "$T/d" --games 100000000 -q
	[ "$status" -eq 2 ]
	[[ "$output" == *"not a regular file (a directory)"* ]]
	ln -s net "$T/link"
	2048-learn "${TINY[@]}" --save "$T/link" --games 10 --seed 1 -q
	[ -L "$T/link" ]
	[ -f "$T/net" ]
}

@test "a failed save says the previous file is kept only when there was one" {
	run faulty FAULT_WRITE_LIMIT=100000 2048-learn "${TINY[@]}" --save "$T/new" \
	    --games 10 --seed 1 -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: $T/new: No space left on device" ]
	[ ! -e "$T/new" ]
}

@test "a closed stderr (2>&1 | head -1) loses progress lines, not the net" {
	{ 2048-learn "${TINY[@]}" --save "$T/a" --games 3000 --block 10 --seed 1 \
	    --threads 1 2>&1; echo $? > "$T/status"; } | head -n 1 > "$T/first"
	[[ "$(cat "$T/first")" == "2048-learn: games 10/3000 "* ]]
	[ "$(cat "$T/status")" -eq 0 ]
	[ "$(header "$T/a" | sed -n 's/^games //p')" -eq 3000 ]
}

# a save killed by SIGKILL leaves its new file (the size of the net):
# the next save removes it
@test "a save removes the new files of killed saves of the same file, no other" {
	local dead
	dead=$(sh -c 'echo $$')     # a process gone
	touch "$T/a.tmp$dead-AbCdEf" "$T/b.tmp$dead-AbCdEf" "$T/a.tmp$$-XyZ123" \
	    "$T/a.tmpXXXXXX"
	2048-learn "${TINY[@]}" --save "$T/a" --games 10 --seed 1 -q
	[ ! -e "$T/a.tmp$dead-AbCdEf" ]
	# another file's, a live process's (this shell), an unknown name: kept
	[ -e "$T/b.tmp$dead-AbCdEf" ]
	[ -e "$T/a.tmp$$-XyZ123" ]
	[ -e "$T/a.tmpXXXXXX" ]
	[ -s "$T/a" ]
}

@test "2048-learn(1) quotes the interrupt message as the program prints it" {
	local pid i status=0 want got
	2048-learn "${TINY[@]}" --save "$T/a.net" --games 1000000 --seed 3 \
	    --threads 1 --block 100 --log "$T/log" -q 2> "$T/err" &
	pid=$!
	# a sign of progress, not a fixed time: the log's first block
	for ((i = 0; i < 1200; i++)); do
		[ -s "$T/log" ] && [ "$(wc -l < "$T/log")" -ge 2 ] && break
		sleep 0.1
	done
	kill -INT "$pid"
	wait "$pid" || status=$?
	[ "$status" -eq 1 ]
	# the page's line and the program's, the file and the counts aside
	want=$(grep '^^C2048-learn: interrupted' "$ROOT_DIR/man/2048-learn.1" |
	    sed -e 's/^^C//' -e 's|a\.net|FILE|g' -e 's/[0-9][0-9]*/N/g')
	got=$(sed -e "s|$T/a.net|FILE|g" -e 's/[0-9][0-9]*/N/g' "$T/err")
	echo "page: $want"
	echo "program: $got"
	[ -n "$want" ]
	[ "$want" = "$got" ]
}
