#!/usr/bin/env bats
# 95-man.bats - the manual pages exist, are clean mdoc, and agree with the
# tools' --help, so that an option added to a tool without its page fails.
load helper

MAN_DIR=$ROOT_DIR/man

# the long options a tool's --help names, one a line, without the dashes
help_options() {
	"$1" --help | grep -oE -- '--[a-z][a-z-]*' | sed 's/^--//' | sort -u
}

# the long options a page lists as items (.It Fl -NAME or Fl \-NAME), one
# a line
page_items() {
	grep -E '^\.It .*Fl \\?-[a-z]' "$1" |
	    grep -oE 'Fl \\?-[a-z][a-z-]*' | sed 's/^Fl \\\{0,1\}-//' | sort -u
}

# page $1 rendered by $2 (mandoc or groff) as text, overstrikes removed
render_text() {
	case $2 in
	mandoc) mandoc -T utf8 "$1" ;;
	groff) groff -mandoc -T utf8 "$1" 2>/dev/null ;;
	esac | col -bx
}

# markup_faults PAGE RENDERER: the faults of PAGE's markup that its
# rendering by RENDERER shows, one a line:
# - a quote inside a quote ('a, 'b' or ''a', ...): one quote macro
#   swallowed the next;
# - a sentence mark after a closing quote or parenthesis, then a word in
#   lower case, on one line ("(“tile moves left”). and the board"): a
#   word the quote should hold was taken for a macro (No, Ad, ...) and
#   its sentence mark thrown out of the parentheses;
# - in EXAMPLES, a line of text followed at once by an example (a line
#   indented deeper), with no blank line between them.
markup_faults() {
	# the quotes as UTF-8 bytes, read a byte at a time: lsq rsq ldq rdq
	render_text "$1" "$2" | LC_ALL=C awk -v lsq="$(printf '\342\200\230')" \
	    -v rsq="$(printf '\342\200\231')" -v ldq="$(printf '\342\200\234')" \
	    -v rdq="$(printf '\342\200\235')" '
		# nested quotes, over the whole page (a quote may wrap)
		{
			for (i = 1; i <= length($0); i++) {
				c = substr($0, i, 3)
				if (c == lsq) { if (sq) print "nested quotes: " $0; sq = 1 }
				if (c == rsq) sq = 0
				if (c == ldq) { if (dq) print "nested quotes: " $0; dq = 1 }
				if (c == rdq) dq = 0
			}
		}
		# a closing quote or parenthesis, a sentence mark, a word
		(index($0, rsq ".") || index($0, rdq ".") || index($0, ").")) &&
		    /[)\200-\377]\. +[a-z]+[ ,;]/ {
			print "a sentence mark swallowed a word: " $0
		}
		/^[A-Z]/ { ex = $0 == "EXAMPLES"; prev = ""; next }
		ex {
			match($0, /^ */); indent = RLENGTH
			if ($0 != "" && prev != "" && indent > prev_indent &&
			    prev_indent <= 5)
				print "an example with no blank line before it: " $0
			prev = $0; prev_indent = indent
		}'
}

# quote_overruns PAGE: the lines of PAGE's source whose quote runs on past
# where its author closed it: a quote macro (Ql, Sq, Dq, Qq) takes every
# word to the end of its line, so a No, Xr or Pa after it on the line
# ("Ql make tables No builds them") or an Ns 's ("Ql make tables Ns 's")
# lands inside the quotes (a whole phrase quoted); a word after a flag's
# colon, taken for a flag; and a display whose two blank lines man(1)
# shows as one
quote_overruns() {
	grep -nE '(^\.| )(Ql|Sq|Dq|Qq) .* (No|Xr|Pa) |(^\.| )(Ql|Sq|Dq|Qq) .* Ns '"'" \
	    "$1" | sed 's/^/a phrase quoted whole: /'
	# "Fl q : none" renders "-q: -none": a word after a colon is a flag
	grep -nE '(^\.| )Fl [^ ]+ : [a-z]' "$1" |
	    sed 's/^/a word taken for a flag: /'
	awk '/^\.Bd/ { on = 1; blank = 0; next } /^\.Ed/ { on = 0 }
	    on && $0 == "" { if (blank) print "two blank lines at line " NR \
	    " (man(1) shows one)"; blank = 1; next } { blank = 0 }' "$1"
}

