#!/usr/bin/env bats
# 62-progress.bats - the status line of long runs (2048-solve --games and
# --play, 2048-learn): drawn in place on stderr when it is a terminal
# (here a pseudo-terminal from script(1) of util-linux), never in a file
# or with -q.
load helper

setup() {
	command -v script >/dev/null || skip "script (util-linux) is not installed"
	T=$BATS_TEST_TMPDIR
}

# on_tty CMD: run the shell command CMD with its stderr on a new
# pseudo-terminal; what the terminal received goes to $T/tty, with the
# carriage returns kept
on_tty() {
	script -qec "$1" /dev/null > "$T/tty"
}

@test "2048-solve --games: one line redrawn on a terminal, erased at the end" {
	on_tty "2048-solve --games 20 --algo greedy --seed 1 --summary -j 1 > $T/out"
	# every draw starts with a carriage return, none ends a line
	grep -q $'\r2048-solve: games [0-9]*/20  [0-9]:[0-9][0-9] elapsed' "$T/tty"
	grep -q 'moves/s' "$T/tty"
	# the time left once a game is done
	grep -qE 'games [1-9][0-9]*/20  [0-9]:[0-9]{2} elapsed, [0-9]:[0-9]{2} left' "$T/tty"
	[ "$(tr -cd '\n' < "$T/tty" | wc -c)" -eq 0 ]
	# ends erased: carriage return, erase to the end of the line
	[ "$(tail -c 4 "$T/tty" | od -An -c | tr -d ' ')" = '\r033[K' ]
	# stdout is the summary alone
	grep -q '^games         20$' "$T/out"
	[ "$(grep -c elapsed "$T/out")" -eq 0 ]
}

@test "2048-solve: no status line when stderr is a file, or with -q" {
	2048-solve --games 20 --algo greedy --seed 1 --summary 2> "$T/err" > /dev/null
	[ ! -s "$T/err" ]
	on_tty "2048-solve --games 20 --algo greedy --seed 1 -q --summary > $T/out"
	[ ! -s "$T/tty" ]
	on_tty "2048-new --seed 3 | 2048-solve --play --algo greedy --final -q > $T/out"
	[ ! -s "$T/tty" ]
}

@test "2048-solve --play: games so far and moves/s on a terminal" {
	on_tty "2048-new --seed 3 --count 2 | 2048-solve --play --algo greedy --final > $T/out"
	grep -q $'\r2048-solve: games 0  [0-9]:[0-9][0-9] elapsed  [0-9]* moves/s' "$T/tty"
	[ "$(grep -c '^score' "$T/out")" -eq 2 ]
}

@test "2048-learn: the block's line redrawn in place on a terminal, kept at the end" {
	on_tty "2048-learn --net 0123,4567 --save $T/a --games 300 --block 100 --seed 1 --threads 1"
	grep -q $'\r2048-learn: games 100/300  [0-9]:[0-9][0-9] elapsed, ' "$T/tty"
	grep -q $'\r2048-learn: games 300/300  [0-9]:[0-9][0-9] elapsed, 0:00 left  ' "$T/tty"
	# one line in all: the last draw, kept
	[ "$(tr -cd '\n' < "$T/tty" | wc -c)" -eq 1 ]
	on_tty "2048-learn --net 0123,4567 --save $T/a --games 300 --block 100 --seed 1 --threads 1 -q"
	[ ! -s "$T/tty" ]
}

# last_draw COLUMNS: 2048-learn's kept last line on a terminal of that
# width (the erase to the end of the line dropped)
last_draw() {
	on_tty "stty cols $1; 2048-learn --net 0123,4567 --save $T/a --games 300 --block 100 --seed 1 --threads 1"
	tr '\r' '\n' < "$T/tty" | grep -a '2048-learn: games 300/300' | tail -n 1 |
	    sed 's/\x1b\[K$//'
}

# the line with every number a N
shape() {
	sed -E 's/[0-9]+(\.[0-9]+)?/N/g'
}

@test "a status line fits the terminal's width by dropping whole fields" {
	local wide narrow cols
	wide=$(last_draw 250)
	[[ "$wide" == *"  mean "*"  max "*"  32768:"*"%" ]]
	for cols in 80 72 60 45 30; do
		narrow=$(last_draw "$cols")
		echo "$cols: $narrow"
		[ "${#narrow}" -le $((cols - 1)) ]
		# a prefix of the whole line that ends between two fields
		[[ "$(shape <<<"$wide")" == "$(shape <<<"$narrow")  "* ]]
		# and never a number cut short: what follows "mean" is whole
		if [[ "$narrow" == *"  mean "* ]]; then
			[[ "$wide" == *"  mean ${narrow#*  mean }  "* ]]
		fi
	done
}

@test "2048-table: each layer's line on a terminal, with the peak memory so far" {
	on_tty "2048-table -o $T/p.tbl --pattern xxxx/xxxx/xx../.... -t 32 -j 1"
	grep -q $'\r2048-table: enumerating layer 4: [0-9]* states, [0-9]*/s, [0-9]* s, peak [0-9]* MB' "$T/tty"
	grep -q $'\r2048-table: valuing layer [0-9]*: [0-9]* of 7779 states, [0-9]*/s, [0-9]* s left, peak [0-9]* MB' "$T/tty"
	# the summary, one line, ends it
	grep -q '2048-table: .*p.tbl: 7779 states .* peak [0-9]* MB (tables [0-9]* MB)' "$T/tty"
	on_tty "2048-table -o $T/q.tbl --pattern xxxx/xxxx/xx../.... -t 32 -j 1 -q"
	[ ! -s "$T/tty" ]
}
