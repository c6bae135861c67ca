#!/usr/bin/env bats
# shellcheck disable=SC2154 # status, output, lines: set by run
# 75-review.bats - 2048-review: a game's moves against the player's own
# (the same player as 2048-solve's, with the same options); exact where a
# whole board's table decides, to the last digit 2048-table prints; a
# planted bad move found with the table's loss; a stream that is not a
# game refused at its line.
load helper
bats_require_minimum_version 1.5.0

setup_file() {
	export TDIR=$BATS_FILE_TMPDIR/tables PDIR=$BATS_FILE_TMPDIR/prob
	mkdir -p "$TDIR" "$PDIR"
	# the expected score of 2x2 and 2x3 games; the chance of a 32 on 2x3
	2048-table -q -o "$TDIR/2x2.tbl" --size 2x2
	2048-table -q -o "$TDIR/2x3.tbl" --size 2x3
	2048-table -q -o "$PDIR/2x3.tbl" --size 2x3 -t 32 --objective prob
	# the chance of a 64 on 3x3 (3 s of CPU, 11 MB)
	export P3DIR=$BATS_FILE_TMPDIR/prob3
	mkdir -p "$P3DIR"
	2048-table -q -o "$P3DIR/3x3.tbl" --size 3x3 -t 64 --objective prob
}

# each test in a folder of its own: its games and streams are files there
setup() {
	cd "$BATS_TEST_TMPDIR" || return 1
}

# nth N: the Nth board of the stream on stdin
nth() {
	awk -v n="$1" 'BEGIN { RS = ""; ORS = "\n\n" } NR == n'
}

# first N: the first N boards of the stream on stdin
first() {
	awk -v n="$1" 'BEGIN { RS = ""; ORS = "\n\n" } NR <= n'
}

# review_values: "DIR VALUE" of each move line's figures, a blank line
# after each move, from 2048-review's text on stdin
review_values() {
	awk '/^  up / { for (i = 1; i < 9; i += 2) if ($(i + 1) != "-")
	    print $i, $(i + 1); print "" }'
}

# table_values: the same from 2048-table --table's answers on stdin
table_values() {
	awk '/^(up|down|left|right) / { print } /^$/ { print "" }
	    END { print "" }'
}

@test "a seeded 4x4 game reviewed with its player's options: every move best" {
	2048-new --seed 4 | 2048-solve --play --fast --moves 150 > game
	run 2048-review --fast game
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "reviewed 150 moves: accuracy 100.0% (150 best), 0 inaccuracies, 0 mistakes, 0 blunders" ]
	[ "$(grep -c '^move [0-9]*: [a-z]*, best$' <<<"$output")" -eq 150 ]
	# the search's figures, said so
	[[ "${lines[1]}" == *"[search value (lines)]" ]]
	# a depth of its own: the same
	2048-new --seed 8 | 2048-solve --play -d 2 --moves 60 > game2
	run 2048-review -d 2 -J game2
	[ "$status" -eq 0 ]
	[ "$(grep -c '"judgement":"best","loss":0.000,' <<<"$output")" -eq 60 ]
	[[ "${lines[-1]}" == '{"summary":true,"moves":60,"accuracy":1.000000,"best":60,"inaccuracies":0,"mistakes":0,"blunders":0,"over":false,"decided":null,"largest":[]}' ]]
}

@test "a game the chain digest played: its moves best, the digest's chance said" {
	[ -f "$ROOT_DIR/tables/chain.digest" ] || skip "no chain digest"
	2048-new --seed 4 | 2048-solve --play --fast --tables "$ROOT_DIR/tables" \
	    --moves 600 > game
	run 2048-review --fast --tables "$ROOT_DIR/tables" game
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "reviewed 600 moves: accuracy 100.0% (600 best), 0 inaccuracies, 0 mistakes, 0 blunders" ]
	grep -q 'chain probability, its move.s alone (digest, block of [56])' <<<"$output"
}