@test "every page's quotes, sentences and examples render as written, in mandoc and groff" {
	local page r bad=""
	for page in "$MAN_DIR"/*.[1357]; do
		bad=$bad$(quote_overruns "$page" | sed "s|^|${page##*/}: |")
		for r in mandoc groff; do
			command -v "$r" >/dev/null || skip "$r is not installed"
			bad=$bad$(markup_faults "$page" "$r" |
			    sed "s|^|$r ${page##*/}: |")
		done
	done
	printf '%s\n' "$bad"
	[ -z "$bad" ]
}

@test "the markup checks catch a swallowed word, nested and overlong quotes, an example with no blank line" {
	local page=$BATS_TEST_TMPDIR/2048-bad.1 r
	cat > "$page" <<-'PAGE'
	.Dd November 22, 2026
	.Dt 2048-BAD 1
	.Os
	.Sh NAME
	.Nm 2048-bad
	.Nd a page with faults
	.Sh DESCRIPTION
	A key that moves no tile says so
	.Pq Dq No tile moves left .
	and the board stays; where the tables are
	.Pq Ql make tables No builds them ,
	they are read
	.Pq Ql score , Ql reach 256 ;
	a summary
	.Pq Fl q : none .
	.Sh EXAMPLES
	The best move:
	.Dl $ 2048-new | 2048-solve
	.Bd -literal
	a


	b
	.Ed
	PAGE
	run quote_overruns "$page"
	[[ "$output" == *"quoted whole: "*"make tables No builds"* ]]
	[[ "$output" == *"two blank lines at line 22 "* ]]
	[[ "$output" == *"a word taken for a flag: 15:.Pq Fl q : none ."* ]]
	for r in mandoc groff; do
		command -v "$r" >/dev/null || continue
		run markup_faults "$page" "$r"
		echo "$r: $output"
		[[ "$output" == *"a sentence mark swallowed a word: "*"and the board"* ]]
		[[ "$output" == *"nested quotes: "*"reach 256"* ]]
		[[ "$output" == *"an example with no blank line before it: "*'$ 2048-new | 2048-solve'* ]]
	done
}

@test "every tool has its page in section 1" {
	local t missing=""
	[ -n "$(tools)" ]
	for t in $(tools); do
		[ -f "$MAN_DIR/$t.1" ] || missing="$missing $t.1"
	done
	echo "missing:$missing"
	[ -z "$missing" ]
}

@test "the format and the overview have their pages" {
	[ -f "$MAN_DIR/2048.5" ]
	[ -f "$MAN_DIR/2048.7" ]
}

# mandoc -Tlint's messages about page $1, less two kinds of STYLE message
# that depend on the machine, not the page: "referenced manual not found"
# (our own pages are not installed where mandoc looks, and other
# packages' may not be) and "outdated mandoc.db lacks ... entry" (the
# state of the system's manual database).
mandoc_lint() {
	mandoc -Tlint "$1" 2>&1 |
	    grep -v -e 'STYLE: referenced manual not found' \
	    -e 'outdated mandoc.db lacks .* entry' || true
}

# groff's warnings (all of them, -ww) and errors about page $1, as man(1)
# on Debian renders it
groff_lint() {
	groff -mandoc -ww -z "$1" 2>&1
}

