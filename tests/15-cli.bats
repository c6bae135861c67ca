#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines, stderr: set by run
# 15-cli.bats - what every tool's command line shares: a letter means one
# option in the whole toolkit (2048(7) has the table), -h is --help, a
# usage error says where to read more, and a newcomer's slips are
# explained.
load helper
bats_require_minimum_version 1.5.0

# clashes: from "LETTER LONG TOOL" lines, a line for each letter that
# means two options, and for each option that has two letters (or a
# letter in one tool and none in another)
clashes() {
	awk '
	$1 != "-" && ($1 in long) && long[$1] != $2 {
		print "-" $1 " is --" long[$1] " (" ltool[$1] ") and --" $2 " (" $3 ")"
	}
	$1 != "-" { long[$1] = $2; ltool[$1] = $3 }
	($2 in letter) && letter[$2] != $1 {
		print "--" $2 " has " letter[$2] " (" otool[$2] ") and " $1 " (" $3 ")"
	}
	{ letter[$2] = $1; otool[$2] = $3 }'
}

# every_option: the option map of every tool, tools in name order
every_option() {
	local t
	for t in $(tools | sort); do
		option_map "$t"
	done
}

@test "every tool's --help defines its options in the form the checks read" {
	local t
	for t in $(tools); do
		run option_map "$t"
		echo "$t: $output"
		[[ "$output" == *"h help $t"* ]]
		[[ "$output" == *"- version $t"* ]]
	done
}

@test "a letter means one option in every tool, and an option keeps its letter" {
	run every_option
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -gt 50 ]
	run clashes <<<"$output"
	echo "$output"
	[ -z "$output" ]
}

@test "the clash check finds a letter of two options and an option of two letters" {
	run clashes <<-'EOF'
	f four 2048-new
	f field 2048-eval
	j threads 2048-solve
	- threads 2048-learn
	s seed 2048-new
	s seed 2048-spawn
	EOF
	[ "${lines[0]}" = "-f is --four (2048-new) and --field (2048-eval)" ]
	[ "${lines[1]}" = "--threads has j (2048-solve) and - (2048-learn)" ]
	[ "${#lines[@]}" -eq 2 ]
}

# accepted TOOL: the letters TOOL's getopt takes, one a line (digits are
# left out: none is used, and a probe a process is slow)
accepted() {
	local c err
	for c in {a..z} {A..Z}; do
		err=$("$1" "-$c" </dev/null 2>&1 >/dev/null) || true
		[[ $err == *"invalid option -- '$c'"* ]] || echo "$c"
	done
}

@test "the letters a tool takes are the letters its --help lists" {
	local t listed
	for t in $(tools); do
		listed=$(option_map "$t" | awk '$1 != "-" { print $1 }' | sort)
		run accepted "$t"
		echo "$t takes: ${output//$'\n'/ }, --help lists: ${listed//$'\n'/ }"
		[ "$(sort <<<"$output")" = "$listed" ]
	done
}

# page_table: the short-option table of 2048(7), "LETTER LONG TOOLS" (a
# list of tools may go on over several lines)
page_table() {
	awk 'function flush() { if (letter != "") print letter, long, tools
		letter = "" }
	    /^\.Ss Short options/ { on = 1; next } !on { next }
	    /^\.El/ { flush(); exit }
	    /^\.It Fl [A-Za-z0-9] , Fl -/ {
		flush(); letter = $3; long = $6; sub(/^\\?-/, "", long)
		tools = ""; next
	    }
	    letter != "" { tools = tools == "" ? $0 : tools " " $0 }' \
	    "$ROOT_DIR/man/2048.7"
}

# toolkit_table: the same table from the tools' --help
toolkit_table() {
	every_option | awk -v n="$(tools | wc -l)" '$1 != "-" {
		k = $1 " " $2
		in_tools[k] = in_tools[k] ? in_tools[k] ", " $3 : $3
		count[k]++
	    }
	    END { for (k in count)
		print k, count[k] == n ? "every tool" : in_tools[k] }'
}

@test "2048(7)'s table of short options is every tool's, exactly" {
	run page_table
	[ "${#lines[@]}" -gt 20 ]
	diff -u <(toolkit_table | LC_ALL=C sort) <(page_table | LC_ALL=C sort)
}

