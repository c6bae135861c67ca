#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 88-solve-tables.bats - 2048-solve with exact tables: a table decides the
# boards it covers (a pattern's, 4x4 endgames; a whole board's, small
# boards of its size and odds), the search the others, and --explain says
# why on a small board; --algo exact insists; a broken table ends the run.
load helper
bats_require_minimum_version 1.5.0

setup_file() {
	export TDIR=$BATS_FILE_TMPDIR/tables
	mkdir -p "$TDIR"
	2048-table -q -o "$TDIR/p.tbl" --pattern xxxx/xxxx/xx../.... -t 32
	# whole boards' tables beside it (score: seconds), for small boards
	2048-table -q -o "$TDIR/2x2.tbl" --size 2x2
	2048-table -q -o "$TDIR/2x3.tbl" --size 2x3
}

# value DIR TABLE-OUTPUT: the value 2048-table gives a move (or `value`,
# the best's), as --explain prints it (6 decimals)
value() {
	awk -v d="$1" '$1 == d { printf "%.6f\n", $2 }' <<<"$2"
}

# a 4x4 board of the pattern above: its large tiles, the least of them
# the target (32), then rows 3 and 4
pattern_board() {
	board '65536 32768 16384 8192' '2048 4096 1024 512' "64 32 $1" "$2"
}

@test "a covered board: the table's move, its probabilities in --explain" {
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[ "$status" -eq 0 ]
	[[ "$output" == "$(printf '%s\n' left '  up    0.604470' \
	    '  down  0.000000' '  left  0.679394' '  right 0.000000' \
	    '  pattern table p.tbl probability 0.679394 time ')"* ]]
	[ "${lines[6]}" = '  margin 0.074924 over up' ]
	[ "${lines[7]}" = '  evaluator lines (not asked: a table decided)' ]
	# the same board mirrored: the mirrored move
	run 2048-solve --tables "$TDIR" --table-min 0 < <(board '8192 16384 32768 65536' \
	    '512 1024 4096 2048' '2 . 32 64' '2 . . .')
	[ "$output" = right ]
}

@test "the table's move is 2048-table's best on every covered board" {
	local b best
	for b in '. 2|. . . 2' '16 .|2 . 16 4' '4 8|2 . 2 4' '. .|8 4 2 2'; do
		best=$(2048-table --table "$TDIR/p.tbl" < <(pattern_board \
		    "${b%%|*}" "${b#*|}") | sed -n 's/^best //p')
		run 2048-solve --tables "$TDIR" --table-min 0 < <(pattern_board "${b%%|*}" \
		    "${b#*|}")
		[ "$status" -eq 0 ]
		[ "$output" = "$best" ]
	done
}

@test "--table-min: a table decides only where its best move is that sure" {
	local b
	b=$(pattern_board '. 2' '. . . 2')     # its best move: 0.679394
	run 2048-solve --tables "$TDIR" --explain <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" != *table* ]]
	run 2048-solve --tables "$TDIR" --table-min 0.67 --explain <<<"$b"
	[[ "$output" == *'  pattern table p.tbl probability 0.679394 '* ]]
	run 2048-solve --tables "$TDIR" --table-min 0.68 --explain <<<"$b"
	[[ "$output" != *table* ]]
	# a surer board (0.966): by default the table's move, not the search's
	b=$(pattern_board '. 16' '. 2 4 .')
	[ "$(2048-solve --no-tables <<<"$b")" = down ]
	[ "$(2048-solve --tables "$TDIR" <<<"$b")" = up ]
	run 2048-solve --table-min 1.5 <<<"$b"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--table-min: expected a number from 0 to 1"* ]]
}

@test "--table-from: the tables only on boards with that tile or larger" {
	local b
	# the pattern's board of 0.966 above, its largest tile 8192
	b=$(board '8192 4096 2048 1024' '64 128 256 512' '128 32 . 16' \
	    '. 2 4 .')
	run 2048-solve --tables "$TDIR" --explain <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" != *table* ]]
	run 2048-solve --tables "$TDIR" --table-from 8192 --explain <<<"$b"
	[[ "$output" == *'  pattern table p.tbl probability 0.966'* ]]
	run 2048-solve --tables "$TDIR" --table-from 0 --explain <<<"$b"
	[[ "$output" == *'  pattern table p.tbl '* ]]
	run 2048-solve --table-from 100 <<<"$b"
	[ "$status" -eq 2 ]
	[[ "$output" == *"--table-from: expected 0 (every board) or a tile from "*": '100'"* ]]
}