# all_clean LINT: every page of man/ draws no message from LINT
all_clean() {
	local page out bad=""
	for page in "$MAN_DIR"/*.[1357]; do
		out=$("$1" "$page")
		[ -z "$out" ] || bad="$bad$out"$'\n'
	done
	echo "$bad"
	[ -z "$bad" ]
}

@test "every page is clean under mandoc -Tlint, style messages included" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	all_clean mandoc_lint
}

@test "every page renders warning-free under groff" {
	command -v groff >/dev/null || skip "groff is not installed"
	all_clean groff_lint
}

@test "every page names the authors and the licence, as LICENSE does" {
	local page bad=""
	grep -q '^Copyright (c) 2026 the 2048-tools authors$' "$ROOT_DIR/LICENSE"
	grep -q '^ISC License$' "$ROOT_DIR/LICENSE"
	for page in "$MAN_DIR"/*.[1357]; do
		grep -q '^\.An the 2048-tools authors \.$' "$page" &&
		    grep -q '^ISC licence' "$page" || bad="$bad ${page##*/}"
	done
	echo "without AUTHORS:$bad"
	[ -z "$bad" ]
	grep -q 'ISC licence' "$ROOT_DIR/README.md"
}

@test "the page checks catch what groff and mandoc complain of" {
	local page=$BATS_TEST_TMPDIR/2048-bad.1
	# a title starting with a callable mdoc macro name (An) breaks
	# groff's references; a trailing dot in a macro's word is mandoc STYLE
	cat > "$page" <<-'PAGE'
	.Dd November 22, 2026
	.Dt 2048-BAD 1
	.Os
	.Sh NAME
	.Nm 2048-bad
	.Nd a page with faults
	.Sh DESCRIPTION
	.Cm term. Ns Ar cells
	.Sh SEE ALSO
	.Xr 2048 7
	.Rs
	.%A Xu Ziming
	.%T An implementation
	.Re
	PAGE
	if command -v groff >/dev/null; then
		run groff_lint "$page"
		[[ "$output" == *"cannot chop empty macro"* ]]
	fi
	if command -v mandoc >/dev/null; then
		run mandoc_lint "$page"
		[[ "$output" == *"STYLE: no blank before trailing delimiter"* ]]
		[[ "$output" != *"referenced manual not found"* ]]
	fi
}

@test "every tool page has the sections a tool page needs" {
	local t s
	for t in $(tools); do
		[ -f "$MAN_DIR/$t.1" ] || continue
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES \
		    "SEE ALSO"; do
			grep -qx "\.Sh $s" "$MAN_DIR/$t.1" ||
			    { echo "$t.1 lacks $s"; return 1; }
		done
		grep -qx "\.Nm $t" "$MAN_DIR/$t.1" ||
		    { echo "$t.1 does not name $t"; return 1; }
	done
}

# help options of tool $1 that page $2 lacks, and items of $2 that the
# help lacks (as "+NAME"), one a line
drift() {
	local o help
	help=$("$1" --help) || return 2
	for o in $(echo "$help" | grep -oE -- '--[a-z][a-z-]*' | sed 's/^--//' |
	    sort -u); do
		grep -qE -- "Fl \\\\?-$o([^a-z-]|\$)" "$2" || echo "$o"
	done
	for o in $(page_items "$2"); do
		echo "$help" | grep -qE -- "--$o([^a-z-]|\$)" || echo "+$o"
	done
}

@test "every tool's --help and page name the same long options" {
	local t out bad=""
	for t in $(tools); do
		[ -f "$MAN_DIR/$t.1" ] || continue
		run help_options "$t"
		[ "$status" -eq 0 ]
		[ -n "$output" ]
		out=$(drift "$t" "$MAN_DIR/$t.1") || return 1
		[ -z "$out" ] || bad="$bad $t:$(echo "$out" | tr "\n" " ")"
	done
	echo "drift (NAME: not in the page, +NAME: not in --help):$bad"
	[ -z "$bad" ]
}

# page_letters PAGE: "LETTER LONG" for each option item of PAGE that has
# a letter (.It Fl X [Ar arg] , Fl -long)
page_letters() {
	sed -nE 's/^\.It Fl ([A-Za-z0-9])( Ar [^,]*)? , Fl \\?-([a-z][a-z-]*).*/\1 \3/p' \
	    "$1" | sort
}