@test "another move than the digest's: every move valued by the search, said so" {
	[ -f "$ROOT_DIR/tables/chain.digest" ] || skip "no chain digest"
	local t=$ROOT_DIR/tables k best x
	2048-new --seed 4 | 2048-solve --play --fast --tables "$t" --moves 600 > game
	# the first move the digest chose
	k=$(2048-review --fast --tables "$t" -J game |
	    sed -n 's/^{"move":\([0-9]*\),.*"source":"digest".*/\1/p' | head -1)
	[ -n "$k" ]
	best=$(nth "$k" < game | 2048-solve --fast --tables "$t")
	for x in up down left right; do
		[ "$x" != "$best" ] && nth "$k" < game | 2048-move -q "$x" > /dev/null && break
	done
	{ first "$k" < game; nth "$k" < game | 2048-move "$x" | 2048-spawn; } > planted
	run 2048-review --fast --tables "$t" -J planted
	[ "$status" -eq 0 ]
	line=$(grep "^{\"move\":$k," <<<"$output")
	[[ "$line" == '{"move":'"$k"',"played":"'"$x"'","best":"'"$best"'",'* ]]
	[[ "$line" == *'"kind":"search","source":"digest","table":null,"chain":'[56]',"chain_prob":'* ]]
	# every legal move has the search's figure
	[[ "$line" != *'null,'*'"kind"'* ]]
	run 2048-review --fast --tables "$t" planted
	grep -q "^move $k: $x, .*to $best\$" <<<"$output" ||
	    grep -q "^move $k: $x, best\$" <<<"$output"
	grep -q "\[search value (lines); the digest chose $best, probability [0-9.]*\]" <<<"$output"
}

@test "whole boards' tables decide: every move best, exactly (loss 0)" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$TDIR" --play > game
	run 2048-review --tables "$TDIR" -J game
	[ "$status" -eq 0 ]
	n=$(($(grep -c '^score' game) - 1))
	[ "$(grep -c '"judgement":"best","loss":0.0000000000,.*"kind":"score","source":"board table","table":"2x3.tbl"' <<<"$output")" -eq "$n" ]
	[[ "${lines[-1]}" == '{"summary":true,"moves":'"$n"',"accuracy":1.000000,"best":'"$n"',"inaccuracies":0,"mistakes":0,"blunders":0,"over":true,"decided":null,"largest":[]}' ]]
	# the text says what the figures are and that no mistake lost it
	run 2048-review --tables "$TDIR" game
	[[ "${lines[1]}" == *"[exact expected score to come (2x3.tbl)]" ]]
	[ "${lines[-1]}" = "lost without a mistake: the spawns decided" ]
}

@test "on 2x2 and 2x3 boards the values are the whole board's table's, to the last digit" {
	for size in 2x2 2x3; do
		2048-new --size $size --seed 5 | 2048-solve --tables "$TDIR" --play > game
		n=$(($(grep -c '^score' game) - 1))
		first $n < game | 2048-table --table "$TDIR/$size.tbl" | table_values > want
		2048-review --tables "$TDIR" game | review_values > got
		[ "$(grep -c . got)" -gt "$n" ]
		diff want got
	done
	# a table of probabilities: its figures too
	2048-new --size 2x3 --seed 5 | 2048-solve --tables "$PDIR" --play > game
	run 2048-review --tables "$PDIR" game
	[[ "${lines[1]}" == *"[exact probability of 32 (2x3.tbl)]" ]]
}

