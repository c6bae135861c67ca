#!/usr/bin/env bats
# tests/70-play.bats - 2048-play driven in tmux: keys go in with send-keys,
# the screen's text comes out with capture-pane and is checked against the
# pipe tools (2048-new, 2048-move, 2048-spawn) playing the same game.
# One file of over 500 lines: one bats file a tool (tests/NN-tool.bats).
load helper

setup() {
	command -v tmux >/dev/null || {
		echo "tmux is needed to test 2048-play" >&2
		return 1
	}
	unset TMUX
	SOCKS=()
	T=$BATS_TEST_TMPDIR
	XDG_STATE_HOME=$T/state
	export XDG_STATE_HOME
}

teardown() {
	local s
	for s in "${SOCKS[@]}"; do
		tmux -S "$s" kill-server 2>/dev/null || true
	done
}

# start SIZE COMMAND: run COMMAND (a shell command line, 2048-play in it)
# in a new tmux server's window of SIZE (COLSxROWS), with TERM=$PLAY_TERM
# (default xterm-256color), COLORTERM=$PLAY_COLORTERM and
# NO_COLOR=$PLAY_NO_COLOR; the terminal's modes before and after it and
# its exit status are written to $T.  The shell outlives ^C (its trap),
# and a crash leaves no core file.
start() {
	cat >"$T/run.sh" <<EOF
export TERM=${PLAY_TERM:-xterm-256color}
unset COLORTERM NO_COLOR
${PLAY_COLORTERM:+export COLORTERM=$PLAY_COLORTERM}
${PLAY_NO_COLOR:+export NO_COLOR=$PLAY_NO_COLOR}
trap : INT
ulimit -c 0
stty -g >'$T/stty.before'
$2
echo "exit \$?" >'$T/status'
stty -g >'$T/stty.after'
echo ENDED
exec sleep 600
EOF
	SOCK="$T/tmux-${#SOCKS[@]}"   # its own server: no clash, no leftovers
	SOCKS+=("$SOCK")
	tmux -S "$SOCK" -f /dev/null new-session -d -x "${1%x*}" -y "${1#*x}" \
	    "sh '$T/run.sh'"
}

stop() {
	tmux -S "$SOCK" kill-server
}

screen() {
	tmux -S "$SOCK" capture-pane -p "$@"
}

keys() {
	tmux -S "$SOCK" send-keys "$@"
}

# wait_for TEXT: until the screen shows TEXT (at most 10 s)
wait_for() {
	local _
	for _ in $(seq 200); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.05
	done
	echo "timed out waiting for '$1' on:"
	screen
	return 1
}

# refute_screen [-e] REGEX: the screen (-e: with its escapes) lacks REGEX
# (a function, as a bare `! cmd` does not fail a bats test)
refute_screen() {
	local e=
	if [ "$1" = -e ]; then
		e=-e
		shift
	fi
	! screen $e | grep -qE -- "$1"
}

# the board on the screen as rows of cells, '.' empty (as `rows` prints),
# of any width
screen_board() {
	screen | grep -E '^ *[0-9.]+( +[0-9.]+)+ *$' | tr -s ' ' |
	    sed 's/^ //; s/ $//'
}

# expect_board ROWS: until the screen's board is ROWS (at most 10 s): a
# frame may reach tmux in pieces
expect_board() {
	local _
	for _ in $(seq 200); do
		[ "$(screen_board)" = "$1" ] && return 0
		sleep 0.05
	done
	printf 'expected the board\n%s\non the screen:\n' "$1"
	screen
	return 1
}

# pipe_game SEED DIR...: the game of 2048-new --seed SEED after the moves
# (2048-new with the options in the array NEW too)
NEW=()
pipe_game() {
	local b d
	b=$(2048-new --seed "$1" "${NEW[@]}")
	shift
	for d in "$@"; do
		b=$(printf '%s\n' "$b" | 2048-move "$d" | 2048-spawn) || return 1
	done
	printf '%s\n' "$b"
}

# the last board of a stream
last_board() {
	awk 'BEGIN { RS = "" } { b = $0 } END { print b }' "$@"
}

score_of() {
	sed -n 's/^score //p'
}

@test "2048-play refuses politely when stdout is not a terminal" {
	run 2048-play --seed 1 </dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"not a terminal"* ]]
	[[ "$output" == *"2048-new"* ]]
}

@test "2048-play --help, --version and usage errors" {
	run 2048-play --help
	[ "$status" -eq 0 ]
	[[ "$output" == *"--no-anim"* ]]
	[[ "$output" == *"--save FILE"* ]]
	run 2048-play --version
	[ "$status" -eq 0 ]
	[[ "$output" == "2048-play (2048-tools) "* ]]
	run 2048-play --bogus
	[ "$status" -eq 2 ]
	run 2048-play --colors 16
	[ "$status" -eq 2 ]
	[[ "$output" == *"--colors"* ]]
	run 2048-play --seed x
	[ "$status" -eq 2 ]
	run 2048-play extra
	[ "$status" -eq 2 ]
}