@test "every tool's page gives each option the letter --help gives it" {
	local t bad=""
	for t in $(tools); do
		[ -f "$MAN_DIR/$t.1" ] || continue
		[ "$(option_map "$t" | awk '$1 != "-" { print $1, $2 }' | sort)" = \
		    "$(page_letters "$MAN_DIR/$t.1")" ] || bad="$bad $t"
	done
	echo "letters differ:$bad"
	[ -z "$bad" ]
}

@test "the drift check finds a missing and an extra option" {
	# a fake tool and page, so that the check is seen to fail when it must
	local tool=$BATS_TEST_TMPDIR/2048-fake page=$BATS_TEST_TMPDIR/2048-fake.1
	printf '#!/bin/sh\necho "  -a, --alpha  x"\necho "      --beta-gamma  y"\n' \
	    > "$tool"
	chmod +x "$tool"
	printf '.It Fl a , Fl -alpha\n.It Fl \\-delta Ar x\n.Op Fl -epsilon\n' \
	    > "$page"
	run help_options "$tool"
	[ "$output" = "$(printf 'alpha\nbeta-gamma')" ]
	run page_items "$page"
	[ "$output" = "$(printf 'alpha\ndelta')" ]
	run drift "$tool" "$page"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'beta-gamma\n+delta')" ]
}

# The literal blocks of page $1, one file each (block.1, block.2 ...) in
# directory $2, with the mdoc escapes \& and \e undone.
literal_blocks() {
	awk -v dir="$2" '
		/^\.Bd -literal/ { n++; inblock = 1; printf "" > (dir "/block." n); next }
		/^\.Ed/ { inblock = 0; next }
		inblock {
			gsub(/\\&/, ""); gsub(/\\e/, "\\")
			print > (dir "/block." n)
		}' "$1"
}

# Turn the "$ command" sessions of page $1 into a script and its expected
# output in directory $2 (script, expected).  A command goes on over the
# next lines while it is not yet a whole shell command; the lines after it
# up to the next "$ " are its output (stdout and stderr).  A command shown
# without output is run but not checked.
example_session() {
	local b i line cmd="" out="" n=0 incmd=0 dir=$2

	literal_blocks "$1" "$dir"
	: > "$dir/script"
	: > "$dir/expected"
	# (a function of its own would not see $2: it uses dir)
	flush() {
		[ -n "$cmd" ] || return 0
		n=$((n + 1))
		if [ -n "$out" ]; then
			# shellcheck disable=SC2016 # $? and $s belong to the script
			printf '{ %s\n} 2>&1; s=$?; echo "@@ %d"; (exit $s)\n' \
			    "$cmd" "$n" >> "$dir/script"
			printf '%s@@ %d\n' "$out" "$n" >> "$dir/expected"
		else
			printf '{ %s\n} > /dev/null 2>&1\n' "$cmd" >> "$dir/script"
		fi
		cmd=""
		out=""
	}
	for ((i = 1; ; i++)); do
		b=$dir/block.$i
		[ -e "$b" ] || break
		head -n 1 "$b" | grep -q '^\$ ' || continue
		while IFS= read -r line; do
			if [ "$incmd" = 1 ] && ! bash -n <<< "$cmd" 2>/dev/null; then
				cmd=$cmd$'\n'$line
				continue
			fi
			incmd=0
			case $line in
			'$ '*)
				flush
				cmd=${line#\$ }
				incmd=1
				;;
			*)
				out=$out$line$'\n'
				;;
			esac
		done < "$b"
		flush
	done
}

@test "the examples of the foundation pages give what the pages show" {
	# Only pages whose examples are deterministic and never interactive.
	local page dir
	for page in 2048-new.1 2048-move.1 2048-spawn.1 2048.5 2048-review.1; do
		dir=$BATS_TEST_TMPDIR/${page%.*}
		mkdir -p "$dir"
		example_session "$MAN_DIR/$page" "$dir"
		[ -s "$dir/expected" ]
		(cd "$dir" && sh ./script > actual)
		diff -u "$dir/expected" "$dir/actual" ||
		    { echo "in $page"; return 1; }
	done
}