@test "a planted bad move is flagged at its move, with the loss the table gives" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$PDIR" --play > game
	# board 4: the legal move the table values least
	nth 4 < game | 2048-table --table "$PDIR/2x3.tbl" > answer
	best=$(awk '$1 == "best" { print $2 }' answer)
	read -r worst wv < <(awk '/^(up|down|left|right) / { print $2, $1 }' \
	    answer | sort -g | head -1 | awk '{ print $2, $1 }')
	bv=$(awk -v d="$best" '$1 == d { print $2 }' answer)
	[ "$worst" != "$best" ]
	{ first 4 < game
	  nth 4 < game | 2048-move "$worst" | 2048-spawn | \
	      2048-solve --tables "$PDIR" --play; } > planted
	run 2048-review --tables "$PDIR" -J planted
	[ "$status" -eq 0 ]
	line=$(grep '^{"move":4,' <<<"$output")
	[[ "$line" == '{"move":4,"played":"'"$worst"'","best":"'"$best"'","judgement":"'* ]]
	[[ "$line" != *'"judgement":"best"'* ]]
	# the loss is the table's best less the move's
	loss=${line#*\"loss\":}
	loss=${loss%%,*}
	awk -v l="$loss" -v b="$bv" -v w="$wv" \
	    'BEGIN { d = l - (b - w); exit !(d < 1e-9 && d > -1e-9) }'
	# every other move best; the summary counts it and names it largest
	[ "$(grep -c '"judgement":"best"' <<<"$output")" -eq $((${#lines[@]} - 2)) ]
	[[ "${lines[-1]}" == *'"largest":[{"move":4,"played":"'"$worst"'"'* ]]
	# --only-mistakes writes it alone (if it is one), the summary after
	run 2048-review --tables "$PDIR" --threshold 0.000001 planted
	[ "${lines[0]%%,*}" = "move 4: $worst" ]
	[[ "$output" == *"largest loss:"$'\n'"move 4: $worst for $best loses "* ]]
}

@test "thresholds: --mistake and --blunder set the judgement; --only-mistakes" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$PDIR" --play > game
	nth 4 < game | 2048-table --table "$PDIR/2x3.tbl" > answer
	worst=$(awk '/^(up|down|left|right) / { print $2, $1 }' answer | \
	    sort -g | head -1 | cut -d' ' -f2)
	{ first 4 < game
	  nth 4 < game | 2048-move "$worst" | 2048-spawn | \
	      2048-solve --tables "$PDIR" --play; } > planted
	run 2048-review --tables "$PDIR" --mistake 0.0000001 --blunder 0.0000002 \
	    --only-mistakes planted
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "move 4: $worst, blunder: loses "* ]]
	# the board of a mistake is drawn: the position of move 4, with no
	# move beside it but move 4's (not the move before, its `move` key)
	[ "${lines[2]}" = "$(nth 4 < planted | head -1)" ]
	nth 4 < planted | grep -q '^move '
	[ "$(sed -n '3,/^$/p' <<<"$output" | grep -c '^move ')" -eq 0 ]
	[ "$(sed -n '3,/^$/p' <<<"$output" | grep -v '^$')" = "$(nth 4 < planted | grep -v '^move ')" ]
	# so is each of the largest losses'
	[[ "$output" == *$'\nlargest loss:\nmove 4: '"$worst for "*$'\n'"$(nth 4 < planted | grep -v '^move ')"* ]]
	[[ "$output" == *"decided at move 4, the last mistake before the game was lost"* || \
	    "$output" != *'"over":true'* ]]
	run 2048-review --tables "$PDIR" --blunder 1 --mistake 1 --only-mistakes planted
	[[ "${lines[0]}" == "reviewed "* ]]
	run 2048-review --mistake 0.5 --blunder 0.1 planted
	[ "$status" -eq 2 ]
	[[ "${lines[0]}" == "2048-review: the thresholds must rise"* ]]
}

@test "a stream that is not a game is refused at its line" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$TDIR" --play > game
	# a board that cannot follow: the third board left out
	{ first 2 < game; nth 4 < game; } > skip
	run 2048-review --tables "$TDIR" skip
	[ "$status" -eq 2 ]
	[ "${lines[-1]}" = "2048-review: skip:16: the board does not follow the one before by move $(nth 4 < game | awk '$1 == "move" { print $2 }') and a spawn" ]
	# the moves before it were written whole
	[ "${lines[0]%%,*}" = "move 1: $(nth 2 < game | awk '$1 == "move" { print $2 }')" ]
	# a wrong move's name
	played=$(nth 2 < game | awk '$1 == "move" { print $2 }')
	{ first 1 < game
	  nth 2 < game | sed "s/^move $played\$/move $( [ "$played" = left ] && echo right || echo left)/"; } > named
	run 2048-review --tables "$TDIR" named
	[ "$status" -eq 2 ]
	[[ "${lines[-1]}" == "2048-review: named:8: move "*" is not legal on the board before" || \
	    "${lines[-1]}" == "2048-review: named:8: the board does not follow the one before by move "*" and a spawn" ]]
	# typed boards, no move named: some move and a spawn, or refused
	printf '2 . . .\n. . . .\n. . . .\n. . . 2\n\n8 . . .\n. . . .\n. . . .\n. . . 2\n' > typed
	run 2048-review -d 1 typed
	[ "$status" -eq 2 ]
	[ "${lines[-1]}" = "2048-review: typed:6: the board does not follow the one before by a move and a spawn" ]
	printf '2 . . .\n. . . .\n. . . .\n. . . 2\n\n. . . 2\n. . . .\n. . . .\n2 . . 2\n' > typed
	run 2048-review -d 1 typed
	[ "$status" -eq 0 ]
	[ "${lines[0]%%,*}" = "move 1: down" ]
	# another size, another score
	{ first 1 < game; 2048-new --seed 1; } > sizes
	run 2048-review -d 1 sizes
	[ "$status" -eq 2 ]
	[ "${lines[-1]}" = "2048-review: sizes:8: a 4x4 board cannot follow a 2x3 one: not a game" ]
	{ first 1 < game; nth 2 < game | sed 's/^score .*/score 96/'; } > score
	run 2048-review --tables "$TDIR" score
	[ "$status" -eq 2 ]
	[[ "${lines[-1]}" == "2048-review: score:8: score 96 does not follow: the move makes "* ]]
}

