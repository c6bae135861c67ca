#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 89-solve-cache.bats - the chain cache: a chain table state that no file
# holds is computed when a board asks for it and kept in a folder
# ($G2048_CACHE, --cache, else the XDG cache) for every later run; two
# processes share it; a failed or killed save leaves it whole and right.
load helper
bats_require_minimum_version 1.5.0

# a board one move from a chain into the 1024 (as 89-solve-chain.bats)
near_chain() {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 128 .' \
	    '. . . 128'
}

# the block of 6 and a 64 on each side of the free cells: 0.162434 sure
unsure_chain() {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 64 .' \
	    '. . . 64'
}

# unsure_chain with a 2 beside the corner's 64: a state of its own whose
# recursion meets many of unsure_chain's
beside_unsure() {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 64 .' \
	    '. . 2 64'
}

# the line of --explain that names the chain table (not the cache's
# warnings and progress, which name the chain tables too and come as
# often as the computing is slow)
chain_line() {
	grep '^  chain table of' || true
}

@test "a state computed once is kept in the cache: the next run reads it" {
	local c=$BATS_TEST_TMPDIR/cache
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[5]}" == '  chain table of the block of 6, probability 1.000000 time '*' (computed now: no file, cache or digest held it)' ]]
	[ "$(stat -c %s "$c/chain-six.chain")" -eq 4247255296 ]
	# a hole where nothing was computed
	[ "$(du -k "$c/chain-six.chain" | cut -f1)" -lt 10000 ]
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" == '  chain table of the block of 6, probability 1.000000 time '*' ms' ]]
}

@test "states under a thousandth of what the cache holds are not saved: the files are not written again" {
	# a save writes the cache's files whole: 5.7 GB after a first game
	local c=$BATS_TEST_TMPDIR/cache inode
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
	inode=$(stat -c %i "$c/chain-six.chain")
	# near_chain's few states: computed, not kept, computed again
	for _ in 1 2; do
		run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
		[ "$status" -eq 0 ]
		[[ "$(chain_line <<< "$output")" == *'1.000000 '*'(computed now'* ]]
		[ "$(stat -c %i "$c/chain-six.chain")" = "$inode" ]
	done
	# in an empty cache the same states are kept
	run env G2048_CACHE="$c.2" 2048-solve --explain < <(near_chain)
	run env G2048_CACHE="$c.2" 2048-solve --explain < <(near_chain)
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
}

@test "--cache DIR moves the cache, --no-cache and G2048_CACHE= leave it out" {
	local d=$BATS_TEST_TMPDIR
	run 2048-solve --cache "$d/a/b" --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[ -f "$d/a/b/chain-six.chain" ]
	run env G2048_CACHE="$d/c" 2048-solve --no-cache --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "${lines[5]}" != *'chain table'* ]]
	[ ! -e "$d/c" ]
	# the last of --cache and --no-cache decides
	run env G2048_CACHE="$d/c" 2048-solve --no-cache --cache "$d/e" < <(near_chain)
	[ -f "$d/e/chain-six.chain" ]
	[ ! -e "$d/c" ]
	run 2048-solve --cache '' < <(near_chain)
	[ "$status" -eq 2 ]
	[[ "$output" == "2048-solve: --cache: expected a folder: ''"* ]]
}

@test "--no-tables consults no table: no chain state computed, nothing cached" {
	local d=$BATS_TEST_TMPDIR
	run env G2048_CACHE="$d/c" 2048-solve --no-tables --explain \
	    < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$output" != *'chain table'* ]]
	[ ! -e "$d/c" ]
	near_chain > "$d/board"
	G2048_CACHE="$d/c" 2048-solve --no-tables --play --moves 3 \
	    < "$d/board" > "$d/game"
	run env G2048_CACHE="$d/c" 2048-review --no-tables < "$d/game"
	[ "$status" -eq 0 ]
	[[ "$output" == *'reviewed 3 moves'* ]]
	[ ! -e "$d/c" ]
}

