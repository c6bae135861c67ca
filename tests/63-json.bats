#!/usr/bin/env bats
# 63-json.bats - 2048-solve --json: JSON Lines for --explain and for the
# table of --summary and --tally, read back with jq; the keys are those
# man/2048-solve.1 documents.
load helper

setup() {
	command -v jq >/dev/null || skip "jq is not installed"
	T=$BATS_TEST_TMPDIR
}

@test "--explain --json: an object a board, the move and each value" {
	2048-new --seed 7 --count 3 | 2048-solve --explain --json --depth 2 > "$T/out"
	[ "$(wc -l < "$T/out")" -eq 3 ]
	# every line is one object with the documented keys, in order
	[ "$(jq -c 'keys_unsorted' "$T/out" | sort -u)" = \
	    '["move","values","depth","deepened","nodes","ms","evaluator","table","chain","source","exact"]' ]
	# the move is the one the plain output gives, and the best value
	2048-new --seed 7 --count 3 | 2048-solve --depth 2 > "$T/plain"
	diff "$T/plain" <(jq -r .move "$T/out")
	jq -e '.values[.move] == ([.values[] | select(. != null)] | max)' "$T/out"
	jq -e '.depth == 2 and .deepened == false and .evaluator == "lines"' "$T/out"
}

@test "--json without --explain: the move alone; none is null, exit 1" {
	run 2048-solve --json < <(board '2 4 2 4' '4 2 4 2' '2 4 2 4' '4 2 4 2')
	[ "$status" -eq 1 ]
	[ "${lines[-1]}" = '{"move":null}' ]
	2048-new --seed 7 | 2048-solve --json --depth 1 | jq -e '.move == "up" or .move == "down" or .move == "left" or .move == "right"'
}

@test "--summary --json: the table as one object, as the text table says" {
	2048-solve --games 20 --algo greedy --seed 1 --summary --json > "$T/json"
	2048-solve --games 20 --algo greedy --seed 1 --summary > "$T/text"
	[ "$(wc -l < "$T/json")" -eq 1 ]
	jq -e '.games == 20 and (.scores | length) == 20' "$T/json"
	[ "$(jq .score_mean "$T/json")" = "$(sed -n 's/^score mean *//p' "$T/text" | sed 's/\.0$//')" ]
	[ "$(jq .score_max "$T/json")" = "$(sed -n 's/^score max *//p' "$T/text")" ]
	[ "$(jq .moves "$T/json")" = "$(sed -n 's/^moves  *//p' "$T/text")" ]
	# each tile's count and interval, as the table prints them
	jq -r '.tiles[] | "\(.tile) \(.games) \(.ci_low) \(.ci_high)"' "$T/json" > "$T/tiles"
	awk '/^[0-9]/ { split($4, ci, "-"); print $1, $2, ci[1] + 0, ci[2] + 0 }' "$T/text" |
	    diff - <(awk '{ printf "%s %s %.1f %.1f\n", $1, $2, $3, $4 }' "$T/tiles" |
	    awk '{ print $1, $2, $3 + 0, $4 + 0 }')
	jq -e '.moves_per_s > 0 and (.scores == (.scores | sort))' "$T/json"
	jq -e '[.tiles[].tile] == [512,1024,2048,4096,8192,16384,32768,65536,131072]' "$T/json"
}

@test "--tally --json: no speeds nor evaluator; the same scores" {
	2048-solve --games 5 --algo greedy --seed 1 --final --compact |
	    2048-solve --tally --json > "$T/json"
	jq -e '.games == 5 and (has("moves_per_s") | not) and (has("evaluator") | not)' "$T/json"
	2048-solve --games 5 --algo greedy --seed 1 --summary --json |
	    jq -e --slurpfile t "$T/json" '.scores == $t[0].scores'
}

@test "--json with the boards of --play, or with --final, is a usage error" {
	run 2048-solve --games 2 --json
	[ "$status" -eq 2 ]
	[[ "$output" == *"--json writes the moves of single boards or the table"* ]]
	run 2048-solve --games 2 --json --summary --final
	[ "$status" -eq 2 ]
	[[ "${lines[1]}" == "Try '2048-solve --help'." ]]
}

@test "--games 0 plays no game and reads nothing" {
	run 2048-solve --games 0 --algo greedy < <(2048-new --seed 1)
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	2048-solve --games 0 --summary --json < <(2048-new --seed 1) |
	    jq -e '.games == 0 and .scores == [] and (has("score_mean") | not)'
}
