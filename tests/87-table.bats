#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 87-table.bats - 2048-table: exact tables built, described and queried;
# bad table files refused with one message (exit 2).
load helper
bats_require_minimum_version 1.5.0

setup_file() {
	export TBL_DIR=$BATS_FILE_TMPDIR
	2048-table -q -o "$TBL_DIR/2x3.tbl" --size 2x3
	2048-table -q -o "$TBL_DIR/p.tbl" --pattern xxxx/xxxx/xx../.... -t 32
}

# a 4x4 board of the pattern above: its large tiles, then rows 3 and 4
pattern_board() {
	board '65536 32768 16384 8192' '512 1024 2048 4096' "256 128 $1" "$2"
}

@test "the 2x3 table has the states and the value the brute force gives" {
	run 2048-table --info "$TBL_DIR/2x3.tbl"
	[ "$status" -eq 0 ]
	[[ "$output" == *$'\nstates 21752\n'* ]]
	[[ "$output" == *$'\nstates-plain 85844\n'* ]]
	[[ "$output" == *$'\nstart 480.2582718\n'* ]]
	[[ "$output" == *$'\nformat 3\nblock 65536\nbytes 267160\n'* ]]
	[[ "$output" == *$'\nchecksum 14b8bb0dbe64513d'* ]]
	[[ "$output" == *$'\nreach 128 0.0569921605 0.05470760989'* ]]
}

@test "a build gives the same bytes with one thread or two" {
	2048-table -q -j 1 -o "$BATS_TEST_TMPDIR/a.tbl" --size 2x3
	cmp "$BATS_TEST_TMPDIR/a.tbl" "$TBL_DIR/2x3.tbl"
}

@test "--info --json is one object" {
	run 2048-table --info "$TBL_DIR/p.tbl" --json
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == '{"rules":"pattern","pattern":"xxxx/xxxx/xx../....",'* ]]
	[[ "$output" == *'"pruned_moves":6478,'* ]]
	if command -v jq >/dev/null; then
		echo "$output" | jq -e '.states == 7779'
	fi
}

@test "a small board is queried with --cells" {
	run 2048-table --table "$TBL_DIR/2x3.tbl" --cells 2,4,.,.,8,2
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "covered yes" ]
	[ "${lines[1]}" = "best right" ]
	[ "${lines[2]}" = "value 461.9331482" ]
	[ "${#lines[@]}" -eq 7 ]
	run 2048-table --table "$TBL_DIR/2x3.tbl" --cells 2,4,.,8
	[ "$status" -eq 2 ]
	[ "$output" = "2048-table: --cells: expected 6 cells, the table's 2x3 board's, found 4: '2,4,.,8'"$'\n'"Try '2048-table --help'." ]
	run -2 2048-table --table "$TBL_DIR/2x3.tbl" --cells 2,4,.,q,8,2
	[ "${lines[0]}" = "2048-table: --cells: expected a tile (2, 4, 8 ...) or '.' for an empty cell: 'q'" ]
	run -2 2048-table --table "$TBL_DIR/p.tbl" --cells 2,4,.,8
	[ "${lines[0]}" = "2048-table: --cells: expected the table of a whole board (2048-table --size): $TBL_DIR/p.tbl is of the pattern xxxx/xxxx/xx../....; give it boards instead" ]
	# every number checked whole: 4x is not 4, nor 18446744073709551620 4
	run -2 2048-table --table "$TBL_DIR/2x3.tbl" --cells 2,4x,.,.,8,2
	[ "${lines[0]}" = "2048-table: --cells: expected a tile (2, 4, 8 ...) or '.' for an empty cell: '4x'" ]
	run -2 2048-table --table "$TBL_DIR/2x3.tbl" \
	    --cells 2,18446744073709551620,.,.,8,2
	run -2 2048-table -o x.tbl --size 4294967298x2
}