@test "a pattern with a mover: it decides where one large tile stands apart" {
	local d=$BATS_TEST_TMPDIR/m b
	mkdir -p "$d"
	2048-table -q -o "$d/m.tbl" --pattern xxxx/xxxx/..X./.... -t 32
	# the large tiles of rows 1 and 2, the least of them 32; a 512 apart
	b=$(board '65536 32768 16384 8192' '2048 4096 1024 32' '. . 512 .' \
	    '2 2 . .')
	run 2048-solve --tables "$d" --table-min 0 --explain <<<"$b"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "$(2048-table --table "$d/m.tbl" <<<"$b" |
	    sed -n 's/^best //p')" ]]
	[[ "$output" == *'  pattern table m.tbl probability '* ]]
	# two tiles apart: not the pattern's
	run 2048-solve --tables "$d" --table-min 0 --explain < <(board \
	    '65536 32768 16384 8192' '2048 4096 1024 32' '. . 512 .' '2 2 . 256')
	[[ "$output" != *table* ]]
}

@test "a board no table covers, or --no-tables: the search decides" {
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(board '2 . . .' \
	    '. . . .' '. . 4 .' '. . . .')
	[ "$status" -eq 0 ]
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" != *'table'* ]]
	# the pattern fits, but the least large tile is not the target: what
	# the free cells would make does not merge into them
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(board \
	    '65536 32768 16384 8192' '2048 4096 1024 512' '256 128 . 2' \
	    '. . . 2')
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" != *'table'* ]]
	run 2048-solve --no-tables --explain < <(pattern_board '. 2' '. . . 2')
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" != *'table'* ]]
	# the last of --tables and --no-tables counts
	run 2048-solve --no-tables --tables "$TDIR" --table-min 0 --explain < <(pattern_board \
	    '. 2' '. . . 2')
	[[ "$output" == *'  pattern table p.tbl '* ]]
}

@test "G2048_TABLES names the tables; empty, none" {
	G2048_TABLES=$TDIR run 2048-solve --table-min 0 --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[[ "$output" == *'  pattern table p.tbl '* ]]
	G2048_TABLES='' run 2048-solve --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[[ "$output" != *'table'* ]]
}

@test "with a net, the tables decide only when --tables names them" {
	local b
	b=$(pattern_board '. 2' '. . . 2')
	2048-learn --net 0123,4567 --save "$BATS_TEST_TMPDIR/n" --games 50 \
	    --seed 1 --threads 1 -q
	G2048_TABLES=$TDIR run 2048-solve --net "$BATS_TEST_TMPDIR/n" \
	    --depth 1 --table-min 0 --explain <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" != *'table'* ]]
	[[ "$output" == *'  evaluator net '* ]]
	run 2048-solve --net "$BATS_TEST_TMPDIR/n" --depth 1 --tables "$TDIR" \
	    --table-min 0 --explain <<<"$b"
	[[ "$output" == *'  pattern table p.tbl '* ]]
	# the default net at --fast: the same
	G2048_TABLES=$TDIR G2048_NET="$BATS_TEST_TMPDIR/n" run 2048-solve --fast \
	    --table-min 0 --explain <<<"$b"
	[[ "$output" != *'table'* ]]
	# the heuristic, the default setting: the default tables
	G2048_TABLES=$TDIR G2048_NET="$BATS_TEST_TMPDIR/n" run 2048-solve \
	    --table-min 0 --explain <<<"$b"
	[[ "$output" == *'  pattern table p.tbl '* ]]
}