@test "a seeded game: arrows, WASD and hjkl give the pipe tools' boards" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 | rows)"
	keys Left
	wait_for "moves 1"
	expect_board "$(pipe_game 7 left | rows)"
	keys w
	wait_for "moves 2"
	keys l
	wait_for "moves 3"
	keys j
	wait_for "moves 4"
	keys a
	wait_for "moves 5"
	keys Up
	wait_for "moves 6"
	want=$(pipe_game 7 left up right down left up)
	expect_board "$(printf '%s\n' "$want" | rows)"
	score=$(printf '%s\n' "$want" | score_of)
	[ "$score" -eq 20 ]
	wait_for "score $score "
}

@test "an illegal move changes nothing" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys Left Up Right Down
	wait_for "moves 4"
	expect_board "$(pipe_game 7 left up right down | rows)"
	keys Down       # . . . . / . . . . / . . 2 . / 2 . 4 4: no tile moves
	keys Left
	wait_for "moves 5"
	expect_board "$(pipe_game 7 left up right down left | rows)"
}

@test "u undoes any number of moves, back to the start" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys Up Right Down
	wait_for "moves 4"
	keys u u u
	wait_for "moves 1"
	expect_board "$(pipe_game 7 left | rows)"
	keys u
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 | rows)"
	keys u
	wait_for "Nothing to undo."
	# the game goes on from the undone position with the same spawns
	keys Left Up
	wait_for "moves 2"
	expect_board "$(pipe_game 7 left up | rows)"
}

@test "q saves the whole game as a board stream; --load and stdin resume it" {
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/game'"
	wait_for "moves 0"
	keys Left Up Right Down
	wait_for "moves 4"
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 0" ]
	want=$(pipe_game 7 left up right down)
	# the last board is the game's, header and all
	[ "$(last_board "$T/game")" = "$want" ]
	# every position, the first being 2048-new's
	[ "$(grep -c '^moves' "$T/game")" -eq 5 ]
	[ "$(awk 'BEGIN { RS = "" } NR == 1' "$T/game")" = "$(2048-new --seed 7)" ]
	# the pipe tools read it, and 2048-review reviews its four moves
	run 2048-move -q left "$T/game"
	[ "$status" -ne 2 ]
	run 2048-review -q --depth 1 "$T/game"
	[ "$status" -eq 0 ]
	[[ "$output" == *"reviewed 4 moves"* ]]
	stop

	start 80x30 "2048-play --no-anim --load '$T/game' --save '$T/game2'"
	wait_for "moves 4"
	expect_board "$(printf '%s\n' "$want" | rows)"
	wait_for "score $(printf '%s\n' "$want" | score_of) "
	# its spawns go on as 2048-spawn's, and undo reaches the saved moves
	keys Left
	wait_for "moves 5"
	expect_board "$(pipe_game 7 left up right down left | rows)"
	keys u u
	wait_for "moves 3"
	expect_board "$(pipe_game 7 left up right | rows)"
	stop

	start 80x30 "2048-play --no-anim --save '$T/game3' <'$T/game'"
	wait_for "moves 4"
	expect_board "$(printf '%s\n' "$want" | rows)"
	keys Left
	wait_for "moves 5"
	expect_board "$(pipe_game 7 left up right down left | rows)"
}

@test "the default save is under XDG_STATE_HOME, -r resumes it, the best score persists" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys Left Up Right Down Left Up
	wait_for "moves 6"
	keys q
	wait_for ENDED
	[ "$(last_board "$XDG_STATE_HOME/2048-tools/saved-game")" = \
	    "$(pipe_game 7 left up right down left up)" ]
	[ "$(cat "$XDG_STATE_HOME/2048-tools/best-score")" = "4x4 0.1 20" ]
	stop

	start 80x30 "2048-play --no-anim -r"
	wait_for "moves 6"
	wait_for "score 20   best 20 "
	stop

	# a new game still shows the best
	start 80x30 "2048-play --no-anim --seed 1"
	wait_for "score 0   best 20   moves 0"
}