@test "--every N values one move in N, and checks every board" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$TDIR" --play > game
	n=$(($(grep -c '^score' game) - 1))
	run 2048-review --tables "$TDIR" --every 10 -J game
	[ "$status" -eq 0 ]
	[ "$(grep -c '^{"move"' <<<"$output")" -eq $(((n + 9) / 10)) ]
	[[ "${lines[0]}" == '{"move":1,'* && "${lines[1]}" == '{"move":11,'* ]]
	# the moves valued are the whole review's
	diff <(2048-review --tables "$TDIR" -J game | grep -E '^\{"move":(1|11|21),') \
	    <(grep -E '^\{"move":(1|11|21),' <<<"$output")
	# a board that does not follow is found between the moves valued
	{ first 4 < game; nth 6 < game; } > skip
	run 2048-review --tables "$TDIR" --every 10 skip
	[ "$status" -eq 2 ]
	[[ "${lines[-1]}" == "2048-review: skip:"*": the board does not follow the one before by move "* ]]
}

@test "a 2048-play save is a game: it reviews" {
	2048-new --seed 3 | 2048-solve --play -d 1 --moves 30 -c > game
	run 2048-review -d 1 -q game
	[ "$status" -eq 0 ]
	[ "${lines[-1]}" = "reviewed 30 moves: accuracy 100.0% (30 best), 0 inaccuracies, 0 mistakes, 0 blunders" ]
}

@test "a review of no move says so, with no accuracy" {
	run 2048-review -d 1 < <(2048-new --seed 3)
	[ "$status" -eq 0 ]
	[ "$output" = "no move reviewed: a game of one board has no move" ]
	run 2048-review -d 1 -J < <(2048-new --seed 3)
	[ "$output" = '{"summary":true,"moves":0,"accuracy":null,"best":0,"inaccuracies":0,"mistakes":0,"blunders":0,"over":false,"decided":null,"largest":[]}' ]
	run 2048-review -d 1 < /dev/null
	[ "$status" -eq 0 ]
	[ "$output" = "no move reviewed: no board" ]
}