@test "with a net, --games plays without the default tables too, on every thread" {
	local d=$BATS_TEST_TMPDIR/early t
	# a table of early boards (two large cells, target 8), which the
	# games below meet from their first moves
	mkdir "$d"
	2048-table -q -o "$d/e.tbl" --pattern xx../..../..../.... -t 8
	2048-learn --net 0123,4567 --save "$BATS_TEST_TMPDIR/n" --games 50 \
	    --seed 1 --threads 1 -q
	# 1-ply: the tables are asked at the root whatever the depth
	for t in 1 2; do
		G2048_TABLES=$d run 2048-solve --net "$BATS_TEST_TMPDIR/n" \
		    --depth 1 --games 2 --seed 1 --threads "$t" --table-from 0 \
		    --table-min 0 --final
		[ "$status" -eq 0 ]
		[ "$output" = "$(2048-solve --net "$BATS_TEST_TMPDIR/n" \
		    --depth 1 --games 2 --seed 1 --threads "$t" --final \
		    --no-tables)" ]
	done
	# named, they decide
	run 2048-solve --net "$BATS_TEST_TMPDIR/n" --depth 1 --games 2 \
	    --seed 1 --tables "$d" --table-from 0 --table-min 0 --summary
	[[ "$output" == *$'\nby tables     '[1-9]* ]]
}

@test "a corrupt table: exit 2, one message, no move of it written" {
	local d=$BATS_TEST_TMPDIR/bad size
	mkdir "$d"
	cp "$TDIR/p.tbl" "$d/p.tbl"
	size=$(wc -c < "$d/p.tbl")
	# the last byte changed: the header still reads
	if [ "$(tail -c 1 "$d/p.tbl" | od -An -tu1 | tr -d ' ')" = 0 ]; then
		printf '\001'
	else
		printf '\000'
	fi | dd of="$d/p.tbl" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
	run --separate-stderr 2048-solve --tables "$d" < <(pattern_board \
	    '. 2' '. . . 2')
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[[ "$stderr" == "2048-solve: $d/p.tbl: corrupt"* ]]
	[ "${#stderr_lines[@]}" -eq 1 ]
	# a header that does not read: at once, whatever the board
	printf 'not a table\n' > "$d/p.tbl"
	run --separate-stderr 2048-solve --tables "$d" < <(board '2 . . .' \
	    '. . . .' '. . 4 .' '. . . .')
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	run 2048-solve --tables "$BATS_TEST_TMPDIR/none" < <(board '2 . . .' \
	    '. . . .' '. . 4 .' '. . . .')
	[ "$status" -eq 2 ]
}

@test "a corrupt block: the boards before it answered, none after" {
	local d=$BATS_TEST_TMPDIR/bad off v early late
	mkdir "$d"
	cp "$TDIR/p.tbl" "$d/p.tbl"
	# block 1 (of 2): the values of the states of tile sum 18 and more
	off=$((4096 + 65536 + 8))
	v=$(od -An -tu1 -j "$off" -N 1 "$d/p.tbl" | tr -d ' ')
	printf '%b' "\\0$(printf '%03o' $((v ^ 1)))" |
	    dd of="$d/p.tbl" bs=1 seek="$off" conv=notrunc 2>/dev/null
	early=$(pattern_board '. 2' '. . . 2')
	late=$(board '65536 32768 16384 8192' '2048 4096 1024 512' \
	    '64 32 16 8' '4 2 . .')
	run 2048-solve --tables "$TDIR" --table-min 0 <<<"$late"
	[ "$output" = right ]
	run --separate-stderr 2048-solve --tables "$d" --table-min 0 \
	    < <(printf '%s\n\n%s\n' "$early" "$late")
	[ "$status" -eq 2 ]
	[ "$output" = left ]
	[ "$stderr" = "2048-solve: $d/p.tbl: corrupt: block 1 does not match its checksum" ]
	run --separate-stderr 2048-solve --tables "$d" --table-min 0 --play \
	    --fast -s 3 --summary <<<"$late"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "${#stderr_lines[@]}" -eq 1 ]
}

@test "games with tables: the summary counts the moves tables chose" {
	local b
	b=$(pattern_board '. 2' '. . . 2')
	run 2048-solve --tables "$TDIR" --table-min 0 --play --summary --fast -s 3 <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nby tables     '[1-9]* ]]
	run 2048-solve --no-tables --play --summary --fast -s 3 <<<"$b"
	[[ "$output" != *'by tables'* ]]
	# the same game from the same board: tables or not, same bytes twice
	diff <(2048-solve --tables "$TDIR" --table-min 0 --play -s 3 --fast <<<"$b") \
	    <(2048-solve --tables "$TDIR" --table-min 0 --play -s 3 --fast -j 1 <<<"$b")
}