@test "a pattern's board: each move's value, pruned moves, every orientation" {
	run 2048-table --table "$TBL_DIR/p.tbl" < <(pattern_board '. 2' '. . . 2')
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' 'covered yes' 'best left' \
	    'value 0.6793944597' 'up 0.6044702785' 'down 0 pruned' \
	    'left 0.6793944597' 'right 0 pruned')" ]
	# the same board mirrored: left and right swap
	run 2048-table --table "$TBL_DIR/p.tbl" < <(board \
	    '8192 16384 32768 65536' '4096 2048 1024 512' '2 . 128 256' \
	    '2 . . .')
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "best right" ]
	[ "${lines[6]}" = "right 0.6793944597" ]
}

@test "a board one move from the target gets that move's value: 1" {
	# up merges the two 16s of the third column
	run 2048-table --table "$TBL_DIR/p.tbl" --json < <(pattern_board \
	    '16 .' '2 . 16 4')
	[ "$status" -eq 0 ]
	[ "$output" = '{"covered":true,"won":false,"best":"up","value":1,"moves":{"up":1,"down":0,"left":0.6105,"right":0},"pruned":["down","right"]}' ]
}

@test "a pattern with a large tile that may move (X)" {
	local m=$BATS_TEST_TMPDIR/m.tbl
	2048-table -q -o "$m" --pattern xxxx/xxxx/..X./.... -t 32
	run 2048-table --info "$m"
	[[ "$output" == *$'\nsymmetries 2\nstates 85432\n'* ]]
	[[ "$output" == *$'\nstart 0.9787995422\n'* ]]
	# the mover is the tile above the target outside the x cells
	run 2048-table --table "$m" < <(board '65536 32768 16384 8192' \
	    '512 1024 2048 4096' '. . 256 .' '2 2 . .')
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%s\n' 'covered yes' 'best right' \
	    'value 0.9862986405' 'up 0.9676871897' 'down 0 pruned' \
	    'left 0.9862986405' 'right 0.9862986405')" ]
	# mirrored, the mover in another cell
	run 2048-table --table "$m" < <(board '8192 16384 32768 65536' \
	    '4096 2048 1024 512' '. 256 . .' '. . 2 2')
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = "up 0.9676871897" ]
	# a mover equal to a large tile, or two movers: not covered
	run -1 2048-table --table "$m" < <(board '65536 32768 16384 8192' \
	    '512 1024 2048 4096' '. . 512 .' '2 2 . .')
	run -1 2048-table --table "$m" < <(board '65536 32768 16384 8192' \
	    '512 1024 2048 4096' '. . 256 .' '2 2 . 128')
	# a free tile of 16384 would be taken for a mover
	run -2 2048-table -o x.tbl --pattern xxxx/xxxx/..X./.... -t 16384
	[[ "$output" == *"4 to 8192 where large tiles may move"* ]]
}

@test "a board the table does not cover: exit 1" {
	# a large tile below the target in the pattern's cells
	run 2048-table --table "$TBL_DIR/p.tbl" < <(board '16 32768 16384 8192' \
	    '512 1024 2048 4096' '256 128 . .' '. . . 2')
	[ "$status" -eq 1 ]
	[ "$output" = "covered no" ]
	# a whole board's table answers for boards of its size and odds only
	run 2048-table --table "$TBL_DIR/2x3.tbl" < <(pattern_board '. .' '2 . . .')
	[ "$status" -eq 1 ]
	[ "$output" = "covered no" ]
	run 2048-table --table "$TBL_DIR/2x3.tbl" < <(2048-new --size 2x3 \
	    --seed 1 --four 0.2)
	[ "$status" -eq 1 ]
	[ "$output" = "covered no" ]
	# of its size: the same answer as --cells
	run 2048-table --table "$TBL_DIR/2x3.tbl" < <(board '2 4 .' '. 8 2')
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-table --table "$TBL_DIR/2x3.tbl" --cells \
	    2,4,.,.,8,2)" ]
}