@test "counts in words: 1 move, 1 mistake, 1 blunder, 1 inaccuracy; 2 moves" {
	2048-new --size 2x3 --seed 9 | 2048-solve --tables "$PDIR" --play > game
	nth 4 < game | 2048-table --table "$PDIR/2x3.tbl" > answer
	worst=$(awk '/^(up|down|left|right) / { print $2, $1 }' answer | \
	    sort -g | head -1 | cut -d' ' -f2)
	# the game to board 4, then the worst move: one move that loses
	{ first 4 < game; nth 4 < game | 2048-move "$worst" | 2048-spawn; } > planted
	tail -n +$(($(first 3 < game | wc -l) + 1)) planted > one
	run 2048-review --tables "$PDIR" one
	[ "$status" -eq 0 ]
	[[ "$(grep '^reviewed' <<<"$output")" == "reviewed 1 move: accuracy 0.0% (0 best), "* ]]
	run 2048-review --tables "$PDIR" --mistake 0.0000001 --blunder 1 one
	[[ "$(grep '^reviewed' <<<"$output")" == *", 0 inaccuracies, 1 mistake, 0 blunders" ]]
	run 2048-review --tables "$PDIR" --mistake 0.0000001 --blunder 0.0000002 one
	[[ "$(grep '^reviewed' <<<"$output")" == *", 0 inaccuracies, 0 mistakes, 1 blunder" ]]
	run 2048-review --tables "$PDIR" --mistake 1 --blunder 1 one
	[[ "$(grep '^reviewed' <<<"$output")" == *", 1 inaccuracy, 0 mistakes, 0 blunders" ]]
	# the largest loss, one
	[[ "$output" == *$'\nlargest loss:\n'* ]]
	run 2048-review --tables "$PDIR" planted
	[[ "$output" == *$'\nreviewed 4 moves: '* ]]
}

@test "the search's noise is no mistake: a loss within it is best; a table's figures judge exactly" {
	local noise=0.003
	# on 3x3 (boards of 2x3 and less are solved exactly without a table)
	2048-new --size 3x3 --seed 1 | 2048-solve --tables "$P3DIR" --play > game
	# by the table that played it: every move best
	run 2048-review --tables "$P3DIR" -J game
	[[ "${lines[-1]}" == '{"summary":true,"moves":'*',"accuracy":1.000000,'* ]]
	# by the search: a move it values within its noise of the best
	# is best (there are such moves: the search cannot tell the
	# table's move from its own), one it values below is not
	run 2048-review --no-tables -J game
	[ "$status" -eq 0 ]
	jq -e -s --argjson n $noise '[.[] | select(.move)] |
	    (map(select(.share > 0 and .share <= $n)) | length > 0) and
	    all((.judgement == "best") == (.share <= $n))' <<<"$output"
	# the summary's largest losses are moves judged below best
	jq -e -s --argjson n $noise '.[-1].largest | all(.share > $n)' <<<"$output"
	# a table's loss, however small, is not best: the 2x3 score table's
	# move of least loss (a share under the search's noise) played
	2048-new --size 2x3 --seed 1 | 2048-solve --tables "$TDIR" --play > game
	read -r k move < <(first 12 < game | 2048-table --table "$TDIR/2x3.tbl" |
	    awk 'BEGIN { RS = ""; FS = "\n" }
	    { best = ""; for (i = 1; i <= NF; i++) { split($i, f, " ")
	        if (f[1] == "best") best = f[2]; if (f[1] == "value") v = f[2] }
	      for (i = 1; i <= NF; i++) { split($i, f, " ")
	        if (f[1] ~ /^(up|down|left|right)$/ && f[1] != best &&
	            f[2] < v && (v - f[2]) / v < 0.003)
	            { print NR, f[1]; exit } } }')
	[ -n "$k" ]
	{ first "$k" < game; nth "$k" < game | 2048-move "$move" | 2048-spawn; } > planted
	run 2048-review --tables "$TDIR" -J planted
	line=$(grep "^{\"move\":$k," <<<"$output")
	[[ "$line" == *'"judgement":"inaccuracy"'*'"kind":"score"'* ]]
}

@test "a game of optimal moves on 2x2, 2x3 and 3x2 is 100% with or without the table: without, the board is solved in memory, exactly" {
	local size seed out
	for size in 2x2 2x3 3x2; do
		[ -f "$TDIR/$size.tbl" ] ||
		    2048-table -q -o "$TDIR/$size.tbl" --size $size
		for seed in 1 9; do
			2048-new --size $size --seed $seed |
			    2048-solve --tables "$TDIR" --play > game
			run 2048-review --tables "$TDIR" game
			[[ "${lines[-2]}" == "reviewed "*" moves: accuracy 100.0% ("* ]]
			run 2048-review --no-tables game
			[ "$status" -eq 0 ]
			[[ "${lines[-2]}" == "reviewed "*" moves: accuracy 100.0% ("* ]]
			[[ "${lines[1]}" == *"[exact expected score to come (solved in memory)]" ]]
			# the table's figures (single floats) to 1e-7
			paste -d '\n' <(2048-review --tables "$TDIR" game | review_values) \
			    <(2048-review --no-tables game | review_values) |
			    awk 'NF == 2 { if (p != "") { split(p, a, " ")
			        if (a[1] != $1 || ($2 - a[2]) / $2 > 1e-7 ||
			            (a[2] - $2) / $2 > 1e-7) bad = 1; p = "" }
			        else p = $0 } END { exit bad }'
		done
	done
	# said as what decided, in JSON too
	out=$(2048-review --no-tables -J game | head -1)
	[[ "$out" == *'"kind":"score","source":"board solved","table":null'* ]]
	# a player searching on 3x3 still: its figures are the search's
	2048-new --size 3x3 --seed 1 | 2048-solve --tables "$P3DIR" --play > game
	run 2048-review --no-tables game
	[[ "${lines[1]}" == *"[search value ("* ]]
}