# the examples of page $1 as written: each line of its EXAMPLES' .Dl and
# literal blocks, the escapes \e, \& and \- undone, blanks trimmed
example_lines() {
	awk '/^\.Sh / { ex = $2 == "EXAMPLES"; next }
	    !ex { next }
	    /^\.Bd -literal/ { on = 1; next }
	    /^\.Ed/ { on = 0; next }
	    /^\.Dl / { sub(/^\.Dl /, ""); print; next }
	    on' "$1" |
	    sed -e 's/\\e/\x01/g' -e 's/\\&//g' -e 's/\\-/-/g' -e 's/\x01/\\/g' \
	    -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | grep -v '^$'
}

# page $1's EXAMPLES as RENDERER ($2: mandoc or groff) renders it, each
# line's blanks trimmed
rendered_examples() {
	case $2 in
	mandoc) mandoc -T ascii "$1" ;;
	groff) groff -mandoc -T ascii -P -c "$1" 2>/dev/null ;;
	esac | col -bx | awk '/^[A-Z]/ { ex = $0 == "EXAMPLES"; next } ex' |
	    sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}

@test "every page's examples render as written, in mandoc and groff (a copied example runs)" {
	local page r line bad=""
	for r in mandoc groff; do
		command -v "$r" >/dev/null || skip "$r is not installed"
		for page in "$MAN_DIR"/*.[1357]; do
			rendered_examples "$page" "$r" > "$BATS_TEST_TMPDIR/r"
			while IFS= read -r line; do
				grep -qxF -- "$line" "$BATS_TEST_TMPDIR/r" ||
				    bad="$bad$r ${page##*/}: $line"$'\n'
			done < <(example_lines "$page")
		done
	done
	printf '%s' "$bad"
	[ -z "$bad" ]
	# and the one that rendered wrong, copied from the rendered page, runs
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	line=$(rendered_examples "$MAN_DIR/2048-eval.1" mandoc |
	    grep "^printf 'four 0.2")
	run sh -c "$line"
	[ "$status" -eq 0 ]
	[[ "$output" == *"empty 6"* ]]
}

