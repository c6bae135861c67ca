#!/usr/bin/env bats
# 2048-eval: status keys and heuristic terms, computed by hand in
# man/2048-eval.1's formulas (tests/unit/test-eval.c checks more boards).
load helper
bats_require_minimum_version 1.5.0

@test "lines: every key of a board with gaps, computed by hand" {
	run 2048-eval "$FIXTURES/eval-gaps.txt"
	[ "$status" -eq 0 ]
	# sum = 2 * (1+1+1 + 2*2^3.5 + 3^3.5) = 144.7855776...;
	# total = 8*200000 + 270*20 + 700*6 - 47*180 - 11*sum
	[ "$output" = "score 0
moves 0
max 8
empty 10
legal up down left right
over no
won no
heuristic lines
term.fixed 8
term.empty 20
term.merges 6
term.monotonicity -180
term.sum -144.785578
total 1599547.358646" ]
}

@test "lines: a lost board keeps its header and its formula's value" {
	run 2048-eval "$FIXTURES/eval-over.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "score 1234" ]
	[ "${lines[1]}" = "moves 56" ]
	[ "${lines[3]}" = "empty 0" ]
	[ "${lines[4]}" = "legal none" ]
	[ "${lines[5]}" = "over yes" ]
	# every line 1 2 1 2 or 2 1 2 1: min(15, 30) = 15
	[ "${lines[11]}" = "term.monotonicity -120" ]
	# 1600000 - 47*120 - 11 * 2 * (8 + 8*2^3.5)
	[ "${lines[13]}" = "total 1592192.787304" ]
}

@test "lines: tiles of 65536 and 131072 are exact" {
	run 2048-eval "$FIXTURES/eval-hi.txt"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "max 131072" ]
	[ "${lines[4]}" = "legal down right" ]
	[ "${lines[6]}" = "won yes" ]
	# top row 16 17 . .: rises 17^4-16^4 = 17985, falls 17^4
	[ "${lines[11]}" = "term.monotonicity -17985" ]
	# 2 * (16^3.5 + 17^3.5)
	[ "${lines[12]}" = "term.sum -73281.635877" ]
}

@test "xu: terms of a zigzag board with gaps, computed by hand" {
	run 2048-eval --heuristic xu "$FIXTURES/eval-zigzag.txt"
	[ "$status" -eq 0 ]
	[ "${lines[7]}" = "heuristic xu" ]
	# steps 1 3 2 | 4 1 3 | 2 2 | columns 1 4 2 | 3 | 2 1 | 3 2
	[ "${lines[8]}" = "term.smoothness -15" ]
	[ "${lines[9]}" = "term.monotonicity -5" ]
	[ "${lines[10]}" = "term.empty 8" ]
	[ "${lines[11]}" = "term.max 4" ]
	# 0.1*-15 + 1*-5 + 2.7*8 + 1*4
	[ "${lines[12]}" = "total 19.1" ]
}

@test "xu: the checkerboard" {
	run 2048-eval --heuristic=xu --field total "$FIXTURES/eval-over.txt"
	[ "$status" -eq 0 ]
	# 0.1*-24 + 1*-8 + 0 + 2
	[ "$output" = "-8.4" ]
}

@test "--weights overrides named weights" {
	run 2048-eval --weights "fixed=0,empty=1,merges=10,monotonicity=100,sum=1000,monotonicity_power=1,sum_power=1" \
	    -k total "$FIXTURES/eval-gaps.txt"
	[ "$status" -eq 0 ]
	# monotonicity in plain ranks 10, sum 2 * 9 ranks... = 20
	[ "$output" = "-20920" ]
	run 2048-eval --heuristic xu --weights max=100 -k total "$FIXTURES/eval-zigzag.txt"
	[ "$output" = "415.1" ]
}

@test "boards are separated by one blank line, none after the last" {
	cat "$FIXTURES/eval-gaps.txt" - "$FIXTURES/eval-over.txt" <<<"" >"$BATS_TEST_TMPDIR/two"
	run 2048-eval "$BATS_TEST_TMPDIR/two"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 28 ]
	[ "$(2048-eval "$BATS_TEST_TMPDIR/two" | grep -c '^$')" -eq 1 ]
	[ "$(2048-eval "$BATS_TEST_TMPDIR/two" | tail -n 1)" = "total 1592192.787304" ]
}