@test "the default tables: \$G2048_TABLES, installed, or the checkout's tables/" {
	local T=$BATS_TEST_TMPDIR b
	mkdir -p "$T/co/bin" "$T/co/tables" "$T/inst/bin" \
	    "$T/inst/share/2048-tools/tables"
	cp "$(command -v 2048-solve)" "$T/co/bin/"
	cp "$(command -v 2048-solve)" "$T/inst/bin/"
	b=$(pattern_board '. 2' '. . . 2')
	# nothing there: the search
	[[ "$(env -u G2048_TABLES "$T/co/bin/2048-solve" -e <<<"$b")" != *table* ]]
	cp "$TDIR/p.tbl" "$T/co/tables/"
	cp "$TDIR/p.tbl" "$T/inst/share/2048-tools/tables/"
	[[ "$(env -u G2048_TABLES "$T/co/bin/2048-solve" --table-min 0 -e \
	    <<<"$b")" == *'  pattern table p.tbl '* ]]
	[[ "$(env -u G2048_TABLES "$T/inst/bin/2048-solve" --table-min 0 -e \
	    <<<"$b")" == *'  pattern table p.tbl '* ]]
	[[ "$(env -u G2048_TABLES "$T/inst/bin/2048-solve" --no-tables -e \
	    <<<"$b")" != *table* ]]
	# a whole board's table, as make install puts those of make tables
	cp "$TDIR/2x3.tbl" "$T/inst/share/2048-tools/tables/"
	[[ "$(2048-new --size 2x3 --seed 4 | env -u G2048_TABLES \
	    "$T/inst/bin/2048-solve" -e)" == *'  board table 2x3.tbl (2x3, '* ]]
	[[ "$(2048-new --size 2x3 --seed 4 | env -u G2048_TABLES \
	    "$T/inst/bin/2048-solve" --algo exact)" == right ]]
}

@test "--json: the table that chose, and the summary's by_tables" {
	local b
	b=$(pattern_board '. 2' '. . . 2')
	run 2048-solve --tables "$TDIR" --table-min 0 --explain --json <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" == '{"move":"left","values":{"up":0.60447'* ]]
	[[ "$output" == *',"table":"p.tbl","chain":null,"source":"pattern table","exact":null}' ]]
	run 2048-solve --no-tables --explain --json <<<"$b"
	[[ "$output" == *',"table":null,"chain":null,"source":"search","exact":null}' ]]
	run 2048-solve --tables "$TDIR" --table-min 0 --play --summary --json --fast -s 3 \
	    <<<"$b"
	[[ "$output" == *'"by_tables":'[1-9]* ]]
}

@test "a small board a whole board's table covers: its move, its exact values" {
	local b want d
	b=$(2048-new --size 2x3 --seed 4)
	want=$(2048-table --table "$TDIR/2x3.tbl" <<<"$b")
	run 2048-solve --tables "$TDIR" --table-min 0 --explain <<<"$b"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$(sed -n 's/^best //p' <<<"$want")" ]
	for d in up down left right; do
		if grep -q "^$d " <<<"$want"; then
			[[ "$output" == *"$(printf '  %-5s %s' "$d" \
			    "$(value "$d" "$want")")"$'\n'* ]]
		else
			[[ "$output" == *"$(printf '  %-5s -' "$d")"$'\n'* ]]
		fi
	done
	[[ "$output" == *"  board table 2x3.tbl (2x3, four 0.1, score) exact: expected score to come $(value value "$want"), final $(value value "$want") time "* ]]
	[[ "$output" != *depth* ]]
	# the final score counts the score so far
	run 2048-solve --tables "$TDIR" --table-min 0 --explain <<<"${b/score 0/score 100}"
	[[ "$output" == *", final $(awk -v v="$(value value "$want")" \
	    'BEGIN { printf "%.6f", v + 100 }') time "* ]]
}

