#!/usr/bin/env bats
# 96-completion.bats - bash and zsh completion (completions/): each tool's
# options are exactly those its --help lists, so the two cannot drift;
# a scripted bash asks for completions as readline would (COMP_WORDS,
# COMP_CWORD) and checks COMPREPLY; a zsh on a pseudo-terminal (zpty,
# tests/zsh-complete.zsh) is sent lines and Tab; make install puts them
# where bash-completion and zsh look.
load helper

COMP=$ROOT_DIR/completions

# help_opts TOOL: every option --help lists ("-X" and "--long"), sorted
help_opts() {
	option_map "$1" | awk '$1 != "-" { print "-" $1 } { print "--" $2 }' |
	    LC_ALL=C sort
}

# help_valued TOOL: the options --help shows with a value (an upper-case
# word after the option)
help_valued() {
	"$1" --help | sed -nE \
	    -e 's/^  -([A-Za-z0-9]), --([a-z][a-z-]*) [A-Z].*/-\1\n--\2/p' \
	    -e 's/^      --([a-z][a-z-]*) [A-Z].*/--\1/p' | LC_ALL=C sort
}

# complete_line WORD...: the completions bash offers for the last word
complete_line() {
	bash -c 'source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_2048_complete
		printf "%s\n" "${COMPREPLY[@]}"' sh "$COMP/2048.bash" "$@" |
	    LC_ALL=C sort
}

@test "bash: each tool's options are those of its --help" {
	local t
	for t in $(tools); do
		diff -u <(help_opts "$t") <(bash -c 'source "$1"; _2048_options "$2"' \
		    sh "$COMP/2048.bash" "$t" | tr ' ' '\n' | LC_ALL=C sort) ||
		    { echo "in $t"; return 1; }
		diff -u <(help_valued "$t") <(bash -c 'source "$1"; _2048_valued "$2"' \
		    sh "$COMP/2048.bash" "$t" | tr ' ' '\n' | grep . | LC_ALL=C sort) ||
		    { echo "values in $t"; return 1; }
	done
}

@test "bash: the script registers every tool" {
	local t registered
	registered=$(bash -c 'source "$1"; complete -p' sh "$COMP/2048.bash")
	for t in $(tools); do
		[[ "$registered" == *" $t"* ]] || { echo "$t"; return 1; }
	done
}

@test "zsh: each tool's options are those of its --help" {
	local t
	for t in $(tools); do
		diff -u <(help_opts "$t" | grep -vx -e -h -e --help -e --version) \
		    <(sed -n "/^$t)\$/,/^  ;;\$/p" "$COMP/2048.zsh" |
		    grep -oE -- "(\{|'|,)--?[A-Za-z][a-z-]*" | sed 's/^.//' |
		    LC_ALL=C sort -u) || { echo "in $t"; return 1; }
	done
	grep -q '^#compdef 2048-new 2048-move 2048-spawn 2048-eval 2048-solve 2048-play 2048-learn 2048-table 2048-review$' \
	    "$COMP/2048.zsh"
	if command -v zsh >/dev/null; then zsh -n "$COMP/2048.zsh"; fi
}

@test "bash completes options" {
	[ "$(complete_line 2048-solve --al)" = "--algo" ]
	[ "$(complete_line 2048-learn --res)" = "--restart" ]
	[ "$(complete_line 2048-move -)" = "$(printf '%s\n' --compact --help --quiet --strict --version -c -h -q | LC_ALL=C sort)" ]
}

@test "bash completes the values from fixed sets" {
	[ "$(complete_line 2048-solve --algo '')" = "$(printf '%s\n' exact expectimax greedy minimax random)" ]
	[ "$(complete_line 2048-solve --algo = mi)" = minimax ]
	[ "$(complete_line 2048-solve --algo =)" = "$(printf '%s\n' exact expectimax greedy minimax random)" ]
	[ "$(complete_line 2048-eval -H x)" = xu ]
	[ "$(complete_line 2048-solve --heuristic '')" = "$(printf '%s\n' lines xu)" ]
	[ "$(complete_line 2048-learn --net 8)" = 8x6 ]
	[ "$(complete_line 2048-play --colors t)" = truecolor ]
	[ "$(complete_line 2048-eval --field o)" = over ]
	[ "$(complete_line 2048-move l)" = left ]
	[ "$(complete_line 2048-move '')" = "$(printf '%s\n' down left right up)" ]
	# a number: nothing offered
	[ -z "$(complete_line 2048-solve --depth '')" ]
}