# example_commands PAGE: the command lines of PAGE's EXAMPLES, one a
# line, a command's lines joined: in a block of "$ " sessions the "$ "
# lines and their continuations (a line ending in \ or |), in another
# block or a .Dl every line; the mdoc escapes undone
example_commands() {
	awk '/^\.Sh / { ex = $2 == "EXAMPLES"; next }
	    !ex { next }
	    /^\.Bd -literal/ { on = 1; session = -1; cont = 0; first = 1; next }
	    /^\.Ed/ { on = 0; next }
	    /^\.Dl / { sub(/^\.Dl /, ""); sub(/^\$ /, ""); print; next }
	    !on { next }
	    {
		if (session < 0)
			session = /^\$ /
		# a block of no session that starts with no command shows a
		# file: no command in it
		if (first && !session && !/^(2048-[a-z]+[[:space:]]+[^0-9]|examples\/|printf |for |while |mkdir |make |\{)/)
			on = 0
		first = 0
		if (!on)
			next
		if (session && !cont && !/^\$ /)
			next
		line = $0
		sub(/^\$ /, "", line)
		cont = line ~ /(\\e|\|)[[:space:]]*$/
		printf "%s%s", line, cont ? " " : "\n"
	    }' "$1" |
	    sed -e 's/\\e$//' -e 's/\\e / /g' -e 's/\\e/\\/g' -e 's/\\&//g' \
	    -e 's/\\-/-/g'
}

# unmade_files PAGE CLONE: the files PAGE's examples read, or write
# into a folder, that a fresh clone (the list of its files, CLONE) lacks
# and no earlier example makes: "read FILE" or "folder DIR", one a line.
# A file is made by > or >>, -o, --save, --export, --log, --distill; a
# folder by mkdir; tables/ holds what make tables builds.
unmade_files() {
	example_commands "$1" | awk -v clone="$2" '
	BEGIN {
		while ((getline f < clone) > 0) {
			have[f] = 1
			while (sub(/\/[^\/]*$/, "", f))
				dir[f] = 1
		}
	}
	function isfile(w) {
		return w ~ /^[A-Za-z0-9_.\/-]+\.(txt|net|tbl|tsv|digest|chain|png)$/ ||
		    w ~ /^(game|planted|board|b)$/
	}
	function folder(w, d) {
		d = w
		if (!sub(/\/[^\/]*$/, "", d) || d ~ /^\//)
			return 1
		return d in dir || d in made_dir || d == "tables"
	}
	{
		n = split($0, w, /[[:space:]]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] == "mkdir") {
				for (j = i + 1; j <= n && w[j] ~ /^-/; j++)
					;
				made_dir[w[j]] = 1
			}
			out = w[i] ~ /^(>|>>|-o|--save|--export|--log|--distill)$/
			if (w[i] ~ /^>>?[^>]/) {
				f = w[i]
				sub(/^>>?/, "", f)
				made[f] = 1
				continue
			}
			if (out && i < n) {
				f = w[i + 1]
				if (!folder(f))
					print "folder " f
				made[f] = 1
				i++
				continue
			}
			f = w[i]
			sub(/^(<|>|>>)/, "", f)
			if (!isfile(f) || f in made || f in have)
				continue
			if (f ~ /^tables\// || f ~ /^examples\// || f ~ /\.png$/)
				continue
			print "read " f
		}
	}'
}

@test "every page's examples run from a fresh clone: each file they read or folder they write into is the clone's or made by an earlier example" {
	local page bad=""
	git -C "$ROOT_DIR" rev-parse --git-dir >/dev/null 2>&1 ||
	    skip "not a git checkout: no list of a clone's files"
	git -C "$ROOT_DIR" ls-files > "$BATS_TEST_TMPDIR/clone"
	for page in "$MAN_DIR"/*.[1357]; do
		bad=$bad$(unmade_files "$page" "$BATS_TEST_TMPDIR/clone" |
		    sed "s|^|${page##*/}: |")
	done
	printf '%s\n' "$bad"
	[ -z "$bad" ]
}

@test "the fresh-clone check finds a net saved into a folder no one made, and a file no one wrote" {
	local page=$BATS_TEST_TMPDIR/bad.1
	cat > "$page" <<-'PAGE'
	.Sh EXAMPLES
	.Bd -literal -offset indent
	$ 2048-learn --games 10 \e
	      --save net/train.net
	$ 2048-eval boards.txt
	$ mkdir out
	$ 2048-new > out/b.txt
	$ 2048-eval out/b.txt
	.Ed
	PAGE
	: > "$BATS_TEST_TMPDIR/clone"
	run unmade_files "$page" "$BATS_TEST_TMPDIR/clone"
	[ "$output" = "$(printf 'folder net/train.net\nread boards.txt')" ]
}

@test "lib2048(3) has an entry for every function 2048.h declares, and none for another" {
	local header page
	header=$(grep -o 'g2048_[a-z0-9_]*(' "$ROOT_DIR/lib/include/2048.h" |
	    sed 's/($//' | sort -u)
	page=$(grep -oE '^\.(Fn|Fo) g2048_[a-z0-9_]*' "$ROOT_DIR/man/lib2048.3" |
	    awk '{ print $2 }' | sort -u)
	run comm -3 <(echo "$header") <(echo "$page")
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "the shell loop of 2048(7) ends as the page says" {
	local dir=$BATS_TEST_TMPDIR/overview b i loop=""
	mkdir -p "$dir"
	literal_blocks "$MAN_DIR/2048.7" "$dir"
	for ((i = 1; i <= $(find "$dir" -name 'block.*' | wc -l); i++)); do
		b=$dir/block.$i
		if [ -n "$loop" ]; then
			(cd "$dir" && sh "$loop") > "$dir/actual"
			diff -u "$b" "$dir/actual"
			return
		fi
		grep -q '^while :; do$' "$b" && loop=$b
	done
	echo "no loop found"
	return 1
}