@test "a signal while a game read waits on the chain tables: its boards so far written, the cache kept, 143" {
	local d=$BATS_TEST_TMPDIR pid status=0
	# a game of a few moves first, then one that waits
	{ board '2 4 2 4' '4 2 4 2' '2 4 2 4' '4 2 4 .'; echo
	  2048-new --seed 7; } > "$d/board"
	G2048_CACHE="$d/c" 2048-solve --play --fast --log "$d/log" \
	    < "$d/board" > "$d/out" 2> "$d/err" &
	pid=$!
	# a sign of progress, not a sleep: the first states computed
	for _ in $(seq 1200); do
		grep -q 'states computed' "$d/err" && break
		sleep 0.1
	done
	kill -TERM "$pid"
	wait "$pid" || status=$?
	# SIGTERM: a background job of a script ignores SIGINT; both stop alike
	[ "$status" -eq 143 ]
	grep -q 'interrupted (Terminated): the cache kept' "$d/err"
	grep -q 'chain tables: kept in' "$d/err"
	ls "$d/c"/chain-*.chain
	# the game so far, a board stream ending in its last move
	[ "$(grep -c '^$' "$d/out")" -gt 100 ]
	run 2048-move -q left < "$d/out"
	[ "$status" -le 1 ]
	# the log whole, a line a move
	[ "$(tail -c 1 "$d/log" | od -An -c | tr -d ' ')" = '\n' ]
	# --summary: the table of the one game finished
	G2048_CACHE="$d/c2" 2048-solve --play --fast --summary < "$d/board" \
	    > "$d/out" 2> "$d/err" &
	pid=$!
	for _ in $(seq 1200); do
		grep -q 'states computed' "$d/err" && break
		sleep 0.1
	done
	status=0
	kill -TERM "$pid"
	wait "$pid" || status=$?
	[ "$status" -eq 143 ]
	grep -q '^games  *1$' "$d/out"
}

@test "by default the cache is \$XDG_CACHE_HOME/2048-tools, else ~/.cache/2048-tools" {
	local d=$BATS_TEST_TMPDIR
	run env -u G2048_CACHE XDG_CACHE_HOME="$d/x" 2048-solve < <(near_chain)
	[ "$status" -eq 0 ]
	[ -f "$d/x/2048-tools/chain-six.chain" ]
	run env -u G2048_CACHE -u XDG_CACHE_HOME HOME="$d/h" 2048-solve \
	    < <(near_chain)
	[ "$status" -eq 0 ]
	[ -f "$d/h/.cache/2048-tools/chain-six.chain" ]
	# a cache that cannot be made: said, and the run goes on without
	touch "$d/file"
	run env G2048_CACHE="$d/file/c" 2048-solve < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "2048-solve: the chain cache: $d/file/c: Not a directory: without it" ]
	[ "${lines[1]}" = up ]
}

@test "two processes share the cache: what each computed is kept" {
	local c=$BATS_TEST_TMPDIR/cache f=$BATS_TEST_TMPDIR/fifo pid
	mkfifo "$f"
	# the first computes near_chain's state, then waits for more boards
	# until the file go is there
	{ near_chain; echo; until [ -e "$BATS_TEST_TMPDIR/go" ]; do
		sleep 0.05; done; } > "$f" &
	env G2048_CACHE="$c" 2048-solve < "$f" > "$BATS_TEST_TMPDIR/first" &
	pid=$!
	until [ -s "$BATS_TEST_TMPDIR/first" ]; do sleep 0.05; done
	# meanwhile the second computes unsure_chain's and saves
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
	[ -f "$c/chain-six.chain" ]
	touch "$BATS_TEST_TMPDIR/go"
	wait "$pid"
	[ "$(cat "$BATS_TEST_TMPDIR/first")" = up ]
	# the first saved last: both states are there
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 time '*' ms' ]]
}