@test "every move of a 2x3 game is 2048-table's best, the tables' in the summary" {
	local T=$BATS_TEST_TMPDIR
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$TDIR" --table-min 0 --play -c \
	    --log "$T/log" >"$T/trace"
	[ "$(wc -l <"$T/log")" -ge 20 ]
	cut -f 1 "$T/log" | 2048-table --table "$TDIR/2x3.tbl" |
	    sed -n 's/^best //p' >"$T/best"
	cut -f 2 "$T/log" | diff - "$T/best"
	# the trace is the shell loop's
	[ "$(tail -n 1 "$T/trace")" = "$(2048-new --size 2x3 --seed 9 -c |
	    2048-solve --tables "$TDIR" --table-min 0 --play -c --final)" ]
	run 2048-solve --tables "$TDIR" --table-min 0 --play --summary < <(2048-new \
	    --size 2x3 --seed 9)
	[[ "$output" == *$'\nby tables     '*' moves, 100.00%'* ]]
}

@test "the exact player's mean score is the table's expected score" {
	local start
	# 2x2: 2000 games; 2x3: 400 (seeded, so the same every run)
	start=$(2048-table --info "$TDIR/2x2.tbl" | awk '$1 == "start" { print $2 }')
	2048-new --size 2x2 --seed 1 -n 2000 -c | 2048-solve --tables "$TDIR" --table-min 0 \
	    --algo exact --play --final -c | awk -v start="$start" '
	    { n++; s += $2; q += $2 * $2 }
	    END { m = s / n; se = sqrt((q - n * m * m) / (n - 1) / n)
		  print m, start, se
		  exit !(m > start - 4 * se && m < start + 4 * se) }'
	start=$(2048-table --info "$TDIR/2x3.tbl" | awk '$1 == "start" { print $2 }')
	2048-new --size 2x3 --seed 1 -n 400 -c | 2048-solve --tables "$TDIR" --table-min 0 \
	    --algo exact --play --final -c | awk -v start="$start" '
	    { n++; s += $2; q += $2 * $2 }
	    END { m = s / n; se = sqrt((q - n * m * m) / (n - 1) / n)
		  print m, start, se
		  exit !(m > start - 4 * se && m < start + 4 * se) }'
}

@test "a small board no table covers: --explain says why, the search plays" {
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(2048-new --size 3x3 --seed 1)
	[ "$status" -eq 0 ]
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" == *"  exact: no exact table of 3x3, four 0.1 in $TDIR (2048-table -o $TDIR/3x3.tbl --size 3x3 builds one); searched"$'\n'* ]]
	# other odds than the table's
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(2048-new --size 2x3 \
	    --seed 1 --four 0.2)
	[[ "$output" == *"  exact: no exact table of 2x3, four 0.2 in $TDIR (2048-table -o $TDIR/2x3-four0.2.tbl --size 2x3 --four 0.2 builds one); searched"* ]]
	[[ "$output" == *'  search depth '* ]]
	# a board of its size that no game from the start reaches
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(board '16 16' '. 2')
	[[ "$output" == *"  exact: the exact table 2x2.tbl (2x2, four 0.1) does not cover this board: not one of a game from two spawned tiles; searched"* ]]
	run 2048-solve --no-tables --explain < <(2048-new --size 2x3 --seed 1)
	[[ "$output" == *"  exact: no exact table of 2x3, four 0.1 consulted (--no-tables); searched"* ]]
	G2048_TABLES='' run 2048-solve --explain < <(2048-new --size 2x3 --seed 1)
	[[ "$output" == *"  exact: no exact table of 2x3, four 0.1: no tables (make pattern-tables, or --tables DIR); searched"* ]]
	# a covered board that cannot move: nothing to say
	run 2048-solve --tables "$TDIR" --table-min 0 --explain < <(board '2 4' '8 16')
	[ "$status" -eq 1 ]
	[[ "$output" != *exact* ]]
	# boards no table of a whole game could cover: no line
	for b in "$(2048-new --seed 1)" "$(2048-new --size 5x5 --seed 1)"; do
		run 2048-solve --tables "$TDIR" --table-min 0 --explain <<<"$b"
		[ "$status" -eq 0 ]
		[[ "$output" != *exact* ]]
	done
}