@test "bash completes files for files" {
	mkdir -p "$BATS_TEST_TMPDIR/d"
	touch "$BATS_TEST_TMPDIR/d/boards.txt" "$BATS_TEST_TMPDIR/d/my.net"
	cd "$BATS_TEST_TMPDIR/d"
	[ "$(complete_line 2048-solve --net m)" = my.net ]
	[ "$(complete_line 2048-learn --save m)" = my.net ]
	[ "$(complete_line 2048-eval b)" = boards.txt ]
	# after its direction, 2048-move reads files
	[ "$(complete_line 2048-move up b)" = boards.txt ]
}

@test "bash and zsh complete folders, not files, for --tables, --work and --chain" {
	local t
	mkdir -p "$BATS_TEST_TMPDIR/d/tables" "$BATS_TEST_TMPDIR/d/tmp"
	touch "$BATS_TEST_TMPDIR/d/tables.txt" "$BATS_TEST_TMPDIR/d/tmp.tbl"
	cd "$BATS_TEST_TMPDIR/d"
	for t in 2048-solve 2048-review 2048-table; do
		[ "$(complete_line "$t" --tables ta)" = tables ]
		# --tables=ta, as bash splits it
		[ "$(complete_line "$t" --tables = ta)" = tables ]
	done
	[ "$(complete_line 2048-table --work t)" = "$(printf 'tables\ntmp')" ]
	[ "$(complete_line 2048-table --chain tm)" = tmp ]
	# files still for a file
	[ "$(complete_line 2048-table --check tmp.)" = tmp.tbl ]
	# zsh (its test above needs zsh): every folder option's action is
	# _files -/, folders only
	run grep -E -- "'--(tables|work|chain)=" "$ROOT_DIR/completions/2048.zsh"
	[ "${#lines[@]}" -ge 5 ]
	[[ "$output" != *"file:_files'"* ]]
	[ "$(printf '%s\n' "$output" | grep -cv ':_files -/'"'")" -eq 0 ]
}

@test "make install puts the completions where bash-completion and zsh look" {
	local prefix=$BATS_TEST_TMPDIR/prefix t
	make -s --no-print-directory -C "$ROOT_DIR" install PREFIX="$prefix" INSTALL_NET= \
	    INSTALL_TABLES= > /dev/null
	for t in $(tools); do
		cmp "$COMP/2048.bash" "$prefix/share/bash-completion/completions/$t"
		cmp "$COMP/2048.zsh" "$prefix/share/zsh/vendor-completions/_$t"
	done
	make -s --no-print-directory -C "$ROOT_DIR" uninstall PREFIX="$prefix"
	[ -z "$(find "$prefix/share" -type f)" ]
}

@test "zsh completes options, fixed values and words, on a pseudo-terminal" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	local d=$BATS_TEST_TMPDIR/fpath t out
	mkdir -p "$d"
	for t in $(tools); do
		cp "$COMP/2048.zsh" "$d/_$t"
	done
	out=$(timeout 60 zsh -f "$TESTS_DIR/zsh-complete.zsh" "$d" \
	    '2048-solve --algo ' '2048-move l' '2048-learn --net 8' \
	    '2048-solve --tt-b' '2048-eval -H x')
	echo "$out"
	sed -n '/^== 2048-solve --algo /,/^== /p' <<<"$out" > "$d/algo"
	grep -aq expectimax "$d/algo"
	grep -aq minimax "$d/algo"
	grep -aq greedy "$d/algo"
	grep -aq random "$d/algo"
	grep -aq '2048-move left' <<<"$out"
	grep -aq '2048-learn --net 8x6' <<<"$out"
	grep -aq '2048-solve --tt-bits' <<<"$out"
	grep -aq '2048-eval -H xu' <<<"$out"
}

@test "bash and zsh offer every pattern 2048-table --list names, and no other" {
	local names
	names=$(2048-table --list | awk '{ print $1 }' | LC_ALL=C sort)
	[ "$(printf '%s\n' "$names" | wc -l)" -gt 7 ]
	diff -u <(printf '%s\n' "$names") <(complete_line 2048-table --pattern '')
	diff -u <(printf '%s\n' "$names") \
	    <(sed -nE "s/.*'--pattern=\[[^]]*\]:pattern:\(([^)]*)\)'.*/\1/p" \
	    "$COMP/2048.zsh" | tr ' ' '\n' | LC_ALL=C sort)
}