@test "a full disk or a failing fsync during a save leaves the cache whole" {
	local c=$BATS_TEST_TMPDIR/cache fault
	env G2048_CACHE="$c" 2048-solve < <(near_chain) > /dev/null
	head -c 4096 "$c/chain-six.chain" > "$BATS_TEST_TMPDIR/header"
	for fault in FAULT_WRITE_LIMIT=1000 FAULT_FSYNC=1 FAULT_CLOSE=1; do
		run faulty "$fault" FAULT_PATH=/chain-six G2048_CACHE="$c" \
		    2048-solve --explain < <(unsure_chain)
		[ "$status" -eq 0 ]
		[[ "$output" == *"2048-solve: the chain cache: not saved (the states computed will be again): $c/chain-six.chain: "* ]]
		cmp "$BATS_TEST_TMPDIR/header" <(head -c 4096 "$c/chain-six.chain")
		[ -z "$(compgen -G "$c/chain-six.chain.tmp*")" ]
	done
	# the kept state answers; the one not kept is computed again
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
}

@test "killed during a save (kill -9): the next run's answers are right" {
	local c=$BATS_TEST_TMPDIR/cache pid
	env G2048_CACHE="$c" 2048-solve < <(near_chain) > /dev/null
	# shellcheck disable=SC2086 # FAULT_ENV: words VAR=VALUE
	env $FAULT_ENV FAULT_PATH=/chain-six FAULT_SLOW=20000 \
	    G2048_CACHE="$c" 2048-solve < <(unsure_chain) > /dev/null 2>&1 &
	pid=$!
	until compgen -G "$c/chain-six.chain.tmp*" > /dev/null; do
		sleep 0.01
	done
	sleep 0.2
	kill -9 "$pid"
	wait "$pid" || true
	# the old file answers, the new state is computed, right
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[ "${lines[0]}" = up ]
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
	# that save swept the dead process's file away
	[ -z "$(compgen -G "$c/chain-six.chain.tmp*")" ]
	run env G2048_CACHE="$c" 2048-solve --explain < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*' ms' ]]
}

@test "a cache file whose header changed is not trusted: its states are computed again" {
	local c=$BATS_TEST_TMPDIR/cache
	env G2048_CACHE="$c" 2048-solve < <(near_chain) > /dev/null
	printf 'x' | dd of="$c/chain-six.chain" bs=1 seek=30 conv=notrunc \
	    2>/dev/null
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[ "$status" -eq 0 ]
	[[ "$(chain_line <<< "$output")" == *'1.000000 '*'(computed now'* ]]
	run env G2048_CACHE="$c" 2048-solve --explain < <(near_chain)
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
}

@test "the digest beneath the cache answers what it holds: nothing computed" {
	local c=$BATS_TEST_TMPDIR/cache t=$BATS_TEST_TMPDIR/t d=$BATS_TEST_TMPDIR/d
	local pid wait
	# chain files of what a query asks alone (a build stopped at once),
	# and a digest of near_chain's state from them
	for wait in 2 6 15; do
		2048-table --chain "$t" -j 1 -q &
		pid=$!
		sleep "$wait"
		kill -TERM "$pid"
		wait "$pid" || true
		[ -f "$t/chain-six.chain" ] && break
	done
	mkdir -p "$d"
	2048-table --distill "$d/chain.digest" --tables "$t" -q < <(near_chain)
	run env G2048_CACHE="$c" 2048-solve --tables "$d" --explain \
	    < <(near_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "$(chain_line <<< "$output")" == *'1.000000 time '*' ms' ]]
	[ ! -e "$c/chain-six.chain" ]
	# what it lacks is computed into the cache
	run env G2048_CACHE="$c" 2048-solve --tables "$d" --explain \
	    < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
	[ -f "$c/chain-six.chain" ]
}