@test "a game piped in never replaces the game saved in the default file without a yes" {
	local saved=$XDG_STATE_HOME/2048-tools/saved-game first
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys Left Up
	wait_for "moves 2"
	keys q
	wait_for ENDED
	first=$(cat "$saved")
	[ "$(last_board "$saved")" = "$(pipe_game 7 left up)" ]
	stop
	pipe_game 3 left > "$T/other"

	# q asks, naming the file; any other key plays on; q again quits
	# keeping the saved game, with exit status 1: not saved
	start 200x30 "2048-play --no-anim < '$T/other'"
	wait_for "moves 1"
	keys q
	wait_for "Another game is saved in $saved: y replaces it, q quits keeping it"
	keys x Down
	wait_for "moves 2"
	refute_screen "Another game"
	keys q
	wait_for "Another game is saved in $saved: y replaces it"
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 1" ]
	screen -J | grep -qF "2048-play: the game was not saved: $saved holds another game, kept (--save FILE saves elsewhere)"
	[ "$(cat "$saved")" = "$first" ]
	stop

	# a signal cannot ask: the game goes beside it
	start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec 2048-play --no-anim < \"$T/other\"'"
	wait_for "moves 1"
	kill -TERM "$(cat "$T/pid")"
	wait_for ENDED
	screen -J | grep -qF "2048-play: Terminated: game saved in $saved.1 (beside another game saved)"
	[ "$(cat "$saved")" = "$first" ]
	[ "$(last_board "$saved.1")" = "$(pipe_game 3 left)" ]
	stop

	# y replaces it
	start 80x30 "2048-play --no-anim < '$T/other'"
	wait_for "moves 1"
	keys q
	# in a narrower window, shorter, the file still named
	wait_for "saved-game: y replaces it, q keeps it"
	keys y
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 0" ]
	screen -J | grep -qF "2048-play: game saved in $saved"
	[ "$(last_board "$saved")" = "$(pipe_game 3 left)" ]
	stop

	# the game resumed from it (-r) is its own: q saves with no question
	start 80x30 "2048-play --no-anim -r"
	wait_for "moves 1"
	keys Up
	wait_for "moves 2"
	keys q
	wait_for ENDED
	[ "$(last_board "$saved")" = "$(pipe_game 3 left up)" ]
}

@test "a best score a rule set: a 3x3 best shows on 3x3 alone; an old file's number is 4x4's" {
	local best=$XDG_STATE_HOME/2048-tools/best-score
	mkdir -p "$XDG_STATE_HOME/2048-tools"
	# the one number 2048-play kept before: the classic rules' best
	echo 36 > "$best"
	start 80x30 "2048-play --no-anim --seed 7 --size 3x3 --save '$T/g'"
	wait_for "score 0   best 0   moves 0"
	keys Left Up Right Down Left Up
	wait_for "moves 6"
	wait_for "score 8   best 8 "
	keys q
	wait_for ENDED
	[ "$(cat "$best")" = "$(printf '4x4 0.1 36\n3x3 0.1 8')" ]
	stop
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/g'"
	wait_for "score 0   best 36   moves 0"
	stop
	# the odds too: 3x3 with 20% fours is a rule set of its own
	start 80x30 "2048-play --no-anim --seed 7 --size 3x3 --four 0.2 --save '$T/g'"
	wait_for "score 0   best 0   moves 0"
	stop
	start 80x30 "2048-play --no-anim --seed 7 --size 3x3 --save '$T/g'"
	wait_for "score 0   best 8   moves 0"
}

@test "-r with --save FILE resumes FILE, as 2048-play(1)'s example does" {
	pipe_game 7 left up > "$T/game.txt"
	start 80x30 "2048-play --no-anim -r --save '$T/game.txt'"
	wait_for "moves 2"
	expect_board "$(pipe_game 7 left up | rows)"
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 0" ]
	# saved back to it
	[ "$(last_board "$T/game.txt")" = "$(pipe_game 7 left up)" ]
}

@test "n starts the next seed's game after a yes" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys n
	wait_for "Start a new game?"
	keys x    # no
	wait_for "moves 1"
	refute_screen "Start a new game"
	keys n
	wait_for "Start a new game?"
	keys y
	wait_for "moves 0"
	expect_board "$(2048-new --seed 8 | rows)"
}

@test "? and H show the solver's move, as 2048-solve gives it" {
	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	keys '?'
	wait_for "Hint: $(2048-new --seed 7 | 2048-solve)"
	# the search decided: it says so, how deep, and by how much its move
	# leads the next
	wait_for "Hint: $(2048-new --seed 7 | 2048-solve) (search, depth 3: 0.00% ahead of right)"
	keys Left Up Right Down
	wait_for "moves 4"
	refute_screen "Hint"
	keys H
	want=$(pipe_game 7 left up right down | 2048-solve)
	wait_for "Hint: $want"
	# the hint is only shown: the board stays
	expect_board "$(pipe_game 7 left up right down | rows)"
	wait_for "moves 4"
}

@test "the hint is the heuristic's, as 2048-solve's default, though a net is there" {
	# a net that plays game 2's first move otherwise (right, not left)
	2048-learn --net 0123,4567,0145,1256 --save "$T/n" --games 500 \
	    --seed 1 --threads 1 -q
	[ "$(2048-new --seed 2 | 2048-solve --net "$T/n")" = right ]
	start 80x30 "G2048_NET='$T/n' 2048-play --no-anim --seed 2"
	wait_for "moves 0"
	keys '?'
	wait_for "Hint: $(2048-new --seed 2 | G2048_NET="$T/n" 2048-solve)"
	wait_for "Hint: left"
}