@test "boards of every size: a 2x2 table covers its own, no 3x3, 2x4 or 5x5" {
	2048-table -q -o "$BATS_TEST_TMPDIR/2x2.tbl" --size 2x2
	run 2048-table --table "$BATS_TEST_TMPDIR/2x2.tbl" < <(board '2 4' '. 2')
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "covered yes" ]
	for s in 3x3 2x4 5x5; do
		run 2048-table --table "$BATS_TEST_TMPDIR/2x2.tbl" < <(2048-new \
		    --size "$s" --seed 3)
		[ "$status" -eq 1 ]
		[ "$output" = "covered no" ]
	done
	# a 2x2 board with 20% fours is another game
	run 2048-table --table "$BATS_TEST_TMPDIR/2x2.tbl" < <(printf \
	    'four 0.2\n2 4\n. 2\n')
	[ "$status" -eq 1 ]
	[ "$output" = "covered no" ]
}

@test "a truncated, corrupt or other version's file: exit 2, one message" {
	local f=$BATS_TEST_TMPDIR/bad.tbl size
	size=$(wc -c < "$TBL_DIR/2x3.tbl")
	head -c $((size - 1)) "$TBL_DIR/2x3.tbl" > "$f"
	run -2 2048-table --info "$f"
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == "2048-table: $f: truncated"* ]]
	head -c 100 "$TBL_DIR/2x3.tbl" > "$f"
	run -2 2048-table --table "$f" --cells 2,.,.,.,.,2
	[[ "$output" == *"truncated"* ]]
	cp "$TBL_DIR/2x3.tbl" "$f"
	printf '\377' | dd of="$f" bs=1 seek=$((size - 5)) conv=notrunc 2>/dev/null
	run -2 2048-table --info "$f"
	[ "$output" = "2048-table: $f: corrupt: the header's checksum does not match (its header or its blocks' sums changed)" ]
	sed '1s/^2048-table 3/2048-table 9/' "$TBL_DIR/2x3.tbl" > "$f"
	run -2 2048-table --info "$f"
	[[ "$output" == *"another version"* ]]
	printf 'hello\n' > "$f"
	run -2 2048-table --info "$f"
	[[ "$output" == *"not a table file" ]]
	# text longer than a table's first line is not a table cut short
	printf 'a text file that is no table at all\n' > "$f"
	run -2 2048-table --info "$f"
	[ "$output" = "2048-table: $f: not a table file" ]
	run -2 2048-table --table "$f" --cells 2,.,.,.,.,2
	[ "$output" = "2048-table: $f: not a table file" ]
	run -2 2048-table --info "$BATS_TEST_TMPDIR/none"
	[[ "$output" == *"No such file"* ]]
}