@test "packed tables (2048-table --pack) beneath the cache answer as it did, in the recursion too" {
	local c=$BATS_TEST_TMPDIR/cache d=$BATS_TEST_TMPDIR/d
	local e=$BATS_TEST_TMPDIR/empty fresh=$BATS_TEST_TMPDIR/fresh
	local under=$BATS_TEST_TMPDIR/under
	mkdir -p "$d" "$e"
	run env G2048_CACHE="$c" 2048-solve --tables "$e" --explain \
	    < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 '*'(computed now'* ]]
	run 2048-table --pack "$d/chain.packed" --cache "$c"
	[ "$status" -eq 0 ]
	[[ "$output" == *": $d/chain.packed: "*" states of the chain cache in $c, "* ]]
	head -c 40 "$d/chain.packed" | grep -q '^2048-chain-packed 1$'
	run 2048-table --check "$d/chain.packed"
	[ "$status" -eq 0 ]
	# a cache over them computes nothing: the same answer, held
	run env G2048_CACHE="$under" 2048-solve --tables "$d" --explain \
	    < <(unsure_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "$(chain_line <<< "$output")" == *'0.162434 time '*' ms' ]]
	[ ! -e "$under/chain-six.chain" ]
	# a state they lack is computed, its recursion reading theirs: a
	# cache a fraction of one computing it alone, the same answer
	run env G2048_CACHE="$fresh" 2048-solve --tables "$e" --explain \
	    < <(beside_unsure)
	[[ "$(chain_line <<< "$output")" == *'(computed now'* ]]
	local want=$output
	run env G2048_CACHE="$under" 2048-solve --tables "$d" --explain \
	    < <(beside_unsure)
	[ "$(chain_line <<< "$output" | sed 's/time.*//')" = \
	    "$(chain_line <<< "$want" | sed 's/time.*//')" ]
	[ "$(grep -Ex 'up|down|left|right' <<< "$output")" = \
	    "$(grep -Ex 'up|down|left|right' <<< "$want")" ]
	[ "$(du -k "$under/chain-six.chain" | cut -f1)" -lt \
	    "$(( $(du -k "$fresh/chain-six.chain" | cut -f1) / 4 ))" ]
}

@test "--pack: an empty cache is refused, a packed file's changed byte is found" {
	local c=$BATS_TEST_TMPDIR/cache d=$BATS_TEST_TMPDIR/d
	run 2048-table --pack "$d.packed" --cache "$c"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-table: --pack: the chain cache in $c holds no states" ]
	[ ! -e "$d.packed" ]
	env G2048_CACHE="$c" 2048-solve --tables "$BATS_TEST_TMPDIR" \
	    < <(near_chain) > /dev/null
	2048-table --pack "$d.packed" --cache "$c" -q
	# the directory of the six's blocks, past the five's
	printf '\377' | dd of="$d.packed" bs=1 seek=$((4096 + 8 * 37226 + 100)) \
	    conv=notrunc status=none
	run 2048-table --check "$d.packed"
	[ "$status" -eq 2 ]
	[[ "$output" == *"$d.packed: corrupt: block "*" does not match its checksum" ]]
}

@test "--pack-chain FILE: the chain states a run computed in memory, packed; a cache over them computes none of them" {
	local d=$BATS_TEST_TMPDIR/d e=$BATS_TEST_TMPDIR/empty
	local under=$BATS_TEST_TMPDIR/under
	mkdir -p "$d" "$e"
	run 2048-solve --tables "$e" --chain --no-cache \
	    --pack-chain "$d/chain.packed" < <(unsure_chain)
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = up ]
	[[ "${lines[1]}" == "2048-solve: $d/chain.packed: "*" chain table states packed" ]]
	run 2048-table --check "$d/chain.packed"
	[ "$status" -eq 0 ]
	run env G2048_CACHE="$under" 2048-solve --tables "$d" --explain \
	    < <(unsure_chain)
	[[ "$(chain_line <<< "$output")" == *'0.162434 time '*' ms' ]]
	[ ! -e "$under/chain-six.chain" ]
	# a path that cannot be written: refused before any work
	run 2048-solve --tables "$e" --chain --no-cache \
	    --pack-chain "$BATS_TEST_TMPDIR/no/such/f" < <(unsure_chain)
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 1 ]
	[ "$output" = "2048-solve: --pack-chain $BATS_TEST_TMPDIR/no/such/f: cannot write there: No such file or directory" ]
	# no chain tables: nothing to pack
	run 2048-solve --no-chain --pack-chain "$d/x.packed" < <(unsure_chain)
	[ "$status" -eq 2 ]
	[[ "$output" == *"2048-solve: --pack-chain: $d/x.packed: the player has no chain tables to pack" ]]
	[ ! -e "$d/x.packed" ]
}