@test "a hint on a crowded board is the solver's too" {
	board "2 4 8 16" "256 128 64 32" "512 1024 4 2" "8 2 . ." >"$T/b"
	start 80x30 "2048-play --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys H
	wait_for "Hint: $(2048-solve "$T/b")"
}

@test "a kind of table added in the player's room alone is named by the hint" {
	fake=$(fake_bin)
	board '2 4 . .' '. . . .' '. . . .' '. . . .' >"$T/b"
	start 80x30 "'$fake/2048-play' --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys H
	# up moves nothing: the first legal move is down
	wait_for "Hint: down (fake table fake.tbl: 75.0%)"
}

@test "a hint on a board an exact table covers is the table's move" {
	mkdir "$T/tables"
	2048-table -q -o "$T/tables/p.tbl" --pattern xxxx/xxxx/xx../.... -t 32
	board '65536 32768 16384 8192' '2048 4096 1024 512' '64 32 . 16' \
	    '. 2 4 .' >"$T/b"
	# the search alone would go down
	[ "$(2048-solve --no-tables "$T/b")" = down ]
	start 80x30 "G2048_TABLES='$T/tables' 2048-play --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys H
	wait_for "Hint: up (pattern table p.tbl: 96.6%)"
}

@test "the hint reads the chain cache and never computes: where it lacks the board, the search answers and says so" {
	board '32768 16384 8192 4' '4096 2048 1024 2' '512 256 128 .' \
	    '. . . 128' >"$T/b"
	mkdir "$T/cache"
	start 100x30 "G2048_CACHE='$T/cache' 2048-play --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys H
	wait_for "; chain tables not computed yet)"
	[ ! -e "$T/cache/chain-six.chain" ]
	stop
	# 2048-solve computes it into the cache; the hint reads it there
	[ "$(G2048_CACHE="$T/cache" 2048-solve "$T/b")" = up ]
	start 100x30 "G2048_CACHE='$T/cache' 2048-play --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys H
	wait_for "Hint: up (chain table of 6: 100.0%)"
}

@test "a nearly full board: one move, then game over" {
	board "8 16 8 16" "16 8 16 8" "8 16 8 16" "32 64 32 ." >"$T/full"
	start 80x30 "2048-play --no-anim --seed 5 --load '$T/full'"
	wait_for "moves 0"
	refute_screen "Game over"
	keys Right
	wait_for "Game over!"
	# the one spawn is 2048-spawn --seed 5's, a 2 or a 4 in the corner
	want=$(2048-move right <"$T/full" | 2048-spawn --seed 5 | rows)
	expect_board "$want"
	[[ "$(screen_board | tail -1)" =~ ^[24]\ 32\ 64\ 32$ ]]
	keys '?'
	wait_for "No move left."
	# no move is left, undo is
	keys Left Up Down u
	wait_for "moves 0"
	expect_board "$(rows <"$T/full")"
	refute_screen "Game over"
}

@test "2048 is a win, and play goes on" {
	board "1024 1024 . ." ". . . ." ". . . ." ". . . 2" >"$T/win"
	start 80x30 "2048-play --no-anim --seed 3 --load '$T/win'"
	wait_for "moves 0"
	keys Left
	wait_for "You win"
	screen_board | grep -q '^2048 '
	keys Down
	wait_for "moves 2"
	refute_screen "You win"
}

@test "a move that would wrap the score or moves is not made, and says so" {
	board "moves 18446744073709551615" "2 2 . ." ". . . ." ". . . ." \
	    ". . . ." >"$T/full"
	start 80x30 "2048-play --no-anim --seed 5 --load '$T/full'"
	wait_for "moves 18446744073709551615"
	keys Left
	wait_for "would wrap: no move made"
	expect_board "$(rows <"$T/full")"
}

@test "a game that cannot be saved: a message, then a second q quits" {
	: >"$T/file"
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/file/game'"
	wait_for "moves 0"
	keys q
	wait_for "Cannot save: Not a directory.  q again quits without saving."
	keys Left
	wait_for "moves 1"
	refute_screen "Cannot save"
	keys q
	wait_for "Cannot save"
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 2" ]
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	screen -J | grep -qF "not saved: $T/file/game: Not a directory"
}

@test "bad games to resume are input errors, before the screen changes" {
	start 80x30 "2048-play --load '$T/none'; 2048-play </dev/null; \
	    echo '2 2 2' | 2048-play; echo 'exits done'"
	wait_for "exits done"
	screen | grep -qF "2048-play: $T/none: No such file or directory"
	screen | grep -qF "2048-play: <stdin>: no board to resume"
	screen | grep -qF "2048-play: <stdin>:1: "
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
}

