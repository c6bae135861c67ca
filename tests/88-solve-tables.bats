#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 88-solve-tables.bats - 2048-solve with exact tables: a table decides the
# boards it covers, the search the others; a broken table ends the run.
load helper
bats_require_minimum_version 1.5.0

setup_file() {
	export TDIR=$BATS_FILE_TMPDIR/tables
	mkdir -p "$TDIR"
	2048-table -q -o "$TDIR/p.tbl" --pattern xxxx/xxxx/xx../.... -t 32
	# a whole board's table in the same place is not a player's: skipped
	2048-table -q -o "$TDIR/2x2.tbl" --size 2x2
}

# a 4x4 board of the pattern above: its large tiles, the least of them
# the target (32), then rows 3 and 4
pattern_board() {
	board '65536 32768 16384 8192' '2048 4096 1024 512' "64 32 $1" "$2"
}

@test "a covered board: the table's move, its probabilities in --explain" {
	run 2048-solve --tables "$TDIR" --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[ "$status" -eq 0 ]
	[[ "$output" == "$(printf '%s\n' left '  up    0.604470' \
	    '  down  0.000000' '  left  0.679394' '  right 0.000000' \
	    '  table p.tbl probability 0.679394 time ')"* ]]
	[ "${lines[6]}" = '  evaluator lines' ]
	# the same board mirrored: the mirrored move
	run 2048-solve --tables "$TDIR" < <(board '8192 16384 32768 65536' \
	    '512 1024 4096 2048' '2 . 32 64' '2 . . .')
	[ "$output" = right ]
}

@test "the table's move is 2048-table's best on every covered board" {
	local b best
	for b in '. 2|. . . 2' '16 .|2 . 16 4' '4 8|2 . 2 4' '. .|8 4 2 2'; do
		best=$(2048-table --table "$TDIR/p.tbl" < <(pattern_board \
		    "${b%%|*}" "${b#*|}") | sed -n 's/^best //p')
		run 2048-solve --tables "$TDIR" < <(pattern_board "${b%%|*}" \
		    "${b#*|}")
		[ "$status" -eq 0 ]
		[ "$output" = "$best" ]
	done
}

@test "a board no table covers, or --no-tables: the search decides" {
	run 2048-solve --tables "$TDIR" --explain < <(board '2 . . .' \
	    '. . . .' '. . 4 .' '. . . .')
	[ "$status" -eq 0 ]
	[[ "$output" == *'  depth '* ]]
	[[ "$output" != *'table'* ]]
	# the pattern fits, but the least large tile is not the target: what
	# the free cells would make does not merge into them
	run 2048-solve --tables "$TDIR" --explain < <(board \
	    '65536 32768 16384 8192' '2048 4096 1024 512' '256 128 . 2' \
	    '. . . 2')
	[[ "$output" == *'  depth '* ]]
	[[ "$output" != *'table'* ]]
	run 2048-solve --no-tables --explain < <(pattern_board '. 2' '. . . 2')
	[[ "$output" == *'  depth '* ]]
	[[ "$output" != *'table'* ]]
	# the last of --tables and --no-tables counts
	run 2048-solve --no-tables --tables "$TDIR" --explain < <(pattern_board \
	    '. 2' '. . . 2')
	[[ "$output" == *'  table p.tbl '* ]]
}

@test "G2048_TABLES names the tables; empty, none" {
	G2048_TABLES=$TDIR run 2048-solve --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[[ "$output" == *'  table p.tbl '* ]]
	G2048_TABLES='' run 2048-solve --explain < <(pattern_board '. 2' \
	    '. . . 2')
	[[ "$output" != *'table'* ]]
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

@test "games with tables: the summary counts the moves tables chose" {
	local b
	b=$(pattern_board '. 2' '. . . 2')
	run 2048-solve --tables "$TDIR" --play --summary --fast -s 3 <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nby tables     '[1-9]* ]]
	run 2048-solve --no-tables --play --summary --fast -s 3 <<<"$b"
	[[ "$output" != *'by tables'* ]]
	# the same game from the same board: tables or not, same bytes twice
	diff <(2048-solve --tables "$TDIR" --play -s 3 --fast <<<"$b") \
	    <(2048-solve --tables "$TDIR" --play -s 3 --fast -j 1 <<<"$b")
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
	[[ "$(env -u G2048_TABLES "$T/co/bin/2048-solve" -e <<<"$b")" == \
	    *'  table p.tbl '* ]]
	[[ "$(env -u G2048_TABLES "$T/inst/bin/2048-solve" -e <<<"$b")" == \
	    *'  table p.tbl '* ]]
	[[ "$(env -u G2048_TABLES "$T/inst/bin/2048-solve" --no-tables -e \
	    <<<"$b")" != *table* ]]
}

@test "--json: the table that chose, and the summary's by_tables" {
	local b
	b=$(pattern_board '. 2' '. . . 2')
	run 2048-solve --tables "$TDIR" --explain --json <<<"$b"
	[ "$status" -eq 0 ]
	[[ "$output" == '{"move":"left","values":{"up":0.60447'* ]]
	[[ "$output" == *',"table":"p.tbl"}' ]]
	run 2048-solve --no-tables --explain --json <<<"$b"
	[[ "$output" == *',"table":null}' ]]
	run 2048-solve --tables "$TDIR" --play --summary --json --fast -s 3 \
	    <<<"$b"
	[[ "$output" == *'"by_tables":'[1-9]* ]]
}
