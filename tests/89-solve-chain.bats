#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 89-solve-chain.bats - 2048-solve --chain: the chain tables decide a
# board whose large tiles stand in a corner block, in any orientation,
# and say so in --explain, --json and --summary; without --chain they
# are not consulted.
load helper
bats_require_minimum_version 1.5.0

# 32768 16384 8192 in row 1, 4096 2048 1024 under them, 512 256 128 in
# row 3: up puts the 128 of row 4 beside the 128, a chain into the 1024
near_chain() {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 128 .' \
	    '. . . 128'
}

@test "a board one move from a chain: the chain table's move, sure" {
	run 2048-solve --chain --no-tables --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[ "${lines[1]}" = '  up    1.000000' ]
	[[ "${lines[5]}" == '  chain table of the block of 6, probability 1.000000 time '* ]]
}

@test "the board mirrored: the mirrored move" {
	run 2048-solve --chain --no-tables < <(board '4 8192 16384 32768' \
	    '2 1024 2048 4096' '. 128 256 512' '128 . . .')
	[ "$status" -eq 0 ]
	[ "$output" = up ]
	run 2048-solve --chain --no-tables < <(board '. . . 128' \
	    '512 256 128 .' '4096 2048 1024 2' '32768 16384 8192 4')
	[ "$status" -eq 0 ]
	[ "$output" = down ]
}

@test "--json names the chain table; null without --chain" {
	run 2048-solve --chain --no-tables --json --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$output" == *'"table":null,"chain":6,'* ]]
	run 2048-solve --no-tables --json --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$output" == *'"table":null,"chain":null,'* ]]
	[[ "$output" != *'"up":1.000000'* ]]
}

@test "--summary counts the chain table's moves among the tables'" {
	run 2048-solve --chain --no-tables --fast --play --moves 1 --final \
	    --summary -q < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$output" == *'by tables     1 moves, 100.00%'* ]]
}

@test "chain files in the tables' folder are opened by default: a bad one is an error" {
	local d=$BATS_TEST_TMPDIR/t
	mkdir -p "$d"
	printf 'not a chain table\n' > "$d/chain-five.chain"
	printf 'not a chain table\n' > "$d/chain-six.chain"
	run 2048-solve --tables "$d" < <(near_chain)
	[ "$status" -eq 2 ]
	[[ "$output" == "2048-solve: $d/chain-five.chain: truncated or not a chain table: wrong size" ]]
	# --no-chain leaves them be; --no-tables too, without --chain
	run 2048-solve --tables "$d" --no-chain < <(near_chain)
	[ "$status" -eq 0 ]
	run 2048-solve --no-tables < <(near_chain)
	[ "$status" -eq 0 ]
}

@test "2048-table --chain: a folder that cannot be made is an error" {
	run 2048-table --chain /nonexistent/dir -q
	[ "$status" -eq 2 ]
	[[ "$output" == '2048-table: --chain /nonexistent/dir: No such file or directory' ]]
}

@test "--fast with the chain tables: the heuristic, though a default net is there" {
	2048-learn --net 0123 --save "$BATS_TEST_TMPDIR/n" --games 1 --seed 1 \
	    --threads 1 -q
	run env G2048_NET="$BATS_TEST_TMPDIR/n" 2048-solve --fast --explain \
	    --no-tables < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "  evaluator net $BATS_TEST_TMPDIR/n" ]
	run env G2048_NET="$BATS_TEST_TMPDIR/n" 2048-solve --fast --explain \
	    --no-tables --chain < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = '  evaluator lines (not asked: a table decided)' ]
	[ "${lines[0]}" = up ]
}

# the same on the small layouts (2048-table --small-layouts: the real
# ones with the anchor's cap lowered, tables of megabytes): 2048 1024 512
# in row 1, 256 128 64 under them
near_chain_small() {
	board '2048 1024 512 4' '256 128 64 2' '32 16 8 .' '. . . 8'
}