@test "the terminal is restored after q" {
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/game'"
	wait_for "moves 0"
	# while playing: the alternate screen, no cursor, raw mode
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "1 0" ]
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 0" ]
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "0 1" ]
	[ -s "$T/stty.before" ]
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	wait_for "game saved in $T/game"
}

@test "the terminal is restored and the game saved after SIGTERM and Ctrl-C" {
	start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec 2048-play --no-anim --seed 7 --save \"$T/game\"'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	kill -TERM "$(cat "$T/pid")"
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 143" ]
	# it says so
	screen -J | grep -qF "2048-play: Terminated: game saved in $T/game"
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "0 1" ]
	[ "$(last_board "$T/game")" = "$(pipe_game 7 left)" ]
	stop

	start 80x30 "2048-play --no-anim --load '$T/game' --save '$T/game'"
	wait_for "moves 1"
	keys Up
	wait_for "moves 2"
	keys C-c
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 130" ]
	screen -J | grep -qF "2048-play: Interrupt: game saved in $T/game"
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	[ "$(last_board "$T/game")" = "$(pipe_game 7 left up)" ]
}

@test "^Z restores the terminal while stopped; fg redraws the game" {
	# a shell with job control, as a person has
	start 80x30 "PS1='$ ' ENV= sh -i"
	wait_for '$'
	tty=$(tmux -S "$SOCK" display -p '#{pane_tty}')
	stty -g <"$tty" >"$T/stty.shell"
	keys '2048-play --no-anim --seed 7' Enter
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys C-z
	wait_for "Stopped"
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "0 1" ]
	[ "$(stty -g <"$tty")" = "$(cat "$T/stty.shell")" ]
	keys fg Enter
	wait_for "moves 1"
	expect_board "$(pipe_game 7 left | rows)"
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "1 0" ]
	[ "$(stty -g <"$tty")" != "$(cat "$T/stty.shell")" ]
	keys Up
	wait_for "moves 2"
	expect_board "$(pipe_game 7 left up | rows)"
	keys q
	wait_for "game saved in"
	[ "$(stty -g <"$tty")" = "$(cat "$T/stty.shell")" ]
}

@test "a crash restores the terminal" {
	start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec 2048-play --no-anim --seed 7'"
	wait_for "moves 0"
	kill -SEGV "$(cat "$T/pid")"
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 139" ]
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "0 1" ]
}

@test "a window too small shows a message; resizing brings the board back" {
	start 30x10 "2048-play --no-anim --seed 7"
	wait_for "Window too small"
	wait_for "(30x10)"
	keys Left      # ignored while the board is not shown
	# read before the window grows (both at once: the resize first)
	sleep 0.5
	tmux -S "$SOCK" resize-window -x 80 -y 30
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 | rows)"
	tmux -S "$SOCK" resize-window -x 40 -y 11
	wait_for "(40x11)"
	tmux -S "$SOCK" resize-window -x 33 -y 12
	wait_for "moves 0"
	keys q
	wait_for ENDED
}

@test "with animation the tiles end where the pipe tools put them" {
	start 80x30 "2048-play --seed 7"
	wait_for "moves 0"
	keys Left Up Right Down Left Up
	wait_for "moves 6"
	expect_board "$(pipe_game 7 left up right down left up | rows)"
}

@test "colours: truecolor, 256, 8, and none with NO_COLOR" {
	# the 2 tile of 2048-new --seed 7 (row 2): cream, grey-brown digits
	PLAY_COLORTERM=truecolor start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	screen -e | grep -qF '48;2;238;228;218'
	stop

	start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	screen -e | grep -qF '48;5;230'
	refute_screen -e '48;2;'
	stop

	PLAY_TERM=xterm start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	screen -e | grep -q $'\e\\[1m\e\\[30m\e\\[47m *2 '
	refute_screen -e '48;5;'
	stop

	# tmux writes 39 and 49 (the default colours) after every run
	PLAY_NO_COLOR=1 start 80x30 "2048-play --no-anim --seed 7"
	wait_for "moves 0"
	screen -e | grep -q $'\e\\[1;7m *2 '
	refute_screen -e $'\e\\[([0-9]+;)*([34][0-8]|9[0-7]|10[0-7])[;m]'
	stop

	PLAY_COLORTERM=truecolor start 80x30 \
	    "2048-play --no-anim --seed 7 --colors none"
	wait_for "moves 0"
	screen -e | grep -q $'\e\\[1;7m *2 '
	refute_screen -e $'\e\\[([0-9]+;)*([34][0-8]|9[0-7]|10[0-7])[;m]'
}