# flip FILE OFFSET [MASK]: the bits of MASK (1) of the byte at OFFSET
# changed
flip() {
	local b
	b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
	printf '%b' "\\0$(printf '%03o' $((b ^ ${3:-1})))" |
	    dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

@test "a corrupt block: refused when a query reads it; --check reads all" {
	local f=$BATS_TEST_TMPDIR/bad.tbl
	run 2048-table --check "$TBL_DIR/2x3.tbl"
	[ "$status" -eq 0 ]
	[ "$output" = "$TBL_DIR/2x3.tbl: ok" ]
	run 2048-table -q --check "$TBL_DIR/2x3.tbl"
	[ "$status" -eq 0 ]
	[ "$output" = "" ]
	# a value of an early state: block 2 (the values start 176016 bytes
	# after the header, a block is 65536 bytes)
	cp "$TBL_DIR/2x3.tbl" "$f"
	flip "$f" $((4096 + 176016 + 40))
	run 2048-table --info "$f"
	[ "$status" -eq 0 ]
	# a late board reads other blocks: answered; an early one is not
	run --separate-stderr 2048-table --table "$f" < <(printf \
	    '64 32 16\n8 . 2\n\n2 . .\n. . 2\n\n2 . 4\n. . .\n')
	[ "$status" -eq 2 ]
	[ "$output" = "$(printf 'covered yes\nbest left\nvalue 41.90284081\n'\
'down 0\nleft 41.90284081\nright 0')" ]
	[ "$stderr" = "2048-table: $f: corrupt: block 2 does not match its checksum" ]
	run -2 2048-table --table "$f" --cells 2,.,.,.,.,2
	[ "$output" = "2048-table: $f: corrupt: block 2 does not match its checksum" ]
	run -2 2048-table --check "$f"
	[ "$output" = "2048-table: $f: corrupt: block 2 does not match its checksum" ]
	# the layer index is checked when the file is opened
	cp "$TBL_DIR/2x3.tbl" "$f"
	flip "$f" $((4096 + 24))
	run -2 2048-table --info "$f"
	[ "$output" = "2048-table: $f: corrupt: block 0 does not match its checksum" ]
}

@test "a changed header: refused by --info, --check and queries, never a wrong answer" {
	local f=$BATS_TEST_TMPDIR/bad.tbl off
	# byte 45: "target 0" would read "target 8"
	cp "$TBL_DIR/2x3.tbl" "$f"
	[ "$(head -c 46 "$f" | tail -c 8)" = 'target 0' ]
	flip "$f" 45 8
	run -2 2048-table --info "$f"
	[ "$output" = "2048-table: $f: corrupt: the header's checksum does not match (its header or its blocks' sums changed)" ]
	run -2 2048-table --check "$f"
	[ "$output" = "2048-table: $f: corrupt: the header's checksum does not match (its header or its blocks' sums changed)" ]
	run -2 2048-table --table "$f" --cells 2,4,.,.,8,2
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == *"header's checksum does not match"* ]]
	# any byte of the header, its padding too
	for off in 0 12 20 200 500 680 700 1000 4095; do
		cp "$TBL_DIR/2x3.tbl" "$f"
		flip "$f" "$off"
		run -2 2048-table --info "$f"
		[ "${#lines[@]}" -eq 1 ]
	done
}

@test "tables of formats 1 and 2 are refused; --upgrade gives format 2 format 3's header" {
	local f=$BATS_TEST_TMPDIR/old.tbl
	run -2 2048-table --info "$FIXTURES/format1-2x2.tbl"
	[ "$output" = "2048-table: $FIXTURES/format1-2x2.tbl: a table file of format 1, which this 2048-table no longer reads: build it again" ]
	cp "$FIXTURES/format1-2x2.tbl" "$f"
	run -2 2048-table --upgrade "$f"
	[[ "$output" == *"format 1"*"build it again" ]]
	cp "$FIXTURES/format2-2x2.tbl" "$f"
	run -2 2048-table --table "$f" --cells 2,.,.,2
	[ "$output" = "2048-table: $f: a table file of format 2, whose header no checksum covers: run '2048-table --upgrade $f' to check it and give it format 3's header (or build it again)" ]
	run 2048-table --upgrade "$f"
	[ "$status" -eq 0 ]
	[ "$output" = "$f: upgraded" ]
	run 2048-table --upgrade "$f"
	[ "$output" = "$f: of this format already" ]
	2048-table -q -o "$BATS_TEST_TMPDIR/2x2.tbl" --size 2x2
	# the same body, and the same answers, as a build of now
	cmp <(tail -c +4097 "$f") <(tail -c +4097 "$BATS_TEST_TMPDIR/2x2.tbl")
	for b in '2 .\n. 2' '4 2\n. .' '8 4\n2 .' '16 2\n4 2'; do
		[ "$(printf '%b\n' "$b" | 2048-table --table "$f")" = \
		    "$(printf '%b\n' "$b" | 2048-table --table "$BATS_TEST_TMPDIR/2x2.tbl")" ]
	done
	# a body that fails its sums is not given a new header
	cp "$FIXTURES/format2-2x2.tbl" "$f"
	flip "$f" 5000
	run -2 2048-table --upgrade "$f" -q
	[[ "$output" == *"corrupt: block 0 does not match its checksum: build it again" ]]
	[ "$(head -c 13 "$f")" = "2048-table 2" ]
}