# wait_for FILE TEXT: until FILE holds TEXT (a sign of progress, not a
# guess of how long it takes: the suite passes at any load)
wait_for() {
	local tries
	for ((tries = 0; tries < 6000; tries++)); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

@test "2048-table --chain stopped by SIGTERM keeps what it computed; 2048-solve plays by it" {
	local d=$BATS_TEST_TMPDIR/c pid status=0
	2048-table --chain "$d" --small-layouts -j 2 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for "$BATS_TEST_TMPDIR/err" 'a signal stops it'
	kill -TERM "$pid"
	wait "$pid" || status=$?
	cat "$BATS_TEST_TMPDIR/err"
	[ "$status" -eq 1 ]
	grep -q 'states computed (stopped: run again to go on)' \
	    "$BATS_TEST_TMPDIR/err"
	[ "$(stat -c %s "$d/chain-six.chain")" -eq 7377800 ]
	[ "$(stat -c %s "$d/chain-five.chain")" -eq 3322264 ]
	[ "$(head -c 29 "$d/chain-six.chain")" = "$(printf '2048-chain 2\nlayout six-small')" ]
	# holes where nothing was computed
	[ "$(du -k "$d/chain-six.chain" | cut -f1)" -lt 3600 ]
	run 2048-solve --tables "$d" --explain < <(near_chain_small)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[5]}" == '  chain table of the block of 6, probability 1.000000 time '* ]]
	# the real layouts' boards are none of the small tables'
	run 2048-solve --tables "$d" --explain < <(near_chain)
	[[ "$output" != *'chain table'* ]]
	# a build goes on from them, of their layouts only
	run 2048-table --chain "$d" -q
	[ "$status" -eq 2 ]
	[ "$output" = "2048-table: --chain $d: its files are of the small (test) layouts" ]
	run 2048-table --distill "$BATS_TEST_TMPDIR/x" --tables "$d" < <(near_chain_small)
	[ "$status" -eq 2 ]
	[[ "$output" == *'small (test) layouts: a digest is of the real ones' ]]
}

# small_chain_files DIR: chain files of the small layouts, a build of
# them stopped once it began
small_chain_files() {
	local pid
	2048-table --chain "$1" --small-layouts -j 1 2> "$1.err" &
	pid=$!
	wait_for "$1.err" 'a signal stops it'
	kill -TERM "$pid"
	wait "$pid" || true
	[ -f "$1/chain-six.chain" ]
}