@test "every tool's -h fits a screen (24 lines of 80 columns); a shorter -h than --help names --help and only its options" {
	local opt t short=""
	for t in $(tools); do
		run "$t" -h
		[ "$status" -eq 0 ]
		[[ "$output" == "usage: $t "* ]]
		echo "$t -h: ${#lines[@]} lines"
		[ "${#lines[@]}" -le 24 ]
		[ -z "$(printf '%s\n' "$output" | awk 'length > 80')" ]
		[ "$output" != "$("$t" --help)" ] || continue
		short="$short $t"
		[[ "$output" == *"$t --help: all the options"* ]]
		# every option of the summary is one of --help's, with its letter
		while read -r opt; do
			"$t" --help | grep -qF -- "$opt" ||
			    { echo "not in --help: $opt"; return 1; }
		done < <(printf '%s\n' "$output" | grep -oE '^  (-[A-Za-z], )?--[a-z-]+')
		[ "$("$t" --help | wc -l)" -gt "${#lines[@]}" ]
	done
	# the tools whose --help passes a screen
	[ "$short" = " 2048-learn 2048-review 2048-solve 2048-table" ]
	2048-solve --help | grep -q -- '--no-bitboard'
	[[ "$(2048-solve -h)" != *--no-bitboard* ]]
	2048-table --help | grep -q -- '--distill'
	[[ "$(2048-table -h)" != *"      --distill FILE"* ]]
}

@test "a usage error names the error, then where to read more" {
	local t
	for t in $(tools); do
		run --separate-stderr "$t" --no-such-option </dev/null
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[ "$stderr" = "$t: unrecognized option '--no-such-option'"$'\n'"Try '$t --help'." ]
		run --separate-stderr "$t" -Z </dev/null
		[ "$status" -eq 2 ]
		[ "$stderr" = "$t: invalid option -- 'Z'"$'\n'"Try '$t --help'." ]
	done
	# the tools' own usage errors too
	run --separate-stderr 2048-move
	[ "$stderr" = "2048-move: missing direction"$'\n'"Try '2048-move --help'." ]
	run --separate-stderr 2048-new --count x
	[ "$stderr" = "2048-new: --count: expected an integer from 0 to 18446744073709551615: 'x'"$'\n'"Try '2048-new --help'." ]
}

@test "a bad value says, in one style: the option, what was expected, the value; then Try" {
	local cmd tool
	# TOOL OPTION... as a line, then the message's start; stdin empty
	while IFS='|' read -r cmd want; do
		tool=${cmd%% *}
		# shellcheck disable=SC2086 # the words of the command
		run --separate-stderr $cmd </dev/null
		[ "$status" -eq 2 ] || { echo "status $status: $cmd"; return 1; }
		[[ "$stderr" == "$tool: $want"*"'"$'\n'"Try '$tool --help'." ]] ||
		    { echo "$cmd: $stderr"; return 1; }
	done <<'EOF2'
2048-table -o x.tbl --pattern xyz -t 64|--pattern: expected a name (2048-table --list) or 4 rows of 4 cells
2048-table -o x.tbl --size 9x9|--size: expected ROWSxCOLS, each from 2 to 8, as 4x4 or 3x5: '9x9
2048-table -o x.tbl --size 4x5|--size: expected RxC, 2 to 8 each, at most 16 cells: '4x5
2048-table -o x.tbl --size 2x2 --target 3|--target: expected a tile from 4 to 16384: '3
2048-table -o x.tbl --size 2x2 --objective max|--objective: expected prob or score: 'max
2048-spawn --at 1,1 --value 3|--value: expected a tile from 2 to
2048-eval --field nope|--field: expected a key of the report (see 2048-eval(1)): 'nope
2048-eval --target 3|--target: expected a tile from 2 to 2^61: '3
2048-move north|expected a direction, up, down, left or right: 'north
2048-solve --algo alphago|--algo: expected expectimax, minimax, greedy, random or exact: 'alphago
2048-solve --until 3|--until: expected 0 (play to the end) or a tile from 4 to 131072: '3
EOF2
}

@test "2048-move with a second direction says: one direction per call" {
	run --separate-stderr 2048-move left up < <(2048-new --seed 1)
	[ "$status" -eq 2 ]
	[ "$output" = "" ]
	[ "${stderr%%$'\n'*}" = "2048-move: 'up' is a second direction: one direction per call; pipe into another 2048-move, as in '2048-move left | 2048-move up'" ]
	# a file of that name is a file
	2048-new --seed 1 > "$BATS_TEST_TMPDIR/up"
	cd "$BATS_TEST_TMPDIR"
	run 2048-move -c left up
	[ "$status" -eq 0 ]
	[ "$output" = "$(2048-new --seed 1 | 2048-move -c left)" ]
}

@test "2048-solve --explain with --play, --games or --tally is a usage error" {
	local opts
	for opts in "--play" "--games 1" "--tally" "-p"; do
		# shellcheck disable=SC2086 # the options
		run --separate-stderr 2048-solve --explain $opts < <(2048-new --seed 1)
		[ "$status" -eq 2 ]
		[ "$output" = "" ]
		[[ "$stderr" == "2048-solve: --explain is for single moves, not with --play, --games or --tally: --log FILE records every decision of a game"* ]]
	done
}

# on_terminal CMD: run CMD (a shell command) with a terminal as its
# standard input, typing stdin into it; its output, CRs dropped
on_terminal() {
	timeout 20 script -qec "$1" /dev/null | tr -d '\r'
}