@test "--algo exact: a board no table covers is an input error that says why" {
	run --separate-stderr 2048-solve --tables "$TDIR" --table-min 0 --algo exact < <(
	    2048-new --size 2x3 --seed 4; echo; 2048-new --size 3x3 --seed 1)
	[ "$status" -eq 2 ]
	[ "$output" = "$(2048-new --size 2x3 --seed 4 | 2048-solve --tables \
	    "$TDIR")" ]
	# the stream's change of size is warned of first (cli_shapes)
	[ "$stderr" = "2048-solve: <stdin>:8: warning: a 3x3 board after 2x3 ones: a row or a cell too many or too few? (said once; --strict refuses it)
2048-solve: <stdin>:8: --algo exact: no exact table of 3x3, four 0.1 in $TDIR (2048-table -o $TDIR/3x3.tbl --size 3x3 builds one)" ]
	run --separate-stderr 2048-solve --tables "$TDIR" --table-min 0 --algo exact < <(
	    2048-new --seed 1)
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"no exact table of 4x4, four 0.1 in"* ]]
	# --play: the game is not played
	run --separate-stderr 2048-solve --tables "$TDIR" --table-min 0 --algo exact --play \
	    < <(2048-new --size 2x3 --seed 4 --four 0.3)
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[[ "$stderr" == *"no exact table of 2x3, four 0.3 in"* ]]
	# --games: before any game, named by its seed
	run --separate-stderr 2048-solve --tables "$TDIR" --table-min 0 --algo exact \
	    --games 3 --seed 5 --size 3x3
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "2048-solve: --algo exact: the game of seed 5: no exact table of 3x3, four 0.1 in $TDIR (2048-table -o $TDIR/3x3.tbl --size 3x3 builds one)" ]
	run 2048-solve --tables "$TDIR" --table-min 0 --algo exact --games 20 --seed 5 \
	    --size 2x3 --summary
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nby tables     '*' moves, 100.00%'* ]]
	# the same games as the pipe's
	[ "$(2048-solve --tables "$TDIR" --table-min 0 --algo exact --games 20 --seed 5 \
	    --size 2x3 --final -c)" = "$(2048-new --size 2x3 --seed 5 -n 20 |
	    2048-solve --tables "$TDIR" --table-min 0 --algo exact --play --final -c)" ]
	# no tables to play by at all
	run --separate-stderr 2048-solve --no-tables --algo exact < <(2048-new \
	    --size 2x3 --seed 4)
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--algo exact plays by the tables of whole boards: not with --no-tables"* ]]
	# where a table covers, the same moves as without --algo exact
	[ "$(2048-new --size 2x3 --seed 9 | 2048-solve --tables "$TDIR" --table-min 0 \
	    --algo exact --play -c | md5sum)" = "$(2048-new --size 2x3 \
	    --seed 9 | 2048-solve --tables "$TDIR" --table-min 0 --play -c | md5sum)" ]
}

@test "--json: the exact object of a covered small board, of an uncovered one" {
	local b want
	b=$(2048-new --size 2x3 --seed 4)
	want=$(2048-table --table "$TDIR/2x3.tbl" <<<"$b")
	run 2048-solve --tables "$TDIR" --table-min 0 --explain --json <<<"$b"
	[ "$status" -eq 0 ]
	[ "$(jq -c '.exact | [.covered, .table, .size, .four, .objective]' \
	    <<<"$output")" = '[true,"2x3.tbl","2x3",0.1,"score"]' ]
	[ "$(jq -r '.exact.value' <<<"$output")" = "$(value value "$want" |
	    sed 's/0*$//')" ]
	[ "$(jq -r '.table' <<<"$output")" = 2x3.tbl ]
	run 2048-solve --tables "$TDIR" --table-min 0 --explain --json < <(2048-new \
	    --size 3x3 --seed 1 --four 0.2)
	[ "$(jq -c '.exact | [.covered, .size, .four]' <<<"$output")" = \
	    '[false,"3x3",0.2]' ]
	[[ "$(jq -r '.exact.why' <<<"$output")" == "no exact table of 3x3, four 0.2 in "* ]]
	run 2048-solve --tables "$TDIR" --table-min 0 --explain --json < <(2048-new --seed 1)
	[ "$(jq -c '.exact' <<<"$output")" = null ]
}