# signal_taken PID SIG: until no SIG is pending for the process (its
# handler has it)
signal_taken() {
	local tries pend
	for ((tries = 0; tries < 6000; tries++)); do
		pend=$(awk '/^ShdPnd:/ { print $2 }' "/proc/$1/status" 2>/dev/null) ||
		    return 0
		[ -n "$pend" ] || return 0
		(( (16#$pend >> ($2 - 1) & 1) == 0 )) && return 0
		sleep 0.01
	done
	return 1
}

# (the fault shim's FAULT_RAISE sends the signal as the tool opens the
# six's file: at the same point of the run at any load)
@test "2048-table --chain: a signal as it opens its files stops it as one during the build would, and files nothing changed are not written again" {
	local d=$BATS_TEST_TMPDIR/c five six
	small_chain_files "$d"
	five=$(stat -c %i "$d/chain-five.chain")
	six=$(stat -c %i "$d/chain-six.chain")
	run faulty FAULT_RAISE=15 FAULT_PATH=/chain-six \
	    2048-table --chain "$d" --small-layouts -j 1
	[ "$status" -eq 1 ]
	[[ "${lines[1]}" == *': 0 states computed (stopped: run again to go on), '* ]]
	[ "$(stat -c %i "$d/chain-five.chain")" = "$five" ]
	[ "$(stat -c %i "$d/chain-six.chain")" = "$six" ]
	run 2048-solve --tables "$d" < <(near_chain_small)
	[ "$status" -eq 0 ]
}

@test "--games with chain files: a signal as the tables are opened prints the table of no game finished" {
	local d=$BATS_TEST_TMPDIR/c
	small_chain_files "$d"
	run faulty FAULT_RAISE=15 FAULT_PATH=/chain-six env --default-signal=TERM \
	    2048-solve --games 5 --seed 5 --fast --tables "$d" --summary -j 1
	[ "$status" -eq 143 ]
	[[ "$output" == *'partial: interrupted after 0 of 5 games'* ]]
}

# (SIGTERM: a job in the background of a script ignores SIGINT, and
# keeps it ignored; the two take the same path)
@test "--games with chain files: a stop signal twice at once (as timeout(1) sends it) prints the table of the games finished, with progress or -q" {
	local d=$BATS_TEST_TMPDIR/c out=$BATS_TEST_TMPDIR/out pid status q
	small_chain_files "$d"
	for q in --summary -q; do
		status=0
		rm -f "$out"
		2048-solve --games 100000 --seed 5 --fast --moves 200 --tables "$d" \
		    --final --summary -j 1 "$q" > "$out" 2> "$BATS_TEST_TMPDIR/err" &
		pid=$!
		wait_for "$out" '^score'       # a game finished
		kill -TERM "$pid"
		signal_taken "$pid" 15
		kill -TERM "$pid" || true
		wait "$pid" || status=$?
		cat "$BATS_TEST_TMPDIR/err"
		[ "$status" -eq 143 ]
		grep -q '^partial: interrupted after [1-9][0-9]* of 100000 games$' "$out"
		[ "$q" = -q ] || grep -q 'interrupted (Terminated) after' "$BATS_TEST_TMPDIR/err"
	done
}

@test "--chain: the baselines are not played by the chain tables" {
	run 2048-solve --chain --no-tables --algo greedy --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$output" != *'chain table'* ]]
	run 2048-solve --chain --no-tables --algo greedy --json --explain < <(near_chain)
	[[ "$output" == *'"chain":null'* ]]
}

# the block of 6 and a 64 on each side of the free cells: the chain
# into the 1024 is 0.162434 sure
unsure_chain() {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 64 .' \
	    '. . . 64'
}

@test "--chain-min: the chain tables decide only where their move is that sure" {
	run 2048-solve --chain --no-tables --chain-min 0.16 --explain \
	    < <(unsure_chain)
	[ "$status" -eq 0 ]
	[[ "$output" == *'chain table of the block of 6, probability 0.162434 '* ]]
	run 2048-solve --chain --no-tables --chain-min 0.17 --explain \
	    < <(unsure_chain)
	[ "$status" -eq 0 ]
	[[ "$output" != *'chain table'* ]]
	[[ "$output" == *'depth '* ]]
	run 2048-solve --chain --no-tables --chain-min 1.5 < <(unsure_chain)
	[ "$status" -eq 2 ]
	[[ "$output" == *'--chain-min: expected a number from 0 to 1'* ]]
}

# chain files of the real layouts of which nothing is computed but what
# a query asks: a build stopped as soon as it says a signal keeps its
# work (what it computed by then is in memory of some MB)
empty_chain_files() {
	local pid
	2048-table --chain "$1" -j 1 2> "$1.err" &
	pid=$!
	wait_for "$1.err" 'a signal stops it'
	kill -TERM "$pid"
	wait "$pid" || true
	[ -f "$1/chain-six.chain" ]
}

@test "2048-table --distill: a digest of the states that decided the boards; 2048-solve plays by it" {
	local t=$BATS_TEST_TMPDIR/t d=$BATS_TEST_TMPDIR/d
	empty_chain_files "$t"
	mkdir -p "$d"
	run 2048-table --distill "$d/chain.digest" --tables "$t" \
	    < <(near_chain; echo; near_chain; echo; unsure_chain; echo;
	        board '2 . . .' '. . . .' '. . . .' '. . . 2')
	[ "$status" -eq 0 ]
	[ "$output" = "2048-table: $d/chain.digest: 4 boards, 3 decided by the tables, 2 states met, 2 kept" ]
	[ "$(stat -c %s "$d/chain.digest")" -eq $((4096 + 12 + 8)) ]
	run 2048-solve --tables "$d" --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[5]}" == '  chain table of the block of 6 (the digest), probability 1.000000 time '* ]]
	run 2048-solve --tables "$d" --explain < <(unsure_chain)
	[[ "$output" == *'chain table of the block of 6 (the digest), probability 0.162434 '* ]]
	run 2048-solve --tables "$d" --json --explain < <(near_chain)
	[[ "$output" == *'"table":null,"chain":6,'* ]]
	run 2048-solve --tables "$d" --no-chain --explain < <(near_chain)
	[[ "$output" != *'chain table'* ]]
	# the most met first: one state kept, near_chain's (met twice)
	2048-table --distill "$d/chain.digest" --tables "$t" --states 1 -q \
	    < <(near_chain; echo; near_chain; echo; unsure_chain)
	run 2048-solve --tables "$d" --explain < <(unsure_chain)
	[[ "$output" != *'chain table'* ]]
	[[ "$output" == *'depth '* ]]
	run 2048-solve --tables "$d" --explain < <(near_chain)
	[[ "${lines[5]}" == *'(the digest)'* ]]
}

@test "the same boards in any order make the same digest" {
	local t=$BATS_TEST_TMPDIR/t
	empty_chain_files "$t"
	2048-table --distill "$BATS_TEST_TMPDIR/a" --tables "$t" -q \
	    < <(near_chain; echo; unsure_chain; echo; near_chain)
	2048-table --distill "$BATS_TEST_TMPDIR/b" --tables "$t" -q \
	    < <(unsure_chain; echo; near_chain; echo; near_chain)
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

@test "a bad digest is an error; --distill needs the chain files" {
	local d=$BATS_TEST_TMPDIR/d
	mkdir -p "$d"
	printf 'not a digest\n' > "$d/chain.digest"
	run 2048-solve --tables "$d" < <(near_chain)
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: $d/chain.digest: truncated or not a chain digest" ]
	run 2048-solve --tables "$d" --no-chain < <(near_chain)
	[ "$status" -eq 0 ]
	run 2048-table --distill "$d/x" --tables "$d" < <(near_chain)
	[ "$status" -eq 2 ]
	[ "$output" = "2048-table: --distill: no chain tables in $d (make chain-tables, or --tables DIR)" ]
	[ ! -e "$d/x" ]
}

@test "the committed digest plays; a changed byte of its header, or of a chain file's, is refused" {
	local d=$BATS_TEST_TMPDIR/d off
	mkdir -p "$d"
	# (opened, or an error: status 2)
	run 2048-solve --tables "$ROOT_DIR/tables" < <(near_chain)
	[ "$status" -eq 0 ]
	# "five 737203": a count one more, or any other byte, padding too
	for off in 20 25 48 60 70 100 2000 4095; do
		cp "$ROOT_DIR/tables/chain.digest" "$d/chain.digest"
		printf '%b' "\\0$(printf '%03o' $(( $(od -An -tu1 -j "$off" \
		    -N 1 "$d/chain.digest") ^ 1 )))" |
		    dd of="$d/chain.digest" bs=1 seek="$off" conv=notrunc 2>/dev/null
		run --separate-stderr 2048-solve --tables "$d" < <(near_chain)
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[[ "$stderr" == "2048-solve: $d/chain.digest: "* ]]
	done
	# chain files: a FIFO is refused, not waited on
	rm "$d/chain.digest"
	mkfifo "$d/chain-five.chain" "$d/chain-six.chain"
	run -2 timeout 60 2048-solve --tables "$d" < <(near_chain)
	[ "$output" = "2048-solve: $d/chain-five.chain: not a regular file" ]
	rm "$d/chain-five.chain" "$d/chain-six.chain"
	mkfifo "$d/chain.digest"
	run -2 timeout 60 2048-solve --tables "$d" < <(near_chain)
	[ "$output" = "2048-solve: $d/chain.digest: not a regular file" ]
}

@test "a digest of format 1: refused, saying how to upgrade it; --upgrade checks it and seals its header" {
	local d=$BATS_TEST_TMPDIR/d
	mkdir -p "$d"
	cp "$FIXTURES/format1.digest" "$d/chain.digest"
	run -2 2048-solve --tables "$d" < <(near_chain)
	[ "$output" = "2048-solve: $d/chain.digest: a chain digest of format 1, whose header no checksum covers: run 2048-table --upgrade on it to check it and give it format 2's header" ]
	run 2048-table --upgrade "$d/chain.digest"
	[ "$status" -eq 0 ]
	[ "$output" = "$d/chain.digest: upgraded" ]
	[ "$(head -c 20 "$d/chain.digest")" = "2048-chain-digest 2" ]
	cmp <(tail -c +4097 "$d/chain.digest") <(tail -c +4097 "$FIXTURES/format1.digest")
	run 2048-solve --tables "$d" < <(near_chain)
	[ "$status" -eq 0 ]
	run 2048-table --upgrade "$d/chain.digest"
	[ "$output" = "$d/chain.digest: of this format already" ]
	# a body that fails its sums keeps its old header
	cp "$FIXTURES/format1.digest" "$d/chain.digest"
	printf 'x' | dd of="$d/chain.digest" bs=1 seek=4100 conv=notrunc 2>/dev/null
	run -2 2048-table --upgrade "$d/chain.digest"
	[[ "$output" == *"corrupt"*"distil it again" ]]
	[ "$(head -c 20 "$d/chain.digest")" = "2048-chain-digest 1" ]
}

@test "chain files and digests are kept as every file: a full disk or a failing fsync leaves the old ones whole, a link stays a link" {
	local t=$BATS_TEST_TMPDIR/t d=$BATS_TEST_TMPDIR/d fault pid status
	local s=$BATS_TEST_TMPDIR/s
	empty_chain_files "$t"
	# the chain files rewritten are the small layouts' (a build that goes
	# on from real ones reads 6.7 GB)
	small_chain_files "$s"
	mkdir -p "$d"
	2048-table --distill "$d/chain.digest" --tables "$t" -q < <(near_chain)
	cp "$d/chain.digest" "$BATS_TEST_TMPDIR/digest"
	head -c 4096 "$s/chain-six.chain" > "$BATS_TEST_TMPDIR/six"
	for fault in FAULT_WRITE_LIMIT=100 FAULT_FSYNC=1 FAULT_CLOSE=1; do
		run faulty "$fault" 2048-table --distill "$d/chain.digest" \
		    --tables "$t" -q < <(unsure_chain)
		[ "$status" -eq 2 ]
		[[ "$output" == "2048-table: $d/chain.digest: "* ]]
		cmp "$d/chain.digest" "$BATS_TEST_TMPDIR/digest"
		[ -z "$(compgen -G "$d/chain.digest.tmp*")" ]
		# a chain file written over an old one (by a build begun
		# anew, the five's file gone), stopped: refused whole
		rm -f "$s/chain-five.chain" "$s.err"
		# (env, not faulty: the signal goes to the tool, not a shell)
		# shellcheck disable=SC2086 # FAULT_ENV: words VAR=VALUE
		env $FAULT_ENV "$fault" FAULT_PATH=/chain-six 2048-table \
		    --chain "$s" --small-layouts -j 1 2> "$s.err" &
		pid=$!
		wait_for "$s.err" 'a signal stops it'
		kill -TERM "$pid"
		status=0
		wait "$pid" || status=$?
		[ "$status" -eq 2 ]
		grep -q "$s/chain-six.chain: " "$s.err"
		cmp "$BATS_TEST_TMPDIR/six" <(head -c 4096 "$s/chain-six.chain")
		[ -z "$(compgen -G "$s/chain-six.chain.tmp*")" ]
	done
	run 2048-solve --tables "$d" --explain < <(near_chain)
	[[ "${lines[5]}" == '  chain table of the block of 6 (the digest), probability 1.000000 time '* ]]
	# written as every kept file is (g2048_file_replace): through a
	# symbolic link, which stays
	mv "$d/chain.digest" "$d/real.digest"
	ln -s real.digest "$d/chain.digest"
	2048-table --distill "$d/chain.digest" --tables "$t" -q < <(unsure_chain)
	[ -L "$d/chain.digest" ]
	run ! cmp -s "$d/real.digest" "$BATS_TEST_TMPDIR/digest"
}