@test "a FIFO named as a table is refused, not waited on" {
	local d=$BATS_TEST_TMPDIR/fifo
	mkdir "$d"
	mkfifo "$d/x.tbl"
	run -2 timeout 60 2048-table --info "$d/x.tbl"
	[ "$output" = "2048-table: $d/x.tbl: not a regular file, so not a table file" ]
	run -2 timeout 60 2048-table --table "$d/x.tbl" --cells 2,.,.,2
	[ "$output" = "2048-table: $d/x.tbl: not a regular file, so not a table file" ]
	run -2 timeout 60 2048-table --upgrade "$d/x.tbl"
	[ "$output" = "2048-table: $d/x.tbl: not a regular file, so not a table file" ]
}

@test "a table that shrinks while it is read: one message, exit 2" {
	local d=$BATS_TEST_TMPDIR l pid rc=0
	cp "$TBL_DIR/2x3.tbl" "$d/s.tbl"
	mkfifo "$d/in" "$d/out"
	2048-table --table "$d/s.tbl" < "$d/in" > "$d/out" 2> "$d/err" &
	pid=$!
	# (fds 7 and 8: bats keeps 3)
	exec 7> "$d/in" 8< "$d/out"
	# the first board answered: the table is mapped
	printf '2 4 .\n. 8 2\n\n' >&7
	read -r l <&8
	[ "$l" = "covered yes" ]
	truncate -s 4096 "$d/s.tbl"
	printf '2 4 .\n. 8 4\n' >&7
	exec 7>&-
	cat <&8 > /dev/null
	exec 8<&-
	wait "$pid" || rc=$?
	[ "$rc" -eq 2 ]
	[ "$(cat "$d/err")" = "2048-table: a table file shrank while being read (SIGBUS): it was cut short or rewritten in place during the run" ]
}

@test "a stopped build goes on from its work directory" {
	local w=$BATS_TEST_TMPDIR/work
	mkdir -p "$w"
	# the layers of a finished forward pass, as a killed build leaves them
	2048-table -q -o "$BATS_TEST_TMPDIR/x.tbl" --size 2x3 --work "$w"
	[ ! -e "$w/build" ]
	cmp "$BATS_TEST_TMPDIR/x.tbl" "$TBL_DIR/2x3.tbl"
	printf 'other\n' > "$w/build"
	run -2 2048-table -q -o "$BATS_TEST_TMPDIR/y.tbl" --size 2x3 --work "$w"
	[[ "$output" == *"holds the work of another build"* ]]
	# an older 2048-table's work: files without checksums
	printf '2048-table work 1\nrules board 2x3\n' > "$w/build"
	run -2 2048-table -q -o "$BATS_TEST_TMPDIR/y.tbl" --size 2x3 --work "$w"
	[ "$output" = "2048-table: $w holds the work of an older 2048-table: remove it or name another" ]
}

@test "two builds never share a work directory" {
	local w=$BATS_TEST_TMPDIR/work pid
	2048-table -q -o "$BATS_TEST_TMPDIR/a.tbl" --size 2x4 --work "$w" &
	pid=$!
	while [ ! -e "$w/build" ]; do sleep 0.1; done
	run -2 2048-table -q -o "$BATS_TEST_TMPDIR/b.tbl" --size 2x4 --work "$w"
	kill "$pid"
	wait "$pid" || true
	[[ "$output" == *"is in use by another build"* ]]
}