@test "a whole board's table of probabilities: its move until its target is made" {
	local d=$BATS_TEST_TMPDIR/prob b want
	mkdir "$d"
	2048-table -q -o "$d/2x3-64.tbl" --size 2x3 -t 64
	b=$(2048-new --size 2x3 --seed 4)
	want=$(2048-table --table "$d/2x3-64.tbl" <<<"$b")
	run 2048-solve --tables "$d" --explain <<<"$b"
	[ "${lines[0]}" = "$(sed -n 's/^best //p' <<<"$want")" ]
	[[ "$output" == *"  board table 2x3-64.tbl (2x3, four 0.1, reach 64) exact: probability $(value value "$want") time "* ]]
	run 2048-solve --tables "$d" --explain < <(board '64 2 .' '. . 4')
	[[ "$output" == *'  search depth '* ]]
	[[ "$output" == *"  exact: the target of the exact table 2x3-64.tbl is made; searched"* ]]
	# beside a table of the score, the score's decides
	cp "$TDIR/2x3.tbl" "$d/"
	run 2048-solve --tables "$d" --explain <<<"$b"
	[[ "$output" == *"  board table 2x3.tbl (2x3, four 0.1, score) exact: "* ]]
}

# source ARGS...: what decided the move of the board on stdin, as --json
# --explain names it
source_of() {
	2048-solve --json --explain "$@" | jq -r .source
}

@test "the player's order: a whole board's table, the chain tables or their digest, a pattern's table, the search; --explain names each" {
	local small digest chain
	small=$(2048-new --seed 3 --size 2x3)
	digest=$FIXTURES/solve/digest-board.txt
	chain=$(board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 128 .' \
	    '. . . 128')
	[ "$(source_of --tables "$TDIR" <<<"$small")" = 'board table' ]
	[ "$(source_of --no-tables <<<"$small")" = search ]
	[ "$(source_of --tables "$ROOT_DIR/tables" < "$digest")" = digest ]
	[ "$(source_of --tables "$ROOT_DIR/tables" --no-chain -d 1 < "$digest")" = search ]
	[ "$(source_of --chain --no-tables <<<"$chain")" = 'chain table' ]
	# the chain tables stand in place of the pattern tables
	[ "$(source_of --tables "$TDIR" --table-min 0 < <(pattern_board '. 2' '. . . 2'))" = 'pattern table' ]
	[ "$(source_of --tables "$TDIR" --chain --table-min 0 -d 1 < <(pattern_board '. 2' '. . . 2'))" = search ]
	[ "$(source_of --no-tables -d 1 < <(pattern_board '. 2' '. . . 2'))" = search ]
	# --explain in words
	run 2048-solve --explain --tables "$TDIR" <<<"$small"
	[[ "${lines[5]}" == '  board table 2x3.tbl (2x3, four 0.1, score) exact: '* ]]
	run 2048-solve --explain --tables "$ROOT_DIR/tables" < "$digest"
	[[ "${lines[5]}" == '  chain table of the block of 5 (the digest), probability 1.000000 '* ]]
	run 2048-solve --explain --chain --no-tables <<<"$chain"
	[[ "${lines[5]}" == '  chain table of the block of 6, probability '* ]]
	run 2048-solve --explain --tables "$TDIR" --table-min 0 < <(pattern_board '. 2' '. . . 2')
	[[ "${lines[5]}" == '  pattern table p.tbl probability '* ]]
	run 2048-solve --explain --no-tables -d 1 <<<"$small"
	[[ "${lines[5]}" == '  search depth 1 nodes '* ]]
	[ "${lines[-1]}" = '  evaluator lines' ]
}

@test "a table's changed header: refused before any board, never a wrong move" {
	local d=$BATS_TEST_TMPDIR/bad b
	mkdir "$d"
	cp "$TDIR/2x3.tbl" "$d/2x3.tbl"
	# byte 45: "target 0" would read "target 8"
	[ "$(head -c 46 "$d/2x3.tbl" | tail -c 8)" = 'target 0' ]
	printf '8' | dd of="$d/2x3.tbl" bs=1 seek=45 conv=notrunc 2>/dev/null
	b=$(2048-new --size 2x3 --seed 4)
	run --separate-stderr 2048-solve --tables "$d" --table-min 0 <<<"$b"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "$stderr" = "2048-solve: $d/2x3.tbl: corrupt: the header's checksum does not match (its header or its blocks' sums changed)" ]
	run --separate-stderr 2048-solve --tables "$d" --algo exact <<<"$b"
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	# a table of format 2: refused, with how to make it format 3
	sed '1s/^2048-table 3/2048-table 2/' "$TDIR/2x3.tbl" > "$d/2x3.tbl"
	run --separate-stderr 2048-solve --tables "$d" <<<"$b"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"a table file of format 2, whose header no checksum covers: run '2048-table --upgrade $d/2x3.tbl'"* ]]
}