@test "a tool reading boards from a terminal says once how to end input" {
	command -v script >/dev/null || skip "script (util-linux) is not installed"
	local hint="reading boards from the terminal: rows of cells, . for empty (4 rows of 4 for the classic board), a blank line after each board, Ctrl-D to end"
	run on_terminal "2048-move -q left - -" \
	    < <(printf '2 . . .\n. . . .\n. . . .\n. . . .\n\n\004\004')
	echo "$output"
	[ "$(grep -c "^2048-move: $hint\$" <<<"$output")" -eq 1 ]
	[[ "$output" == *"moves 0"* ]]
	# not when stdin is a pipe or a file
	run --separate-stderr 2048-move left < <(2048-new --seed 1)
	[ "$stderr" = "" ]
}

# option errors read alike in every tool
@test "option errors read alike: ranges, --games -1, --log's reason" {
	local t
	for t in 2048-new 2048-spawn 2048-solve 2048-learn 2048-play; do
		run --separate-stderr "$t" --seed 99999999999999999999999
		[ "$status" -eq 2 ]
		[ "$stderr" = "$t: --seed: expected an integer from 0 to 18446744073709551615: '99999999999999999999999'"$'\n'"Try '$t --help'." ]
	done
	run --separate-stderr 2048-solve --games -1
	[ "$status" -eq 2 ]
	local solve=${stderr#2048-solve}
	run --separate-stderr 2048-learn --save "$BATS_TEST_TMPDIR/n" --games -1
	[ "$status" -eq 2 ]
	[ "${stderr#2048-learn}" = "${solve//2048-solve/2048-learn}" ]
	[[ "$solve" == ": --games: expected an integer from 0 to "* ]]
	run 2048-solve --log "$BATS_TEST_TMPDIR/no/dir/log" < /dev/null
	[ "$status" -eq 2 ]
	[ "$output" = "2048-solve: --log $BATS_TEST_TMPDIR/no/dir/log: cannot write: No such file or directory" ]
	run 2048-learn --net 0123 --save "$BATS_TEST_TMPDIR/n" --games 1 \
	    --log "$BATS_TEST_TMPDIR/no/dir/log"
	[ "$status" -eq 2 ]
	[ "$output" = "2048-learn: --log $BATS_TEST_TMPDIR/no/dir/log: cannot write: No such file or directory" ]
}

# leak_free STATUS CMD...: CMD exits STATUS with LeakSanitizer on, and
# says nothing of a leak (make check SAN=1 turns it off for the rest of
# the suite: it costs some 85 ms a process here)
leak_free() {
	local want=$1 got=0 err=$BATS_TEST_TMPDIR/leak.err
	shift
	env ASAN_OPTIONS=detect_leaks=1 "$@" > /dev/null 2> "$err" || got=$?
	! grep -q LeakSanitizer "$err" || { cat "$err"; return 1; }
	[ "$got" -eq "$want" ] || { echo "$*: exit $got: $(cat "$err")"; return 1; }
}

@test "every tool frees what it takes, on its main paths and its errors (LeakSanitizer)" {
	[ "${SANITIZED:-0}" = 1 ] || skip "a sanitized build checks this (make check SAN=1)"
	local T=$BATS_TEST_TMPDIR
	2048-new --seed 4 --count 3 > "$T/boards"
	2048-new --seed 4 --size 3x3 --four 0.2 -c > "$T/small"
	leak_free 0 2048-new --seed 1 --count 2 --size 5x5
	leak_free 0 2048-move left "$T/boards"
	leak_free 2 2048-move left "$FIXTURES/eval-zigzag.txt" /no/such/file
	leak_free 0 2048-spawn --all -c "$T/small"
	leak_free 0 2048-eval --json "$T/boards"
	leak_free 2 2048-eval --field nosuchfield "$T/boards"
	leak_free 0 2048-solve --explain "$T/boards"
	leak_free 0 2048-solve --json --fast "$T/small"
	leak_free 0 2048-solve --games 2 --seed 3 --depth 1 --summary -j 2
	leak_free 2 2048-solve --depth 99 "$T/boards"
	leak_free 0 2048-learn --games 20 --seed 1 --save "$T/n.net" -q
	leak_free 0 2048-solve --net "$T/n.net" --depth 2 "$T/boards"
	leak_free 0 2048-table -q -o "$T/2x2.tbl" --size 2x2
	leak_free 0 2048-table --table "$T/2x2.tbl" --json --cells 2,4,.,.
	leak_free 0 2048-table -q -o "$T/p.tbl" --pattern xxxx/xxxx/xx../.... -t 8
	leak_free 0 2048-solve --tables "$T" --table-from 0 "$T/boards"
	leak_free 2 2048-table --table "$T/boards"
	2048-new --seed 4 | 2048-solve --play -d 1 --moves 20 > "$T/game"
	leak_free 0 2048-review -d 1 -j 2 "$T/game"
	leak_free 0 2048-review --tables "$T" --table-from 0 -d 1 --json "$T/game"
	leak_free 2 2048-review -d 1 "$T/boards"
	leak_free 0 2048-play --help
}