@test "a full disk, a failing fsync or close while saving: the old save is kept, and said" {
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/game'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys q
	wait_for ENDED
	stop
	cp "$T/game" "$T/old"
	local fault why
	for fault in "FAULT_WRITE_LIMIT=100 No space left on device" \
	    "FAULT_FSYNC=1 Input/output error" "FAULT_CLOSE=1 No space left on device"; do
		why=${fault#* }
		fault=${fault%% *}
		start 80x30 "env $FAULT_ENV FAULT_PATH=/game $fault 2048-play \
		    --no-anim --load '$T/game' --save '$T/game'"
		wait_for "moves 1"
		keys Up
		wait_for "moves 2"
		keys q
		wait_for "Cannot save: $why."
		keys q
		wait_for ENDED
		[ "$(cat "$T/status")" = "exit 2" ]
		[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
		screen -J | grep -qF "not saved: $T/game: $why (the previous file is kept)"
		cmp "$T/old" "$T/game"
		[ "$(cd "$T" && echo game*)" = game ]
		stop
	done
	# the old save still resumes
	start 80x30 "2048-play --no-anim --load '$T/game' --save '$T/game'"
	wait_for "moves 1"
	expect_board "$(pipe_game 7 left | rows)"
}

@test "a best score that cannot be saved: the old one is kept, and said" {
	mkdir -p "$T/state/2048-tools"
	echo 0 >"$T/state/2048-tools/best-score"
	start 80x30 "env $FAULT_ENV FAULT_PATH=best-score FAULT_WRITE_LIMIT=0 \
	    2048-play --no-anim --seed 7 --save '$T/game'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys Up
	wait_for "score 4"
	keys q
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 2" ]
	screen -J | grep -qF "game saved in $T/game"
	screen -J | grep -qF "best score was not saved: $T/state/2048-tools/best-score: No space left on device (the previous file is kept)"
	[ "$(cat "$T/state/2048-tools/best-score")" = 0 ]
	[ "$(cd "$T/state/2048-tools" && echo *)" = best-score ]
	[ "$(last_board "$T/game")" = "$(pipe_game 7 left up)" ]
}

@test "a save cut short by SIGKILL leaves the old game or the new, never a torn one" {
	# a game of 40 moves, then saves each a move longer, each killed while
	# a slow disk (5 ms a write, a board a write) writes it
	2048-solve --play --algo greedy <<<"$(2048-new --seed 7)" | awk -v RS= \
	    'NR <= 41 { printf "%s%s\n", (NR > 1 ? "\n" : ""), $0 }' >"$T/game"
	local _ pid n k seen_old=0
	for _ in 1 2 3 4; do
		cp "$T/game" "$T/old"
		n=$(grep -c '^score' "$T/old")
		start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec env $FAULT_ENV \
		    FAULT_PATH=/game FAULT_SLOW=5000 2048-play --no-anim \
		    --load \"$T/game\" --save \"$T/game\"'"
		wait_for "moves $((n - 1))"
		pid=$(cat "$T/pid")
		keys Left Up Right Down
		sleep 0.3
		k=$(screen | grep -o 'moves [0-9]*' | head -n 1)
		k=${k#moves }
		[ "$k" -ge "$n" ]
		keys q
		until compgen -G "$T/game.tmp*" >/dev/null; do sleep 0.01; done
		sleep "$(printf '0.%03d' $((RANDOM % 200)))"
		kill -KILL "$pid" 2>/dev/null || true
		wait_for ENDED
		stop
		if cmp -s "$T/game" "$T/old"; then
			seen_old=$((seen_old + 1))
		else
			# the new save is whole: every board, the old ones first
			[ "$(head -c "$(wc -c <"$T/old")" "$T/game")" = "$(cat "$T/old")" ]
			[ "$(grep -c '^score' "$T/game")" -eq $((k + 1)) ]
			last_board "$T/game" | grep -qx "moves $k"
			2048-eval -q "$T/game" || [ $? -eq 1 ]
		fi
		rm -f "$T"/game.tmp*
	done
	echo "old $seen_old of 4"
	[ "$seen_old" -gt 0 ]
}

@test "SIGHUP restores the terminal and saves the game; it resumes whole" {
	start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec 2048-play --no-anim --seed 7 --save \"$T/game\"'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys Up
	wait_for "moves 2"
	kill -HUP "$(cat "$T/pid")"
	wait_for ENDED
	[ "$(cat "$T/status")" = "exit 129" ]
	[ "$(cat "$T/stty.after")" = "$(cat "$T/stty.before")" ]
	[ "$(tmux -S "$SOCK" display -p '#{alternate_on} #{cursor_flag}')" = "0 1" ]
	[ "$(cat "$T/game")" = "$(2048-new --seed 7; echo
	    pipe_game 7 left; echo; pipe_game 7 left up)" ]
	stop
	start 80x30 "2048-play --no-anim --load '$T/game' --save '$T/game'"
	wait_for "moves 2"
	expect_board "$(pipe_game 7 left up | rows)"
	keys u
	wait_for "moves 1"
	expect_board "$(pipe_game 7 left | rows)"
}

@test "a closed terminal window: the game is saved whole" {
	start 80x30 "sh -c 'echo \$\$ >\"$T/pid\"; exec 2048-play --no-anim --seed 7 --save \"$T/game\"'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys Up
	wait_for "moves 2"
	local pid _
	pid=$(cat "$T/pid")
	# the window closes: tmux hangs up the terminal
	tmux -S "$SOCK" kill-server
	for _ in $(seq 200); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$pid" 2>/dev/null; then false; fi
	[ "$(last_board "$T/game")" = "$(pipe_game 7 left up)" ]
	[ "$(grep -c '^score' "$T/game")" -eq 3 ]
}

# in a fresh state an undo must not lower "best" to the score undone to;
# narrow windows must not name q "quit", as it saves
@test "undo keeps the best score reached; every width says q saves" {
	start 80x30 "2048-play --no-anim --seed 7 --save '$T/game'"
	wait_for "moves 0"
	keys Left
	wait_for "moves 1"
	keys Up
	wait_for "score 4   best 4   moves 2"
	keys u
	wait_for "score 0   best 4   moves 1"
	keys q
	wait_for ENDED
	[ "$(cat "$XDG_STATE_HOME/2048-tools/best-score")" = "4x4 0.1 4" ]
	stop
	local cols
	for cols in 40 50 60 70; do
		start "${cols}x30" "2048-play --no-anim --seed 7 --save '$T/game'"
		wait_for "moves 0"
		# the narrowest line is "arrows u ? n q"
		[ "$cols" -eq 40 ] || wait_for "q save+quit"
		refute_screen "q quit"
		stop
	done
}

@test "--size and --four: a 3x3 game and a 5x5 one with 20% fours, as the pipe tools play them" {
	NEW=(--size 3x3)
	start 80x24 "2048-play --no-anim --seed 7 --size 3x3 --save '$T/g3'"
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 --size 3x3 | rows)"
	keys Left Up Right Down
	wait_for "moves 4"
	expect_board "$(pipe_game 7 left up right down | rows)"
	keys u
	wait_for "moves 3"
	expect_board "$(pipe_game 7 left up right | rows)"
	keys Left
	wait_for "moves 4"
	keys q
	wait_for ENDED
	[ "$(last_board "$T/g3")" = "$(pipe_game 7 left up right left)" ]
	stop

	NEW=(--size 5x5 --four 0.2)
	start 80x30 "2048-play --no-anim --seed 5 --size 5x5 --four 0.2 --save '$T/g5'"
	wait_for "moves 0"
	expect_board "$(2048-new --seed 5 --size 5x5 --four 0.2 | rows)"
	keys Left Up Right Down Left Up
	wait_for "moves 6"
	expect_board "$(pipe_game 5 left up right down left up | rows)"
	keys q
	wait_for ENDED
	[ "$(last_board "$T/g5")" = "$(pipe_game 5 left up right down left up)" ]
	# every position carries the odds
	[ "$(grep -c '^four 0.2$' "$T/g5")" -eq 7 ]
}

@test "a resumed game keeps its size and odds; n starts one of the same" {
	NEW=(--size 3x3 --four 0.3)
	pipe_game 7 left up >"$T/g"
	start 80x24 "2048-play --no-anim --seed 20 --size 5x5 --four 0.1 --load '$T/g' --save '$T/g2'"
	wait_for "moves 2"
	expect_board "$(rows <"$T/g")"
	keys n
	wait_for "Start a new game?"
	keys y
	wait_for "moves 0"
	# --seed 20 gave the resumed game its stream; the new game is 21's
	expect_board "$(2048-new --seed 21 --size 3x3 --four 0.3 | rows)"
	keys Left
	wait_for "moves 1"
	keys q
	wait_for ENDED
	[ "$(last_board "$T/g2")" = "$(2048-new --seed 21 --size 3x3 \
	    --four 0.3 | 2048-move left | 2048-spawn)" ]
}

@test "--size, --four: usage errors; --help names them" {
	run 2048-play --size 9x9
	[ "$status" -eq 2 ]
	[[ "$output" == *"--size"* ]]
	run 2048-play --size 3x
	[ "$status" -eq 2 ]
	run 2048-play --four 1.5
	[ "$status" -eq 2 ]
	[[ "$output" == *"--four"* ]]
	run 2048-play --help
	[[ "$output" == *"--size RxC"* ]]
	[[ "$output" == *"-f, --four P"* ]]
}

@test "a board too large for the window: its own least size, then the board" {
	start 60x18 "2048-play --no-anim --seed 7 --size 8x8"
	wait_for "Window too small"
	wait_for "the 8x8 board needs at least"
	wait_for "65x20."
	tmux -S "$SOCK" resize-window -x 65 -y 20
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 --size 8x8 | rows)"
	# 2x4 fits where 4x4 does not: 33 columns, 8 lines
	stop
	start 33x8 "2048-play --no-anim --seed 7 --size 2x4"
	wait_for "moves 0"
	expect_board "$(2048-new --seed 7 --size 2x4 | rows)"
}

@test "the hint with a table whose header changed: the message, no move of it" {
	mkdir "$T/t"
	2048-table -q -o "$T/t/2x3.tbl" --size 2x3
	# byte 45: "target 0" would read "target 8"
	printf '8' | dd of="$T/t/2x3.tbl" bs=1 seek=45 conv=notrunc 2>/dev/null
	start 80x24 "G2048_TABLES='$T/t' 2048-play --no-anim --seed 4 --size 2x3"
	wait_for "moves 0"
	keys H
	wait_for "Hint: right (no tables: 2x3.tbl: corrupt: the header's checksum"
	refute_screen "exact"
}

@test "the hint on a small board: the exact table's move where one covers it, else the search's" {
	mkdir "$T/tables"
	2048-table -q -o "$T/tables/2x3.tbl" --size 2x3
	want=$(2048-new --seed 4 --size 2x3 | 2048-table --table "$T/tables/2x3.tbl")
	start 80x24 "G2048_TABLES='$T/tables' 2048-play --no-anim --seed 4 --size 2x3"
	wait_for "moves 0"
	keys H
	wait_for "Hint: $(sed -n 's/^best //p' <<<"$want") (board table 2x3.tbl: final score $(awk '$1 == "value" { printf "%.0f", $2 }' <<<"$want") expected)"
	stop
	# no table of these odds: the search's move, as 2048-solve's
	start 80x24 "G2048_TABLES='$T/tables' 2048-play --no-anim --seed 4 --size 3x3 --four 0.2"
	wait_for "moves 0"
	keys H
	wait_for "Hint: $(2048-new --seed 4 --size 3x3 --four 0.2 |
	    G2048_TABLES="$T/tables" 2048-solve)"
	refute_screen "exact"
}