@test "a 2x4 game with no table of its size: its table built once into the cache, then read; optimal moves 100%" {
	# 2x4 and 3x3 are too large to solve at every run (3x3: minutes):
	# the review builds the table 2048-table builds, into the cache;
	# the 2s-only odds keep the test short (1.5 s of CPU)
	mkdir t empty
	2048-table -q -o t/2x4.tbl --size 2x4 --four 0
	2048-new --size 2x4 --four 0 --seed 1 | 2048-solve --tables t --play > game
	run --separate-stderr 2048-review --tables empty --cache c game
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"no table of the 2x4 board: building it once into c/boards/2x4-four0.tbl"* ]]
	[[ "${lines[1]}" == *"[exact expected score to come (2x4-four0.tbl)]" ]]
	[[ "${lines[-2]}" == "reviewed "*" moves: accuracy 100.0% ("* ]]
	# the same bytes as 2048-table's, and the same review as by it
	cmp t/2x4.tbl c/boards/2x4-four0.tbl
	first=$output
	run 2048-review --tables t game
	[ "${output//2x4.tbl/2x4-four0.tbl}" = "$first" ]
	# read, not built, by the next review
	run --separate-stderr 2048-review --tables empty --cache c game
	[ "$stderr" = "" ]
	[ "$output" = "$first" ]
	# a table of the odds of the game only: 0.1 is another board
	run 2048-review --tables empty --cache c --no-tables game
	[[ "${lines[1]}" == *"[search value ("* ]]
	# no cache, or --no-tables: the search, and nothing is built
	run 2048-review --tables empty --no-cache game
	[[ "${lines[1]}" == *"[search value ("* ]]
	[ ! -e .cache ]
	# a corrupt table in the cache is said and built again
	printf 'X' | dd of=c/boards/2x4-four0.tbl bs=1 seek=70000 conv=notrunc 2>/dev/null
	run --separate-stderr 2048-review --tables empty --cache c game
	[ "$status" -eq 0 ]
	[ "$output" = "$first" ]
	cmp t/2x4.tbl c/boards/2x4-four0.tbl
}