@test "-o: a device or FIFO is refused, a link written through, before the build" {
	local T=$BATS_TEST_TMPDIR
	mkfifo "$T/fifo"
	run -2 2048-table -o "$T/fifo" --size 2x3
	[ "$output" = "2048-table: $T/fifo: not a regular file (a device, FIFO or socket): refusing to replace it" ]
	[ -p "$T/fifo" ]
	mkdir "$T/dir"
	run -2 2048-table -q -o "$T/dir" --size 2x3
	[[ "$output" == *"not a regular file (a directory)"* ]]
	ln -s 2x3.tbl "$T/link.tbl"
	2048-table -q -o "$T/link.tbl" --size 2x3
	[ -L "$T/link.tbl" ]
	cmp "$T/2x3.tbl" "$TBL_DIR/2x3.tbl"
}

@test "-o: a missing or read-only folder fails before the build, one line" {
	local T=$BATS_TEST_TMPDIR
	# without -q a build would print where it works, then its summary
	run -2 2048-table -o "$T/none/x.tbl" --size 2x4
	[ "$output" = "2048-table: $T/none/x.tbl: cannot write there: No such file or directory" ]
	run -2 2048-table -o /proc/x.tbl --size 2x4
	[ "${#lines[@]}" -eq 1 ]
	[[ "$output" == "2048-table: /proc/x.tbl: cannot write there: "* ]]
}

# build_then SIGNAL: a 2x4 build in a TMPDIR of its own, stopped by
# SIGNAL once its work folder holds layers; the folder must be gone.
# Job control on: a job in the background keeps SIGINT.
build_then() {
	local w=$BATS_TEST_TMPDIR/tmp-$1 status=0
	mkdir -p "$w"
	bash -c 'set -m
		TMPDIR=$0 2048-table -o "$0.tbl" --size 2x4 2> "$0.err" &
		pid=$!
		for _ in $(seq 400); do
			compgen -G "$0/2048-table.*/k-*" > /dev/null && break
			sleep 0.05
		done
		kill "-$1" "$pid"
		wait "$pid"' "$w" "$1" || status=$?
	[ "$status" -gt 128 ]
	grep -q "working in $w/2048-table\." "$w.err"
	[ -z "$(ls -A "$w")" ]
	[ ! -e "$w.tbl" ]
}

@test "without --work, a signal removes the temporary work folder" {
	build_then INT
	build_then TERM
	build_then HUP
	build_then PIPE
	build_then USR1
}

@test "usage errors: exit 2" {
	run -2 2048-table
	[[ "$output" == *"nothing to do"* ]]
	run -2 2048-table -o x.tbl
	run -2 2048-table -o x.tbl --size 9x9
	run -2 2048-table -o x.tbl --pattern L3
	[[ "$output" == *"--target"* ]]
	run -2 2048-table -o x.tbl --pattern 'xx/..' -t 256
	[ "$output" = "2048-table: --pattern: expected a name (2048-table --list) or 4 rows of 4 cells split by '/': 'x' a large tile, 'X' one that may move, '.' a free cell, 'o' a free cell where the target must form (e.g. ..../..../.xxx/.xxx): 'xx/..'"$'\n'"Try '2048-table --help'." ]
	run -2 2048-table -o x.tbl --pattern xyz -t 256
	[[ "$output" == *": 'xyz'"$'\n'"Try '2048-table --help'." ]]
	run -2 2048-table -o x.tbl --pattern ..../..../xxxx/xxxx/ -t 256
	[[ "$output" == *"Try '2048-table --help'." ]]
	run -2 2048-table -o x.tbl --size 2x2 --objective prob
	run -2 2048-table -o x.tbl --size 2x2 --four 2
}