@test "a key that moves nothing says so, and the board stays" {
	board '2 . . .' '4 . . .' '. . . .' '. . . .' > "$T/b"
	start 80x30 "2048-play --no-anim --load '$T/b'"
	wait_for "moves 0"
	keys Left
	wait_for "No tile moves left."
	keys Up
	wait_for "No tile moves up."
	expect_board "$(rows < "$T/b")"
	keys Right
	wait_for "moves 1"
	refute_screen "No tile moves"
}

@test "the review's summary fits the window, most important first; the worst move is never lost" {
	local cols line summary acc worst
	board 'seed 3' '512 256 128 64' '4 8 16 32' '2 . . .' '. . . .' > "$T/b"
	for cols in 80 100; do
		# down: the row of large tiles leaves its edge
		start ${cols}x24 "2048-play --no-anim --load '$T/b' -o '$T/game'"
		wait_for "moves 0"
		keys Down
		wait_for "moves 1"
		keys Up
		wait_for "moves 2"
		keys v
		wait_for "worst: move "
		line=$(screen | grep -F 'worst: move ' | sed 's/^ *//; s/ *$//')
		keys q
		wait_for ENDED
		[ "$(cat "$T/status")" = "exit 0" ]
		stop
		# the figures of 2048-review, whose judgement the review is
		summary=$(2048-review -q -J "$T/game" | tail -1)
		acc=$(jq -r '.best * 100 / .moves' <<<"$summary" | awk '{ printf "%.1f", $1 }')
		worst=$(jq -r '.largest[0] | "move \(.move), \(.played) for \(.best)"' <<<"$summary")
		[ "${#line}" -le "$cols" ]
		[[ "$line" == "Accuracy $acc% of 2 moves; worst: $worst; "* ]]
		# the wider window has room for more, the counts of each
		if [ "$cols" -eq 100 ]; then
			[[ "$line" == *"; $(jq -r '"\(.blunders) blunder"' <<<"$summary")"* ]]
			[[ "$line" == *" inaccurac"* ]]
		fi
		rm "$T/game"
	done
	# a narrow window: the worst move all the same
	start 34x24 "2048-play --no-anim --load '$T/b' -o '$T/game'"
	wait_for "moves 0"
	keys Down
	wait_for "moves 1"
	keys v
	wait_for "worst: move 1"
}

@test "the v key is in -h and in every window's key legend" {
	2048-play -h | grep -q ' v reviews'
	start 40x24 "2048-play --no-anim --seed 1"
	wait_for "moves 0"
	screen | grep -q ' v review '
	stop
	start 72x24 "2048-play --no-anim --seed 1"
	wait_for "moves 0"
	screen | grep -q ' v review '
}