@test "--field prints one value per board" {
	{ cat "$FIXTURES/eval-gaps.txt"; echo; cat "$FIXTURES/eval-over.txt"
	  echo; cat "$FIXTURES/eval-hi.txt"; } >"$BATS_TEST_TMPDIR/three"
	run 2048-eval --field legal "$BATS_TEST_TMPDIR/three"
	[ "$output" = "up down left right
none
down right" ]
	run 2048-eval -k term.merges "$BATS_TEST_TMPDIR/three"
	[ "$output" = "6
0
0" ]
}

@test "--json: one object per board per line" {
	run 2048-eval --json "$FIXTURES/eval-over.txt"
	[ "$status" -eq 0 ]
	[ "$output" = '{"score":1234,"moves":56,"max":4,"empty":0,"legal":[],"over":true,"won":false,"heuristic":"lines","term":{"fixed":8,"empty":0,"merges":0,"monotonicity":-120,"sum":-197.019336},"total":1592192.787304}' ]
	run 2048-eval -J --heuristic xu "$FIXTURES/eval-hi.txt"
	[ "$output" = '{"score":0,"moves":0,"max":131072,"empty":14,"legal":["down","right"],"over":false,"won":true,"heuristic":"xu","term":{"smoothness":-1,"monotonicity":0,"empty":14,"max":17},"total":54.7}' ]
}

@test "--json output is valid JSON for jq" {
	command -v jq >/dev/null || skip "no jq"
	cat "$FIXTURES/eval-gaps.txt" - "$FIXTURES/eval-hi.txt" <<<"" |
	    2048-eval -J >"$BATS_TEST_TMPDIR/out"
	run jq -r '.term.merges' "$BATS_TEST_TMPDIR/out"
	[ "$output" = "6
0" ]
	run jq -r '.legal | join(",")' "$BATS_TEST_TMPDIR/out"
	[ "$output" = "up,down,left,right
down,right" ]
}

@test "-q: silent, exit 1 when some board is over, 0 when all can move" {
	run 2048-eval -q "$FIXTURES/eval-gaps.txt" "$FIXTURES/eval-hi.txt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	run 2048-eval -q "$FIXTURES/eval-gaps.txt" "$FIXTURES/eval-over.txt"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	# the loop of the man page (the first legal move until the game is
	# over) ends on a lost board: after 9 moves here, well before the
	# bound that keeps a -q that never says over from looping for ever
	local n d
	cd "$BATS_TEST_TMPDIR"
	board 'seed 1' '2 4 2 4' '4 2 4 2' '2 4 2 4' '8 16 . .' > b
	n=0
	while 2048-eval -q < b && [ $n -lt 100 ]; do
		d=$(2048-eval -k legal < b | cut -d' ' -f1)
		2048-move "$d" < b | 2048-spawn > b.new && mv b.new b
		n=$((n + 1))
	done
	[ "$n" -eq 9 ]
	[ "$(2048-eval -k over < b)" = yes ]
	run 2048-eval -q <"$FIXTURES/eval-over.txt"
	[ "$status" -eq 1 ]
}

@test "--target sets the winning tile" {
	run 2048-eval -k won "$FIXTURES/eval-gaps.txt"
	[ "$output" = "no" ]
	run 2048-eval --target 8 -k won "$FIXTURES/eval-gaps.txt"
	[ "$output" = "yes" ]
	run 2048-eval -t 16 -k won "$FIXTURES/eval-gaps.txt"
	[ "$output" = "no" ]
}

@test "compact input: score, moves and an empty board" {
	run 2048-eval -k empty <<<"0000000000000000 0 0"
	[ "$output" = "16" ]
	run 2048-eval <<<"0000000000000000 12 3"
	[ "${lines[0]}" = "score 12" ]
	[ "${lines[1]}" = "moves 3" ]
	[ "${lines[4]}" = "legal none" ]
	[ "${lines[5]}" = "over yes" ]
	# 8 * 200000 + 270 * 32
	[ "${lines[13]}" = "total 1608640" ]
}

@test "--list prints the weights and their values" {
	run 2048-eval --list
	[ "$status" -eq 0 ]
	[ "$output" = "fixed 200000
empty 270
merges 700
monotonicity 47
sum 11
monotonicity_power 4
sum_power 3.5" ]
	run 2048-eval --list --heuristic xu --weights empty=3
	[ "$output" = "smoothness 0.1
monotonicity 1
empty 3
max 1" ]
}

@test "bad input: exit 2 after the boards before it, whole" {
	printf '2 . . 2\n. . . .\n4 4 8 .\n. . . 2\n\n2 . 3 .\n' >"$BATS_TEST_TMPDIR/bad"
	run 2048-eval -k total "$BATS_TEST_TMPDIR/bad"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "1599547.358646" ]
	[[ "${lines[1]}" == "2048-eval: "*"bad:6: "* ]]
}

@test "usage errors exit 2 with a message" {
	for args in "--heuristic nosuch" "--weights foo=1" "--weights sum=x" \
	    "--weights sum=1," "--heuristic xu --weights fixed=1" \
	    "--field nosuch" "--target 3" "--target 0" "--nosuch"; do
		# shellcheck disable=SC2086
		run 2048-eval $args "$FIXTURES/eval-gaps.txt"
		[ "$status" -eq 2 ]
		[[ "${lines[0]}" == "2048-eval: "* ]]
	done
}

@test "--help and the man page name the same options" {
	run 2048-eval --help
	[ "$status" -eq 0 ]
	for opt in json field quiet target heuristic weights list help version; do
		[[ "$output" == *"--$opt"* ]]
		grep -qF -- "Fl \\-$opt" "$ROOT_DIR/man/2048-eval.1"
	done
	run 2048-eval --version
	[ "$status" -eq 0 ]
}

@test "the man page's loop plays until the game is over" {
	cd "$BATS_TEST_TMPDIR"
	2048-new --seed 1 >b
	n=0
	while 2048-eval -q <b; do
		d=$(2048-eval -k legal <b | cut -d' ' -f1)
		2048-move "$d" <b | 2048-spawn >b.new && mv b.new b
		n=$((n + 1))
		[ "$n" -lt 10000 ]
	done
	[ "$n" -gt 10 ]
	[ "$(2048-eval -k over <b)" = "yes" ]
	[ "$(2048-eval -k empty <b)" = "0" ]
	[ "$(2048-eval -k moves <b)" = "$n" ]
}

@test "--weights: only decimal numbers, in bounds no board's value overflows" {
	local w
	for w in sum=1e300 sum=0x10 sum=inf sum=-nan empty=1e10 sum_power=33 \
	    sum=1e300,sum_power=17; do
		run -2 2048-eval -k total --weights "$w" "$FIXTURES/eval-hi.txt"
		[[ "${lines[0]}" == "2048-eval: weight "* ]]
		[ "${lines[1]}" = "Try '2048-eval --help'." ]
	done
	run 2048-eval -J --weights sum=-1e9,sum_power=32 "$FIXTURES/eval-hi.txt"
	[[ "$output" != *null* ]]
}

@test "-q checks --heuristic and --weights too" {
	run 2048-eval -q --heuristic nosuch "$FIXTURES/eval-gaps.txt"
	[ "$status" -eq 2 ]
	run 2048-eval -q --weights sum_power=-1 "$FIXTURES/eval-gaps.txt"
	[ "$status" -eq 2 ]
	run 2048-eval -q --heuristic xu --weights max=3 "$FIXTURES/eval-gaps.txt"
	[ "$status" -eq 0 ]
}

@test "boards of every size: every key, computed by hand (3x3 lines, 2x2 and 2x4 xu)" {
	# rows (2 2 .) (. 4 .) (. . .), columns (2 . .) (2 4 .) (. . .):
	# merges 2 (the pair); monotonicity min(16,16) + min(16,15) = 31;
	# sum 1+1 + 4^... 2*1 + 2^3.5 (row) and 1 + 1 + 2^3.5 (columns);
	# total 6*200000 + 270*12 + 700*2 - 47*31 - 11*26.627417
	run 2048-eval < <(board '2 2 .' '. 4 .' '. . .')
	[ "$status" -eq 0 ]
	[ "$output" = "score 0
moves 0
max 4
empty 6
legal down left right
over no
won no
heuristic lines
term.fixed 6
term.empty 12
term.merges 2
term.monotonicity -31
term.sum -26.627417
total 1202890.098413" ]
	# xu, 2x2: rows (2 4) smoothness -1, (. 8) an empty cell; columns
	# (2 .), (4 8) smoothness -1; max rank 3: -0.2 + 2.7 + 3
	run 2048-eval -H xu < <(board '2 4' '. 8')
	[ "${lines[4]}" = "legal down left" ]
	[ "${lines[8]}" = "term.smoothness -2" ]
	[ "${lines[10]}" = "term.empty 1" ]
	[ "${lines[11]}" = "term.max 3" ]
	[ "${lines[12]}" = "total 5.5" ]
	# xu, 2x4 with its four header: rows (2 4 8 16) -3, (. . . 2) three
	# empty cells; columns of two, (16 2) -3; max rank 4
	run 2048-eval -H xu -J < <(printf 'four 0.25\n2 4 8 16\n. . . 2\n')
	[ "$output" = '{"score":0,"moves":0,"max":16,"empty":3,"legal":["down","left"],"over":false,"won":false,"heuristic":"xu","term":{"smoothness":-6,"monotonicity":0,"empty":3,"max":4},"total":11.5}' ]
}

# terms_total HEURISTIC < report: the sum of weight x term (the weights of
# --list), to compare with the report's total
terms_total() {
	local w=$BATS_TEST_TMPDIR/weights
	2048-eval --list -H "$1" > "$w"
	awk 'NR == FNR { w[$1] = $2; next }
	    /^term\./ { sub(/^term\./, "", $1); s += w[$1] * $2 }
	    /^total/ { printf "%.3f %.3f\n", s, $2 }' "$w" -
}

@test "boards of every size: the same keys, and the terms add up to the total" {
	local size h keys4
	keys4=$(2048-new --seed 1 | 2048-eval | cut -d' ' -f1)
	for size in 2x2 3x3 2x4 4x2 5x5 3x7 8x8; do
		2048-new --seed 3 --size "$size" --four 0.2 -c |
		    2048-move -c left | 2048-spawn -c > "$BATS_TEST_TMPDIR/b"
		[ "$(2048-eval < "$BATS_TEST_TMPDIR/b" | cut -d' ' -f1)" = "$keys4" ]
		for h in lines xu; do
			2048-eval -H "$h" < "$BATS_TEST_TMPDIR/b" | terms_total "$h" |
			    awk '{ d = $1 - $2; exit !(d * d < 1e-4) }'
		done
	done
}

@test "boards of every size: over and won; --target past 131072 on a big board" {
	run 2048-eval -k over < <(board '2 4 2' '4 2 4' '2 4 2')
	[ "$output" = yes ]
	run 2048-eval -q < <(board '2 4 2' '4 2 4' '2 4 2')
	[ "$status" -eq 1 ]
	run 2048-eval -q < <(board '2 4' '4 4')
	[ "$status" -eq 0 ]
	printf '%s\n' '262144 . . . . . . .' '. . . . . . . .' '. . . . . . . .' \
	    '. . . . . . . .' '. . . . . . . .' '. . . . . . . .' \
	    '. . . . . . . .' '. . . . . . . 2' > "$BATS_TEST_TMPDIR/big"
	run 2048-eval -k max "$BATS_TEST_TMPDIR/big"
	[ "$output" = 262144 ]
	run 2048-eval -t 262144 -k won "$BATS_TEST_TMPDIR/big"
	[ "$output" = yes ]
	run 2048-eval -t 524288 -k won "$BATS_TEST_TMPDIR/big"
	[ "$output" = no ]
	run 2048-eval -t 4611686018427387904 -k won "$BATS_TEST_TMPDIR/big"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--target: expected a tile from 2 to 2^61: "* ]]
}

@test "a net values 4x4 boards: another size is exit 2 with its line" {
	local T=$BATS_TEST_TMPDIR
	2048-learn --net 0123 --save "$T/n" --games 1 --seed 1 --threads 1 -q
	{ 2048-new --seed 1; echo; 2048-new --seed 1 --size 5x5; } > "$T/boards"
	run 2048-eval --net "$T/n" -k total "$T/boards"
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "${lines[0]}" =~ ^-?[0-9.]+$ ]]
	[ "${lines[1]}" = "2048-eval: $T/boards:10: --net: the net values 4x4 boards, not 5x5" ]
}