@test "a 3x3 game of optimal moves reviews 100% with no table given: the one built into the cache judges it" {
	# the 2s-only odds: 14 s of CPU, where the classic odds take 148
	mkdir empty
	2048-new --size 3x3 --four 0 --seed 2 > start
	run --separate-stderr 2048-review -j 2 --tables empty --cache c start
	[[ "$stderr" == *"building it once into c/boards/3x3-four0.tbl"* ]]
	[ -f c/boards/3x3-four0.tbl ]
	# a game its table played, reviewed with the cache and no tables
	2048-solve --tables c/boards --play < start > game
	run --separate-stderr 2048-review --tables empty --cache c game
	[ "$stderr" = "" ]
	[[ "${lines[1]}" == *"[exact expected score to come (3x3-four0.tbl)]" ]]
	[[ "${lines[-2]}" == "reviewed "*" moves: accuracy 100.0% ("* ]]
}

@test "a review's table build stopped by a signal or a full disk: no work folder left, no table but a whole one" {
	mkdir empty tmp t
	2048-table -q -o t/2x4.tbl --size 2x4 --four 0
	2048-new --size 2x4 --four 0 --seed 1 | 2048-solve --play --depth 1 > game
	# SIGTERM as the build writes its first layer, then as it starts
	# writing the table: the tool ends by the signal, its work folder
	# removed, and a table in the cache is whole (renamed when written)
	for at in tmp/2048-review. c/boards/; do
		rm -rf c
		run -143 faulty TMPDIR="$PWD/tmp" FAULT_RAISE=15 \
		    FAULT_PATH="$at" 2048-review -q --tables empty --cache c game
		[ "$(find tmp -mindepth 1 | wc -l)" -eq 0 ]
		for f in c/boards/*.tbl; do
			[ ! -e "$f" ] || cmp "$f" t/2x4.tbl
		done
	done
	# a disk full as the table is written: said, the search judges,
	# nothing kept
	rm -rf c
	run --separate-stderr faulty FAULT_WRITE_LIMIT=100000 \
	    FAULT_PATH=c/boards 2048-review --tables empty --cache c game
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"the search values the 2x4 board"* ]]
	[[ "${lines[1]}" == *"[search value ("* ]]
	[ "$(find c -type f | wc -l)" -eq 0 ]
	# no work folder to be had: said, the search judges
	run --separate-stderr env TMPDIR="$PWD/none" 2048-review \
	    --tables empty --cache c game
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"cannot make $PWD/none/2048-review."*"the search values the 2x4 board"* ]]
}

@test "one blank line, never two, before the summary, after a board or a move line" {
	# two blank lines would show as one in man(1), which squeezes them,
	# so a page could not quote the review as it is; the game and its
	# planted mistake of 2048-review(1)
	local opts
	mkdir t
	2048-table -q -o t/2x3.tbl --size 2x3 -t 64 --objective prob
	2048-new --seed 9 --size 2x3 | 2048-solve --tables t --play -c > game
	{ head -9 game
	  sed -n 9p game | 2048-move right -c | 2048-spawn -c |
	      2048-solve --tables t --play -c; } > planted
	for opts in "--only-mistakes" "--threshold 0" "-c --only-mistakes"; do
		# shellcheck disable=SC2086 # opts: words
		run 2048-review --tables t --largest 0 $opts planted
		[ "$status" -eq 0 ]
		echo "$opts: $output"
		[[ "$output" == *"move 9: right, mistake"* ]]
		[[ "$output" != *$'\n\n\n'* ]]
		[[ "$output" == *$'\n\nreviewed '* ]]
	done
}

@test "--algo exact: a board no whole board's table holds is refused, named by its move" {
	# a 2x3 game, then a 3x3 board its tables do not cover
	2048-solve --games 1 --seed 3 --size 2x3 --tables "$TDIR" --moves 3 > game
	run 2048-review --algo exact --tables "$TDIR" game
	[ "$status" -eq 0 ]
	2048-solve --games 1 --seed 3 --size 3x3 --moves 3 > game3
	run 2048-review --algo exact --tables "$TDIR" game3
	[ "$status" -eq 2 ]
	[ "${lines[-1]}" = "2048-review: --algo exact: move 1: no whole board's table holds the board before" ]
}