@test "two modes at once are refused with one line naming both, before any work" {
	2048-table -q -o "$BATS_TEST_TMPDIR/t.tbl" --size 2x2
	run -2 2048-table --info "$BATS_TEST_TMPDIR/t.tbl" -o "$BATS_TEST_TMPDIR/n.tbl" --size 2x2
	[ "${lines[0]}" = "2048-table: --info and -o: give one of -o, --table, --info, --check, --upgrade, --list, --chain, --distill and --pack" ]
	[ ! -e "$BATS_TEST_TMPDIR/n.tbl" ]
	run -2 2048-table --list --table "$BATS_TEST_TMPDIR/t.tbl"
	[ "${lines[0]}" = "2048-table: --list and --table: give one of -o, --table, --info, --check, --upgrade, --list, --chain, --distill and --pack" ]
	run -2 2048-table --check "$BATS_TEST_TMPDIR/t.tbl" --upgrade "$BATS_TEST_TMPDIR/t.tbl"
	[[ "${lines[0]}" == "2048-table: --check and --upgrade: "* ]]
	# a mode given twice is one mode
	run -0 2048-table --list --list
}

@test "--list names the patterns" {
	run 2048-table --list
	[ "$status" -eq 0 ]
	[[ "$output" == *"L3   ..../..../.xxx/.xxx"* ]]
	[[ "$output" == *"441o ..../..../oxxx/xxxx"* ]]
	# a name builds the table of its spec
	2048-table -q -o "$BATS_TEST_TMPDIR/n.tbl" --pattern 441o -t 16
	2048-table -q -o "$BATS_TEST_TMPDIR/s.tbl" --pattern ..../..../oxxx/xxxx \
	    -t 16
	[ "$(2048-table --info "$BATS_TEST_TMPDIR/n.tbl" | grep -E '^(states|start) ')" = \
	    "$(2048-table --info "$BATS_TEST_TMPDIR/s.tbl" | grep -E '^(states|start) ')" ]
}

@test "--check checks every file of blocks the project writes: tables, chain digests, chain files, nets; of boards it says what reads them" {
	local d=$BATS_TEST_TMPDIR net
	# the committed digest, whole; a byte of its body changed: the block
	run 2048-table --check "$ROOT_DIR/tables/chain.digest"
	[ "$status" -eq 0 ]
	[ "$output" = "$ROOT_DIR/tables/chain.digest: ok" ]
	cp "$ROOT_DIR/tables/chain.digest" "$d/chain.digest"
	flip "$d/chain.digest" $((4096 + 3 * 65536 + 100))
	run -2 2048-table --check "$d/chain.digest"
	[ "$output" = "2048-table: $d/chain.digest: corrupt: block 3 does not match its checksum" ]
	# a digest of format 1: how to upgrade it
	run -2 2048-table --check "$FIXTURES/format1.digest"
	[[ "$output" == "2048-table: $FIXTURES/format1.digest: a chain digest of format 1, "*"2048-table --upgrade"* ]]
	# a chain file is read as one (6.7 GB when whole: its header here)
	{ printf '2048-chain 2\nlayout six\n'; head -c 200 /dev/zero; } \
	    > "$d/chain-six.chain"
	run -2 2048-table --check "$d/chain-six.chain"
	[[ "$output" == "2048-table: $d/chain-six.chain: "*"chain table"* ]]
	# a net, checked whole; a byte of its weights changed
	net=$FIXTURES/net-games-max.net
	run 2048-table --check "$net"
	[ "$status" -eq 0 ]
	[ "$output" = "$net: ok" ]
	cp "$net" "$d/x.net"
	flip "$d/x.net" $(($(stat -c %s "$net") - 100))
	run -2 2048-table --check "$d/x.net"
	[[ "$output" == "2048-table: $d/x.net: corrupt"* ]]
	# boards (a game, a save): which command reads them
	2048-new --seed 1 > "$d/game"
	run -2 2048-table --check "$d/game"
	[ "$output" = "2048-table: $d/game: not a table, chain file, chain digest or net (their first line names them): boards, a game or a save are checked by reading them, as 2048-eval FILE does (2048-review FILE, a game)" ]
	# a table still
	run 2048-table -q --check "$TBL_DIR/2x3.tbl"
	[ "$status" -eq 0 ]
}