@test "a FIFO named as a table in --tables: refused, not waited on" {
	local d=$BATS_TEST_TMPDIR/fifo
	mkdir "$d"
	mkfifo "$d/x.tbl"
	run -2 timeout 60 2048-solve --tables "$d" < <(2048-new --size 2x3 --seed 4)
	[ "$output" = "2048-solve: $d/x.tbl: not a regular file, so not a table file" ]
}

@test "a table that shrinks while 2048-solve reads it: one message, exit 2" {
	local d=$BATS_TEST_TMPDIR l pid rc=0
	mkdir "$d/t"
	cp "$TDIR/2x3.tbl" "$d/t/2x3.tbl"
	mkfifo "$d/in" "$d/out"
	2048-solve --tables "$d/t" --table-min 0 < "$d/in" > "$d/out" \
	    2> "$d/err" &
	pid=$!
	# (fds 7 and 8: bats keeps 3)
	exec 7> "$d/in" 8< "$d/out"
	# the first board answered by the table: it is mapped
	printf '2 4 .\n. 8 2\n\n' >&7
	read -r l <&8
	[ "$l" = right ]
	truncate -s 4096 "$d/t/2x3.tbl"
	printf '2 4 .\n. 8 4\n' >&7
	exec 7>&-
	cat <&8 > /dev/null
	exec 8<&-
	wait "$pid" || rc=$?
	[ "$rc" -eq 2 ]
	[ "$(cat "$d/err")" = "2048-solve: a table file shrank while being read (SIGBUS): it was cut short or rewritten in place during the run" ]
}

@test "the command --explain suggests for a missing table runs as printed, and the table then decides" {
	local d=$BATS_TEST_TMPDIR/own cmd b
	mkdir -p "$d"
	b=$(2048-new --size 2x2 --seed 3 --four 0.2)
	run 2048-solve --tables "$d" --explain <<<"$b"
	cmd=$(sed -n 's/.*(\(2048-table .*\) builds one); searched$/\1/p' <<<"$output")
	[ "$cmd" = "2048-table -o $d/2x2-four0.2.tbl --size 2x2 --four 0.2" ]
	# shellcheck disable=SC2086 # the words of the command, as printed
	run $cmd -q
	[ "$status" -eq 0 ]
	[ "$(source_of --tables "$d" <<<"$b")" = 'board table' ]
}

@test "a kind of table added in the player's room alone is named by 2048-solve and 2048-review" {
	fake=$(fake_bin)
	2048-new --seed 3 >"$BATS_TEST_TMPDIR/b"
	# the first legal move of the new game
	run "$fake/2048-solve" -e "$BATS_TEST_TMPDIR/b"
	[ "$status" -eq 0 ]
	[[ "$output" == *"  fake table fake.tbl probability 0.750000 time "* ]]
	run "$fake/2048-solve" -e -J "$BATS_TEST_TMPDIR/b"
	[[ "$output" == *',"table":"fake.tbl","chain":null,"source":"fake table","exact":null}' ]]
	2048-solve --games 1 --seed 3 --fast --moves 2 -c >"$BATS_TEST_TMPDIR/game"
	run "$fake/2048-review" -J "$BATS_TEST_TMPDIR/game"
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == *'"kind":"probability","source":"fake table","table":"fake.tbl",'*'"what":"exact probability of the fake table'"'"'s target (fake.tbl)"'* ]]
}
